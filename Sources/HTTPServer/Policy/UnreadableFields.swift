/// Why a request's query arguments or headers, as the library decoded them (read with
/// their lengths), cannot be read as sent; nil when they can. A NUL byte in a name or a
/// value (a decoded `%00`: a C-string reading, or another server, would end the value
/// there, so `?after=1%00` is not `1`), or a CR in a header's value (RFC 9110 §5.5: a
/// field value with CR, LF or NUL is invalid; the library splits lines at LF).
func unreadableField(
  headers: [(name: String, value: String)], query: [(name: String, value: String)]
) -> String? {
  for (name, value) in headers {
    if name.utf8.contains(0) { return "a header name holds a NUL byte" }
    if value.utf8.contains(0) { return "a header value holds a NUL byte" }
    if value.utf8.contains(0x0D) { return "a header value holds a CR" }
  }
  for (name, value) in query {
    if name.utf8.contains(0) { return "a query argument name holds a NUL byte" }
    if value.utf8.contains(0) { return "a query argument value holds a NUL byte" }
  }
  return nil
}
