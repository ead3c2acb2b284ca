import Foundation

/// Why a request's framing cannot be trusted, or nil. A body's length must be read one
/// way only (RFC 9112 §6.3): two `Content-Length` fields, `Content-Length` beside
/// `Transfer-Encoding`, two `Transfer-Encoding` fields or a coding other than `chunked`
/// could be read differently by a proxy in front. A field name must be a token
/// (RFC 9110 §5.1): `Content-Length :` is refused (RFC 9112 §5.1), not taken as another field.
/// A request names one host (RFC 9112 §3.2: more than one `Host`, or one that is not a
/// URI host with an optional port, is a `400`): a proxy in front could route by one and
/// this server read the other.
package func framingProblem(_ headers: [(name: String, value: String)]) -> String? {
  if let bad = headers.first(where: { !isToken($0.name) }) {
    return "a header field name that is not a token (\(bad.name.utf8.count) bytes)"
  }
  let hosts = headers.filter { $0.name == "host" }
  if hosts.count > 1 { return "more than one Host" }
  if let host = hosts.first, !isURIHost(host.value) { return "a Host that is not a host and port" }
  let lengths = headers.filter { $0.name == "content-length" }.count
  let codings = headers.filter { $0.name == "transfer-encoding" }
  if lengths > 1 { return "more than one Content-Length" }
  // RFC 9110 §8.6: `1*DIGIT`. A value folded onto a second line, or with a sign, a space
  // or a NUL in it, is read one way by this library and another by a proxy.
  if let length = headers.first(where: { $0.name == "content-length" }),
    length.value.isEmpty || !length.value.utf8.allSatisfy({ (0x30...0x39).contains($0) })
  {
    return "a Content-Length that is not digits"
  }
  if codings.count > 1 { return "more than one Transfer-Encoding" }
  if let coding = codings.first {
    if lengths > 0 { return "both Content-Length and Transfer-Encoding" }
    if coding.value.trimmingCharacters(in: .whitespaces).lowercased() != "chunked" {
      return "a Transfer-Encoding other than chunked"
    }
  }
  return nil
}

/// RFC 3986 §3.2.2–3.2.3, loosely: the bytes a `uri-host [ ":" port ]` can hold (a
/// registered name's unreserved characters, percent escapes and sub-delimiters, an IP
/// literal's brackets and colons). A space, a control byte or one above ASCII is none of them.
private func isURIHost(_ value: String) -> Bool {
  value.utf8.allSatisfy { byte in
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || Array("-._~%!$&'()*+,;=:[]".utf8).contains(byte)
  }
}

/// RFC 9110 §5.6.2: `1*tchar`.
private func isToken(_ text: String) -> Bool {
  !text.isEmpty
    && text.utf8.allSatisfy { byte in
      (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
}
