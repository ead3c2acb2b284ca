import Foundation
import GoldenFiles
import RenderCore

@testable import CartRender

/// The project's `examples/`, read the way `render-cli` reads them.
enum Fixtures {
  static let examples = GoldenFile.packageRoot().appending(path: "examples")

  static func json(_ name: String) throws -> JSONValue {
    try JSONParser.parse(Array(try Data(contentsOf: examples.appending(path: name))))
  }

  static func cart(_ name: String, currency: String = "USD") throws -> ShoppingCart {
    try ShoppingCart(json: try json(name), currency: currency)
  }

  static func session() throws -> SessionConfiguration { try SessionConfiguration(json: try json("session.json")) }

  static func context(_ locale: String, configuration: SessionConfiguration? = nil) throws -> RenderContext {
    RenderContext(configuration: try configuration ?? session(), localeTag: locale)
  }

  /// Decoding problems of a cart given as JSON text, as the contract's lines.
  /// The warning lines a cart gives (it must decode).
  static func warnings(_ text: String, currency: String? = "USD") throws -> [String] {
    var warnings: [DataProblem] = []
    _ = try ShoppingCart(json: try JSONParser.parse(Array(text.utf8)), currency: currency, warnings: &warnings)
    return DataErrors(warnings).lines(file: "cart.json")
  }

  static func problems(_ text: String, currency: String? = "USD") -> [String] {
    do {
      _ = try ShoppingCart(json: try JSONParser.parse(Array(text.utf8)), currency: currency)
      return []
    } catch {
      return error.lines(file: "cart.json")
    }
  }
}
