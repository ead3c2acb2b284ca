import Foundation
import RenderBase

/// Why a request's framing cannot be trusted, or nil. A body's length must be read one
/// way only (RFC 9112 §6.3): two `Content-Length` fields, `Content-Length` beside
/// `Transfer-Encoding`, two `Transfer-Encoding` fields or a coding other than `chunked`
/// could be read differently by a proxy in front. A field name must be a token
/// (RFC 9110 §5.1): `Content-Length :` is refused (RFC 9112 §5.1), not taken as another field.
/// A request names one host (RFC 9112 §3.2: an HTTP/1.1 request without `Host`, more
/// than one `Host`, or one that is not a URI host with an optional port, is a `400`): a
/// proxy in front could route by one and this server read the other.
///
/// The values are judged as libmicrohttpd reads them, not as a lenient reader would: it
/// takes a body as chunked only for the exact value `chunked` (any case), so `chunked `
/// or a Unicode look-alike, which another reader takes as chunked, is refused here rather
/// than left to be read to the connection's end.
/// - Parameters:
///   - headers: the request's fields as received (names in any case; values with the
///     leading blanks libmicrohttpd drops, nothing else trimmed), in order.
///   - httpMinorVersion: `x` of `HTTP/1.x`, nil when not known. HTTP/1.1 and later
///     require `Host`; an HTTP/1.0 request with `Transfer-Encoding` has faulty framing
///     (RFC 9112 §6.1).
package func framingProblem(_ headers: [(name: String, value: String)], httpMinorVersion: Int? = nil) -> String? {
  // One pass over the fields (this runs for every request), then the checks in order.
  var hosts = 0
  var lengths = 0
  var codings = 0
  var host: String?
  var length: String?
  var coding: String?
  for header in headers {
    guard isToken(header.name) else {
      return "a header field name that is not a token (\(header.name.utf8.count) bytes)"
    }
    if equalsIgnoringASCIICase(header.name, "host") {
      hosts += 1
      if host == nil { host = header.value }
    } else if equalsIgnoringASCIICase(header.name, "content-length") {
      lengths += 1
      if length == nil { length = header.value }
    } else if equalsIgnoringASCIICase(header.name, "transfer-encoding") {
      codings += 1
      if coding == nil { coding = header.value }
    } else if hasPrefixIgnoringASCIICase(header.name, "content-length")
      || hasPrefixIgnoringASCIICase(header.name, "transfer-encoding")
    {
      // libmicrohttpd 0.9.75 joins a continuation line (obs-fold, RFC 9112 §5.2) to the
      // field's name, not its value: `Content-Length: 5` folded onto ` 0` reaches here as
      // a field `content-length0`, and the request as one without a length, while a proxy
      // that joins the fold reads a length of 50. A folded field with a space in it is
      // refused above, not being a token. A fold that builds a framing field's whole name
      // (`Content-: 2` and ` Length`) cannot be told from that field here.
      return "a Content-Length or Transfer-Encoding continued on a second line"
    }
  }
  if hosts == 0, let minor = httpMinorVersion, minor >= 1 { return "an HTTP/1.1 request without Host" }
  if hosts > 1 { return "more than one Host" }
  if let host, !isURIHost(HTTPRequest.trimmed(host)) { return "a Host that is not a host and port" }
  if lengths > 1 { return "more than one Content-Length" }
  // RFC 9110 §8.6: `1*DIGIT`. A value folded onto a second line, or with a sign, a space
  // or a NUL in it, is read one way by this library and another by a proxy.
  if let length, length.isEmpty || !length.utf8.allSatisfy(digitBytes.contains) {
    return "a Content-Length that is not digits"
  }
  if codings > 1 { return "more than one Transfer-Encoding" }
  if let coding {
    if lengths > 0 { return "both Content-Length and Transfer-Encoding" }
    if httpMinorVersion == 0 { return "a Transfer-Encoding in an HTTP/1.0 request" }
    if !equalsIgnoringASCIICase(coding, "chunked") { return "a Transfer-Encoding other than chunked" }
  }
  return nil
}

/// `x` of `HTTP/1.x`, a request line's version; nil for any other (the library answers
/// those itself).
package func httpMinorVersion(_ version: String) -> Int? {
  let bytes = version.utf8
  guard bytes.count == 8, bytes.starts(with: "HTTP/1.".utf8), let digit = bytes.last, digitBytes.contains(digit)
  else { return nil }
  return Int(digit - 0x30)
}

/// `text` is `lowercase` (ASCII lowercase) in any case of its ASCII letters; a byte
/// above ASCII matches nothing, so no Unicode case mapping (`K` for `k`) applies.
private func equalsIgnoringASCIICase(_ text: String, _ lowercase: String) -> Bool {
  text.utf8.count == lowercase.utf8.count && hasPrefixIgnoringASCIICase(text, lowercase)
}

private func hasPrefixIgnoringASCIICase(_ text: String, _ lowercase: String) -> Bool {
  var expected = lowercase.utf8.makeIterator()
  for byte in text.utf8 {
    guard let wanted = expected.next() else { return true }
    let folded = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    guard folded == wanted else { return false }
  }
  return expected.next() == nil
}

/// RFC 9110 §7.2 and RFC 3986 §3.2.2–3.2.3: `uri-host [ ":" port ]`, where the host is an
/// IP literal in brackets (an IPv6 address, with RFC 6874's zone as `%25…`, or an
/// IPvFuture), or a registered name or IPv4 address (unreserved characters, percent
/// escapes and sub-delimiters; RFC 3986 lets it be empty, and RFC 9112 §3.2 has a client
/// send an empty Host when the target has no authority), and the port is digits. A
/// bracket that is not closed, a bracket or colon inside a name, a second port or a port
/// that is not digits is refused: a proxy in front may take another host from it.
private func isURIHost(_ value: String) -> Bool {
  let bytes = value.utf8
  var rest = bytes[...]
  if rest.first == UInt8(ascii: "[") {
    guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return false }
    let literal = rest[rest.index(after: rest.startIndex)..<close]
    guard !literal.isEmpty, literal.allSatisfy({ isNameByte($0) || $0 == UInt8(ascii: ":") }) else { return false }
    rest = rest[rest.index(after: close)...]
  } else {
    let end = rest.firstIndex(of: UInt8(ascii: ":")) ?? rest.endIndex
    guard rest[..<end].allSatisfy(isNameByte) else { return false }
    rest = rest[end...]
  }
  guard let colon = rest.first else { return true }
  return colon == UInt8(ascii: ":") && rest.dropFirst().allSatisfy(digitBytes.contains)
}

/// ASCII digits: a length, a port, an HTTP minor version.
private let digitBytes = ByteSet(UInt8(ascii: "0")...UInt8(ascii: "9"))

/// ASCII digits and letters, which both classes below hold.
private let alphanumericBytes =
  digitBytes + ByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z")) + ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z"))

/// The bytes of a registered name (RFC 3986 §3.2.2): unreserved, `%` of an escape, or a
/// sub-delimiter.
private let nameBytes = alphanumericBytes + ByteSet("-._~%!$&'()*+,;=".utf8)

/// RFC 9110 §5.6.2: `tchar`.
private let tokenBytes = alphanumericBytes + ByteSet("!#$%&'*+-.^_`|~".utf8)

private func isNameByte(_ byte: UInt8) -> Bool { nameBytes.contains(byte) }

/// RFC 9110 §5.6.2: `1*tchar`.
private func isToken(_ text: String) -> Bool { !text.isEmpty && text.utf8.allSatisfy(tokenBytes.contains) }
