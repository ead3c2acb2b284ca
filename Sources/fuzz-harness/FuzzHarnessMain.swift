import Foundation
import FuzzHarnesses

// Built two ways. `scripts/fuzz` passes `-D FUZZING` with `-sanitize=fuzzer,address`:
// `main` hands over to libFuzzer's driver (LLVMFuzzerRunDriver, since SwiftPM names the
// executable's entry point itself), which calls fuzzTestOneInput with the harness named
// by FUZZ_HARNESS. A plain build (`swift build`) makes a replayer instead:
// `fuzz-harness NAME FILE...` runs each file through the harness and exits 1 when a
// property fails, which is how a crash file from a fuzz run is read back.

#if FUZZING
  /// The harness FUZZ_HARNESS names, looked up once.
  let selectedHarness: FuzzHarness = {
    let name = ProcessInfo.processInfo.environment["FUZZ_HARNESS"] ?? ""
    guard let harness = FuzzHarness.named(name) else {
      printError("fuzz-harness: FUZZ_HARNESS=\(name) is not a harness: \(FuzzHarness.all.map(\.name))\n")
      exit(2)
    }
    return harness
  }()

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
      try selectedHarness.check(bytes)
    } catch {
      // A broken property is a finding like a crash: libFuzzer saves the input.
      printError("fuzz-harness \(selectedHarness.name): \(error)\n")
      abort()
    }
    return 0
  }

  /// libFuzzer's entry point for programs that have their own `main`.
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  @main
  enum FuzzHarnessMain {
    static func main() {
      _ = selectedHarness
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runFuzzerDriver(&argc, &argv, fuzzTestOneInput))
    }
  }
#else
  @main
  enum FuzzHarnessMain {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, let harness = FuzzHarness.named(name) else {
        printError(
          "usage: fuzz-harness NAME FILE...   (NAME: \(FuzzHarness.all.map(\.name).joined(separator: ", ")))\n")
        exit(64)
      }
      var failed = false
      for path in arguments.dropFirst() {
        guard let bytes = readFile(path) else {
          printError("fuzz-harness: cannot read \(path)\n")
          exit(66)
        }
        do {
          try harness.check(bytes)
          print("\(path): ok")
        } catch {
          print("\(path): \(error)")
          failed = true
        }
      }
      exit(failed ? 1 : 0)
    }

    static func readFile(_ path: String) -> [UInt8]? {
      guard let file = fopen(path, "rb") else { return nil }
      defer { fclose(file) }
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count == 0 { break }
        bytes += buffer[..<count]
      }
      return ferror(file) == 0 ? bytes : nil
    }
  }
#endif

/// Writes one message to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data(message.utf8))
}
