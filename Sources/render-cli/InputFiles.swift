import CartRender
import Foundation
import RenderCore

/// An input's bytes and the name its error lines use.
struct Input {
  /// The path as given, or `<stdin>`.
  var label: String
  var bytes: [UInt8]

  /// Parses the bytes as JSON and decodes them, turning problems into error lines
  /// that name this input.
  func decode<T>(_ decoder: (JSONValue) throws(DataErrors) -> T) throws(RunFailure) -> T {
    do {
      return try decoder(try JSONParser.parse(bytes))
    } catch {
      throw RunFailure.data(error.lines(file: label))
    }
  }

  /// The bytes as a cart in `currency`, its warnings added to `warnings` as lines
  /// naming this input (`cart.json: $.items[1].totalPrice: warning: …`).
  func decodeCart(currency: String?, warnings: inout [String]) throws(RunFailure) -> ShoppingCart {
    var problems: [DataProblem] = []
    defer { warnings += problems.map { "\(label): \($0)" } }
    return try decode { json throws(DataErrors) in
      try ShoppingCart(json: json, currency: currency, warnings: &problems)
    }
  }
}

/// Reads input files, pipes and standard input, never more than ``maximumBytes`` + 1.
struct InputFiles: Sendable {
  /// Largest input accepted: far above any real cart, small enough to refuse a runaway.
  static let maximumBytes = InputLimits.inputBytes

  /// Opens standard input (a handle the reader does not close).
  var standardInput: @Sendable () -> FileHandle

  static let live = InputFiles { FileHandle.standardInput }

  /// Reads `path` (a file, a named pipe, `/dev/stdin`…), or standard input for `-`.
  /// - Throws: ``RunFailure/noInput`` when it cannot be read (exit 66),
  ///   ``RunFailure/data`` when it holds more than ``maximumBytes`` (exit 65).
  func read(_ path: String) throws(RunFailure) -> Input {
    let label = path == "-" ? "<stdin>" : path
    let handle: FileHandle
    if path == "-" {
      handle = standardInput()
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw RunFailure.noInput("cannot read '\(path)': no such file")
      }
      guard !isDirectory.boolValue, let opened = FileHandle(forReadingAtPath: path) else {
        throw RunFailure.noInput("cannot read '\(path)': \(SystemErrorText.reading(path))")
      }
      handle = opened
    }
    defer { if path != "-" { try? handle.close() } }
    var bytes: [UInt8] = []
    do {
      // Chunks until the end, or until one byte past the limit proves it too large.
      while bytes.count <= Self.maximumBytes {
        guard let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty else { break }
        bytes.append(contentsOf: chunk)
      }
    } catch {
      let reason = path == "-" ? SystemErrorText.describe(error) : SystemErrorText.reading(path, error: error)
      throw RunFailure.noInput("cannot read '\(label)': \(reason)")
    }
    guard bytes.count <= Self.maximumBytes else {
      throw RunFailure.data(["\(label): $: larger than \(Self.maximumBytes >> 20) MiB, the largest input accepted"])
    }
    return Input(label: label, bytes: bytes)
  }
}
