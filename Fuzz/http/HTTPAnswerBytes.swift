#if canImport(Glibc)
  import Glibc
#endif

/// Byte scans over what the server answered, for the http harness.
///
/// The harness reads every answer while it arrives (to know when the server is done)
/// and again to check it; pages run to tens of kilobytes. Scanning with `memchr`, which
/// the coverage instrumentation leaves alone, instead of generic slice searches and
/// String copies keeps the harness's own share of an execution small, so the fuzzer's
/// time goes to the server.
enum HTTPAnswerBytes {
  /// The index of the `\r\n\r\n` that ends the headers starting at `slice.startIndex`,
  /// or nil when it has not arrived.
  static func headerEnd(in slice: ArraySlice<UInt8>) -> Int? {
    slice.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset + 4 <= buffer.count {
        guard let found = memchr(base + offset, 13, buffer.count - offset - 3) else { return nil }
        let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        if buffer[at + 1] == 10, buffer[at + 2] == 13, buffer[at + 3] == 10 { return slice.startIndex + at }
        offset = at + 1
      }
      return nil
    }
  }

  /// True when `slice` contains `byte`.
  static func contains(_ byte: UInt8, in slice: [UInt8]) -> Bool {
    slice.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return memchr(base, Int32(byte), buffer.count) != nil
    }
  }

  /// The header fields the harness reads; the others are skipped without a copy.
  static let readFields: [[UInt8]] = [
    "content-length", "transfer-encoding", "content-type", "content-security-policy", "x-content-type-options",
    "referrer-policy", "cache-control",
  ].map { Array($0.utf8) }

  /// The status line's code and the ``readFields`` among the header fields (names
  /// lowercased, values without leading spaces) of a head that ends before `end`; nil
  /// when it does not start with an HTTP/1.x status line.
  static func head(_ slice: ArraySlice<UInt8>, end: Int) -> (status: Int, fields: [(name: String, value: String)])? {
    let start = slice.startIndex
    guard end - start >= 12, slice[start..<start + 7].elementsEqual("HTTP/1.".utf8),
      slice[start + 7] == UInt8(ascii: "0") || slice[start + 7] == UInt8(ascii: "1"), slice[start + 8] == 32
    else { return nil }
    var status = 0
    for digit in slice[start + 9..<start + 12] {
      guard (48...57).contains(digit) else { return nil }
      status = status * 10 + Int(digit - 48)
    }
    var fields: [(name: String, value: String)] = []
    var line = start
    // Each line after the status line: `name: value`, up to its CR LF.
    while let lineFeed = slice[line..<end].firstIndex(of: 10) {
      line = lineFeed + 1
      let lineEnd = slice[line..<end].firstIndex(of: 13) ?? end
      guard let colon = slice[line..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else { continue }
      let name = slice[line..<colon].map { (65...90).contains($0) ? $0 + 32 : $0 }
      guard readFields.contains(name) else { continue }
      let value = slice[(colon + 1)..<lineEnd].drop { $0 == 32 }
      fields.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }
    return (status, fields)
  }

  /// The `Content-Length` among `fields`, nil when there is none or it is no number.
  static func contentLength(_ fields: [(name: String, value: String)]) -> Int? {
    fields.first { $0.name == "content-length" }.flatMap { Int($0.value) }
  }

  /// `bytes` with each occurrence of the `{name}` placeholders replaced by its value,
  /// in one pass.
  static func substituting(_ values: [(placeholder: [UInt8], value: [UInt8])], in bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + 64)
    var index = 0
    scan: while index < bytes.count {
      if bytes[index] == UInt8(ascii: "{") {
        for (placeholder, value) in values where bytes[index...].starts(with: placeholder) {
          result += value
          index += placeholder.count
          continue scan
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return result
  }
}
