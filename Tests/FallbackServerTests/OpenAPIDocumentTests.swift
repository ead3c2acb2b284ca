import Foundation
import RenderCore
import Testing

@testable import FallbackServer
@testable import ServedAssets

/// `docs/openapi.yaml` and the server agree: every route is documented and nothing is
/// documented that is not a route; the server serves the document as it is in the
/// repository; its currency list is the engine's.
@Suite struct OpenAPIDocumentTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func document() throws -> String {
    try String(contentsOf: root.appending(path: "docs/openapi.yaml"), encoding: .utf8)
  }

  /// `METHOD /path` of each operation under `paths:`: a path is a two-space-indented
  /// key starting with `/`, its operations four-space-indented HTTP method keys.
  static func documentedRoutes(_ yaml: String) -> [String] {
    var routes: [String] = []
    var inPaths = false
    var path: String?
    for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
      if !line.hasPrefix(" ") { inPaths = line == "paths:" }
      guard inPaths else { continue }
      if line.hasPrefix("  /"), line.hasSuffix(":") {
        path = String(line.dropFirst(2).dropLast())
      } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
        let method = line.dropFirst(4).dropLast()
        if ["get", "put", "post", "delete", "patch", "head", "options"].contains(method) {
          routes.append("\(method.uppercased()) \(path)")
        }
      }
    }
    return routes
  }

  @Test func everyRouteIsDocumentedAndNothingElse() throws {
    let documented = Self.documentedRoutes(try Self.document())
    #expect(documented.count == Set(documented).count)
    let undocumented = Set(Endpoint.routes).subtracting(documented)
    let notRoutes = Set(documented).subtracting(Endpoint.routes)
    #expect(undocumented.isEmpty, "routes docs/openapi.yaml does not document: \(undocumented.sorted())")
    #expect(notRoutes.isEmpty, "documented in docs/openapi.yaml but not routes: \(notRoutes.sorted())")
    #expect(Endpoint.routes.count == 11)
  }

  @Test func theServerServesTheDocumentAsItIsInTheRepository() throws {
    let text = try Self.document()
    #expect(EmbeddedOpenAPI.files.first?.text == text, "docs/openapi.yaml changed: run scripts/embed-data")
    let harness = Harness(.memory)
    let served = harness.send("GET", "/v1/openapi.yaml", key: nil)
    #expect(served.status == 200)
    #expect(served.headers.contains { $0.name == "Content-Type" && $0.value == "application/yaml" })
    #expect(served.text == text)
    #expect(text.hasPrefix("openapi: 3.1.0\n"))
  }

  @Test func theDocumentsCurrenciesAreTheEngines() throws {
    let text = try Self.document()
    let marker = "A current ISO 4217 code"
    let after = try #require(text.range(of: marker)).upperBound
    let line = try #require(text[after...].split(separator: "\n").first { $0.contains("enum: [") })
    let codes = line.split(separator: "[").last?.dropLast().split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
    #expect(Set(codes ?? []) == CurrencyCode.current)
  }
}
