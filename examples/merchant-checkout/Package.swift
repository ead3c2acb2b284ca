// swift-tools-version: 6.0
import PackageDescription

// A merchant's program that runs the seeds' checkout on a relay (`render-cli serve`)
// through TapToShareClient. Here the package is two folders up; a merchant depends on its
// repository instead (.package(url: …, exact: …)). Only the client is built: none of the
// engine, ICU, libcmark or libmicrohttpd.
let package = Package(
  name: "MerchantCheckout",
  dependencies: [.package(name: "TapToShareWeb", path: "../..")],
  targets: [
    .executableTarget(
      name: "merchant-checkout",
      dependencies: [.product(name: "TapToShareClient", package: "TapToShareWeb")]
    )
  ]
)
