import Foundation
import GoldenFiles
import RenderCore

@testable import FormRender

/// The project's `examples/`, read the way `render-cli` reads them, and small helpers
/// to build requests and submissions in tests.
enum Fixtures {
  static let examples = GoldenFile.packageRoot().appending(path: "examples")

  /// The three seed requests, by their short name.
  static let seedRequests = ["check-in", "shipping-address", "signup"]

  static func json(_ name: String) throws -> JSONValue {
    try JSONParser.parse(Array(try Data(contentsOf: examples.appending(path: name))))
  }

  static func request(_ name: String) throws -> FormRequest {
    try FormRequest(json: try json("request-\(name).json"))
  }

  static func request(text: String) throws -> FormRequest {
    try FormRequest(json: try JSONParser.parse(Array(text.utf8)))
  }

  static func session(region: String = "US") throws -> SessionConfiguration {
    var configuration = try SessionConfiguration(json: try json("session.json"))
    guard let code = RegionCode(region) else { throw CocoaError(.coderInvalidValue) }
    configuration.region = code
    return configuration
  }

  static func context(_ locale: String, region: String = "US") throws -> RenderContext {
    RenderContext(configuration: try session(region: region), localeTag: locale)
  }

  /// Decoding problems of a request given as JSON text, as the contract's lines.
  static func problems(_ text: String) -> [String] {
    do {
      _ = try FormRequest(json: try JSONParser.parse(Array(text.utf8)))
      return []
    } catch {
      return error.lines(file: "request.json")
    }
  }

  /// `parse` of `body` against `request`, in `locale` at a store in `region`.
  static func parse(
    _ body: String, _ request: FormRequest, locale: String = "en-US", region: String = "US", token: String? = nil
  ) throws -> FormResponse {
    try FormSubmission.parse(
      Array(body.utf8), request: request, context: try context(locale, region: region), expectedToken: token)
  }
}
