// swift-tools-version: 6.0
import PackageDescription

// Warnings are errors in CI through `swift build -Xswiftc -warnings-as-errors`
// (scripts/test), not here: unsafeFlags would make the package unusable as a dependency.
let package = Package(
  name: "TapToShareWeb",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "CartRender", targets: ["CartRender"]),
    .library(name: "FormRender", targets: ["FormRender"]),
    .executable(name: "render-cli", targets: ["render-cli"]),
  ],
  targets: [
    // C libraries from Debian, each behind one Swift file that imports it.
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"])]
    ),
    // ICU (Debian's libicu-dev) through a small C file: Foundation bundles its own ICU,
    // and Swift cannot see two copies of ICU's headers at once.
    .target(
      name: "CICUShim",
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
    ),

    // Build-time tool: embeds data files (locales/*.strings into RenderCore,
    // data/address-formats.json into FormRender), so no binary reads files beside
    // itself at run time.
    .executableTarget(name: "FileEmbedder"),
    .plugin(
      name: "EmbedLocales",
      capability: .buildTool(),
      dependencies: ["FileEmbedder"]
    ),
    .plugin(
      name: "EmbedAddressFormats",
      capability: .buildTool(),
      dependencies: ["FileEmbedder"]
    ),

    // Shared by every screen: JSON with paths, session configuration, locale, UI
    // strings, HTML writer, page shell, text layout.
    .target(
      name: "RenderCore",
      dependencies: ["CICUShim"],
      plugins: ["EmbedLocales"]
    ),
    .target(name: "CartRender", dependencies: ["RenderCore"]),
    .target(name: "FormRender", dependencies: ["RenderCore", "CCmark"], plugins: ["EmbedAddressFormats"]),
    .executableTarget(name: "render-cli", dependencies: ["RenderCore", "CartRender", "FormRender"]),
    .executableTarget(name: "render-bench", dependencies: ["RenderCore", "CartRender"]),

    // Test support: golden-file assertions.
    .target(name: "GoldenFiles", path: "Tests/GoldenFiles"),
    .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore"]),
    .testTarget(name: "CartRenderTests", dependencies: ["CartRender", "RenderCore", "GoldenFiles"]),
    .testTarget(name: "FormRenderTests", dependencies: ["FormRender", "RenderCore", "GoldenFiles"]),
    .testTarget(
      name: "RenderCLITests",
      dependencies: ["render-cli", "RenderCore", "GoldenFiles"]
    ),
  ]
)
