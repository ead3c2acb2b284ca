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
}

/// Reads input files and standard input, with a size limit.
struct InputFiles: Sendable {
  /// Largest input accepted: far above any real cart, small enough to refuse a runaway.
  static let maximumBytes = 64 << 20

  var readStandardInput: @Sendable () -> Data

  static let live = InputFiles { FileHandle.standardInput.readDataToEndOfFile() }

  /// Reads `path`, or standard input for `-`.
  /// - Throws: ``RunFailure/noInput`` when the file cannot be read (exit 66),
  ///   ``RunFailure/data`` when it is larger than ``maximumBytes`` (exit 65).
  func read(_ path: String) throws(RunFailure) -> Input {
    let label = path == "-" ? "<stdin>" : path
    let data: Data
    if path == "-" {
      data = readStandardInput()
    } else {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw RunFailure.noInput("cannot read '\(path)': no such file")
      }
      guard !isDirectory.boolValue else { throw RunFailure.noInput("cannot read '\(path)': it is a directory") }
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
      } catch {
        throw RunFailure.noInput("cannot read '\(path)': \(error.localizedDescription)")
      }
    }
    guard data.count <= Self.maximumBytes else {
      throw RunFailure.data(["\(label): $: larger than \(Self.maximumBytes >> 20) MiB"])
    }
    return Input(label: label, bytes: Array(data))
  }
}

/// Where a rendered result goes: standard output, or a file replaced whole.
enum OutputTarget {
  static func deliver(_ content: String, to path: String?) throws(RunFailure) -> Outcome {
    guard let path else { return Outcome(status: .success, standardOutput: content) }
    do {
      // Written to a temporary file and renamed, so a reader never sees half a page.
      try Data(content.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw RunFailure.cannotCreate("cannot write '\(path)': \(error.localizedDescription)")
    }
    return Outcome(status: .success)
  }
}
