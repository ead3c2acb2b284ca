// swift-tools-version: 6.0
import PackageDescription

// Warnings are errors in CI through `swift build -Xswiftc -warnings-as-errors`
// (scripts/test), not here: unsafeFlags would make the package unusable as a dependency.
//
// Supported platform: Linux (Debian 12), with Debian's ICU, libcmark and libmicrohttpd
// (scripts/setup). No `platforms:` is declared: nothing is built or tested for macOS.
let package = Package(
  name: "TapToShareWeb",
  products: [
    .library(name: "RenderCore", targets: ["RenderCore"]),
    .library(name: "CartRender", targets: ["CartRender"]),
    .library(name: "FormRender", targets: ["FormRender"]),
    .library(name: "StatusRender", targets: ["StatusRender"]),
    .library(name: "SessionReplay", targets: ["SessionReplay"]),
    // Snapshot-test carts and screens across locales from Swift Testing or XCTest.
    .library(name: "CartSnapshotTesting", targets: ["CartSnapshotTesting", "SnapshotFiles"]),
    .executable(name: "render-cli", targets: ["render-cli"]),
    // The merchant's side: a Swift client of the relay's HTTP API with the seeds' names.
    .library(name: "TapToShareClient", targets: ["TapToShareClient"]),
  ],
  targets: [
    // C libraries from Debian, each behind one Swift file that imports it.
    .systemLibrary(
      name: "CCmark",
      pkgConfig: "libcmark",
      providers: [.apt(["libcmark-dev"])]
    ),
    // GNU libmicrohttpd (Debian's libmicrohttpd-dev): the HTTP library under `render-cli serve`,
    // opened with dlopen when the server starts, not linked, so no other command loads it
    // and what it needs. Its header gives the types and constants; the module's header
    // calls through pointers resolved once (see Sources/CMicroHTTPD/microhttpd_loader.h).
    .systemLibrary(name: "CMicroHTTPD"),
    // hiredis (Debian's libhiredis-dev): the Redis client under `serve --store redis://…`,
    // opened with dlopen as libmicrohttpd is (Sources/CHiredis/hiredis_loader.h).
    .systemLibrary(name: "CHiredis"),
    // ICU (Debian's libicu-dev) through a small C file: Foundation bundles its own ICU,
    // and Swift cannot see two copies of ICU's headers at once.
    .target(
      name: "CICUShim",
      linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
    ),

    // Writes the Swift files that carry locales/*.xcstrings and data/address-formats.json
    // into the libraries (scripts/embed-data), so no binary reads files beside itself at
    // run time. Tests fail when a generated file and its source differ.
    // String Catalogs (locales/*.xcstrings): reading, checking, the pseudo-locales and the
    // Swift source they compile to, and their XLIFF files for translators, in
    // RenderLocalization's one catalog model (`LocaleCatalog`, `MessageTemplate`). Used at
    // embed time, by the tests and by `render-cli strings`, not when rendering.
    // libxml2's XML reader for `strings import`, opened with dlopen when first used (as
    // CMicroHTTPD is), so no other command loads it.
    .systemLibrary(name: "CLibXML2"),
    .target(name: "StringCatalog", dependencies: ["CLibXML2", "RenderLocalization"]),
    .executableTarget(name: "DataEmbedder", dependencies: ["StringCatalog", "RenderLocalization"]),

    // What every screen shares, one module per concern, each depending only on those
    // above it, so the compiler refuses a cycle (docs/ARCHITECTURE.md).
    // Bytes laid out in place (`ByteSink`, `ByteSet`) and the lock the ThreadSanitizer
    // build uses.
    .target(name: "RenderBase"),
    // Strict JSON with paths, every problem at once, the input limits.
    .target(name: "RenderJSON"),
    // Languages, locale negotiation, plural rules and UI strings; the only module that
    // calls ICU.
    .target(name: "RenderLocalization", dependencies: ["RenderBase", "CICUShim"]),
    // Currencies and amounts, formatted per locale into any byte sink.
    .target(name: "RenderMoney", dependencies: ["RenderBase", "RenderJSON", "RenderLocalization"]),
    // Display width and line wrapping for the text format.
    .target(name: "RenderText", dependencies: ["RenderJSON", "RenderLocalization"]),
    // The HTML writer: the one place every escape is decided.
    .target(name: "RenderHTML", dependencies: ["RenderBase", "RenderLocalization", "RenderMoney"]),
    // The accessibility tree as indented lines (the `spoken` format).
    .target(name: "RenderSpoken", dependencies: ["RenderLocalization"]),
    // On top: session configuration, `RenderContext`, the `Screen` protocol and the page
    // shell. It re-exports the modules below, so the screens and a library user import
    // RenderCore alone.
    .target(
      name: "RenderCore",
      dependencies: [
        "RenderBase", "RenderJSON", "RenderLocalization", "RenderMoney", "RenderText", "RenderHTML", "RenderSpoken",
      ]
    ),
    .target(name: "CartRender", dependencies: ["RenderCore"]),
    .target(name: "FormRender", dependencies: ["RenderCore", "CCmark"]),
    .target(name: "StatusRender", dependencies: ["RenderCore"]),
    .target(name: "SessionReplay", dependencies: ["RenderCore", "CartRender", "FormRender", "StatusRender"]),
    // Golden files: record modes, comparison, diffs naming invisible characters, runs
    // over locales, the gallery. No test framework, so render-cli links it too.
    .target(name: "SnapshotFiles", dependencies: ["RenderCore"]),
    // libpng (Debian's libpng-dev) through its simplified API: PNG files read and written.
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    // Images as RGBA, PNG files, and the perceptual comparison of two images (pixelmatch's method).
    .target(name: "PixelDiff", dependencies: ["CPNG"]),
    // One headless Chromium driven over the DevTools protocol through a pipe: pages
    // loaded and captured whole at a device profile, several tabs in parallel.
    .target(name: "HeadlessBrowser"),
    // Pixel snapshots and layout checks of screens in every locale, in one browser.
    .target(name: "PixelSnapshots", dependencies: ["SnapshotFiles", "HeadlessBrowser", "PixelDiff", "RenderCore"]),
    // The assertion for a user's tests: reports to Swift Testing or XCTest.
    .target(name: "CartSnapshotTesting", dependencies: ["SnapshotFiles", "PixelSnapshots", "RenderCore"]),
    // The HTTP transport under both servers: libmicrohttpd behind one bridge file, a
    // one-method responder, parking of requests that wait, the hostile-client policy
    // (framing, body limit, request timeout, connections per address). The only module
    // that imports CMicroHTTPD.
    .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "RenderBase"]),
    // The Redis client under `serve --store redis://…`: hiredis behind one bridge file,
    // a connection pool, addresses and URLs, Sentinel discovery, scripts run by their
    // hash. The only module that imports CHiredis.
    .target(name: "RedisClient", dependencies: ["CHiredis", "RenderBase"]),
    // What the servers send besides the rendered pages: the live script and the preview's
    // controls script and style (files in Assets/, embedded with their hashes by
    // HashEmbedder), every screen style sheet's hash, the OpenAPI document, and the
    // security headers with the typed Content Security Policy.
    .target(
      name: "ServedAssets", dependencies: ["RenderCore", "CartRender", "FormRender", "StatusRender"],
      exclude: ["Assets"]),
    // `render-cli preview`: a designer's files as served pages on a page of controls, an
    // HTTPServer responder reusing the served pages' headers and live-update framing.
    .target(
      name: "LivePreview",
      dependencies: ["HTTPServer", "ServedAssets", "RenderCore", "CartRender", "FormRender", "StatusRender"]),
    // `render-cli snapshot --review`: the run's differing and new files on a loopback
    // page, each accepted (its golden file written) or rejected by a person.
    .target(
      name: "SnapshotReview", dependencies: ["HTTPServer", "ServedAssets", "SnapshotFiles", "FormRender", "RenderCore"]),
    // The relay's session stores behind one protocol: the served session, the memory store,
    // the `--store` URL and the Redis store. Apart from the routes: they change for other
    // reasons and are tested on their own.
    .target(
      name: "SessionStores",
      dependencies: ["RenderCore", "CartRender", "FormRender", "StatusRender", "SessionReplay", "RedisClient"],
      // The Redis store's Lua, embedded by scripts/embed-data (EmbeddedSessionScripts.swift).
      exclude: ["Redis/Scripts"]),
    // The relay server (`render-cli serve`): routes, middleware, live updates, composed
    // over a session store.
    .target(
      name: "FallbackServer",
      dependencies: [
        "RenderCore", "CartRender", "FormRender", "StatusRender", "SessionReplay", "HTTPServer", "RedisClient",
        "ServedAssets", "SessionStores",
      ]),
    // Embeds Sources/ServedAssets/Assets with their hashes (EmbeddedAssets.swift) and
    // writes the style sheets' CSP hashes (ContentHashes.swift), through `sha256sum`
    // (scripts/embed-data).
    .executableTarget(name: "HashEmbedder", dependencies: ["ServedAssets"]),
    .executableTarget(
      name: "render-cli",
      dependencies: [
        "RenderCore", "CartRender", "FormRender", "StatusRender", "SessionReplay", "FallbackServer", "SnapshotFiles",
        "StringCatalog", "PixelSnapshots", "HeadlessBrowser", "PixelDiff", "LivePreview", "HTTPServer", "ServedAssets",
        "SnapshotReview", "SessionStores",
      ]),
    // The relay's merchant API for a merchant's Swift code, over FoundationNetworking:
    // its own light models, none of the engine (docs/ARCHITECTURE.md).
    .target(name: "TapToShareClient"),
    .executableTarget(name: "render-bench", dependencies: ["RenderCore", "CartRender", "FormRender", "StatusRender"]),

    // Fuzzing (docs/FUZZING.md): one folder per harness under Fuzz/ with its seed corpus
    // and dictionary, and the properties every harness checks. The tests replay each
    // corpus through it; scripts/fuzz builds fuzz-harness with libFuzzer.
    .target(
      name: "FuzzHarnesses",
      dependencies: ["RenderCore", "CartRender", "FormRender", "StatusRender", "SessionReplay", "FallbackServer"],
      path: "Fuzz",
      exclude: FuzzHarnessNames.all.flatMap { ["\($0)/corpus", "\($0)/\($0).dict"] }
    ),
    .executableTarget(name: "fuzz-harness", dependencies: ["FuzzHarnesses"]),

    // Test support: this project's golden-file layout over SnapshotFiles.
    .target(name: "GoldenFiles", dependencies: ["SnapshotFiles"], path: "Tests/GoldenFiles"),
    // Test support: the example carts and temporary folders of the snapshot tests.
    .target(
      name: "SnapshotFixtures", dependencies: ["CartRender", "RenderCore", "GoldenFiles"],
      path: "Tests/SnapshotFixtures"),
    .testTarget(name: "GoldenFilesTests", dependencies: ["GoldenFiles", "SnapshotFiles"]),
    .testTarget(
      name: "CartSnapshotTestingTests",
      dependencies: [
        "CartSnapshotTesting", "SnapshotFiles", "CartRender", "StatusRender", "RenderCore", "GoldenFiles",
        "SnapshotFixtures",
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "SnapshotFilesTests",
      dependencies: ["SnapshotFiles", "CartRender", "StatusRender", "RenderCore", "GoldenFiles", "SnapshotFixtures"]
    ),
    .testTarget(name: "PixelDiffTests", dependencies: ["PixelDiff"]),
    .testTarget(
      name: "SnapshotReviewTests",
      dependencies: ["SnapshotReview", "SnapshotFiles", "HTTPServer", "ServedAssets", "SnapshotFixtures"]),
    .testTarget(
      name: "PixelSnapshotsTests",
      dependencies: [
        "PixelSnapshots", "HeadlessBrowser", "PixelDiff", "SnapshotFiles", "CartRender", "FormRender", "RenderCore",
        "GoldenFiles", "SnapshotFixtures",
      ]),
    .testTarget(name: "StringCatalogTests", dependencies: ["StringCatalog", "RenderLocalization"]),
    // One test target per module of the engine's core, each testing its own module
    // (through RenderCore where a test needs a configuration or a context).
    .testTarget(name: "RenderJSONTests", dependencies: ["RenderJSON", "RenderMoney", "RenderCore"]),
    .testTarget(
      name: "RenderLocalizationTests",
      dependencies: ["RenderLocalization", "RenderCore", "StringCatalog", "GoldenFiles"]),
    .testTarget(
      name: "RenderMoneyTests", dependencies: ["RenderMoney", "RenderBase", "RenderHTML", "RenderCore"]),
    .testTarget(name: "RenderTextTests", dependencies: ["RenderText", "RenderLocalization", "RenderCore"]),
    .testTarget(
      name: "RenderHTMLTests", dependencies: ["RenderHTML", "RenderLocalization", "RenderMoney", "RenderCore"]),
    .testTarget(name: "RenderSpokenTests", dependencies: ["RenderSpoken", "RenderCore"]),
    .testTarget(name: "RenderCoreTests", dependencies: ["RenderCore"]),
    .testTarget(name: "CartRenderTests", dependencies: ["CartRender", "RenderCore", "GoldenFiles"]),
    .testTarget(name: "FormRenderTests", dependencies: ["FormRender", "RenderCore", "GoldenFiles"]),
    .testTarget(
      name: "SessionReplayTests",
      dependencies: ["SessionReplay", "CartRender", "FormRender", "StatusRender", "RenderCore", "GoldenFiles"]),
    .testTarget(name: "FuzzHarnessesTests", dependencies: ["FuzzHarnesses", "RenderCore"]),
    .testTarget(
      name: "FallbackServerTests",
      dependencies: [
        "FallbackServer", "SessionStores", "HTTPServer", "RedisClient", "ServedAssets", "LivePreview", "SessionReplay",
        "CartRender", "FormRender", "RenderCore",
      ]),
    .testTarget(name: "RedisClientTests", dependencies: ["RedisClient"]),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
    .testTarget(name: "StatusRenderTests", dependencies: ["StatusRender", "RenderCore", "GoldenFiles"]),
    // The client against a real `render-cli serve` (the built binary) and a scripted customer.
    .testTarget(name: "TapToShareClientTests", dependencies: ["TapToShareClient"]),
    .testTarget(
      name: "RenderCLITests",
      dependencies: [
        "render-cli", "RenderCore", "FallbackServer", "HTTPServer", "RedisClient", "ServedAssets", "LivePreview",
        "SnapshotFiles", "GoldenFiles", "HeadlessBrowser", "PixelDiff",
      ]
    ),
  ]
)

/// The folders under Fuzz/ that hold a harness, its `corpus/` and `NAME.dict`.
enum FuzzHarnessNames {
  static let all = [
    "cart", "configuration", "form-request", "form-body", "markdown", "locale", "replay", "diff", "http",
  ]
}
