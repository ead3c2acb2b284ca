// swift-tools-version: 6.0
import PackageDescription

// A team's package that snapshot-tests the carts it sends, in three locales, with the
// engine as a dependency. Here the engine is two folders up; a team depends on its
// repository instead (.package(url: …, exact: …)). It builds where the engine does:
// Linux (Debian 12) with Debian's ICU and libcmark (the engine's scripts/setup); no
// `platforms:` is declared, as in the engine's own Package.swift: macOS is not built or
// tested.
let package = Package(
  name: "Bakery",
  dependencies: [.package(name: "TapToShareWeb", path: "../..")],
  targets: [
    .target(name: "Bakery", dependencies: [.product(name: "CartRender", package: "TapToShareWeb")]),
    .testTarget(
      name: "BakeryTests",
      dependencies: [
        "Bakery",
        .product(name: "CartSnapshotTesting", package: "TapToShareWeb"),
        .product(name: "RenderCore", package: "TapToShareWeb"),
      ],
      // The golden files sit beside the tests; they are not resources of the bundle.
      exclude: ["__Snapshots__"]
    ),
  ]
)
