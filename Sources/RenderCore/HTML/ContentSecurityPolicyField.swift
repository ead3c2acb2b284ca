/// The field that carries a Content Security Policy: the servers' response header, and
/// the `http-equiv` of the `<meta>` a page written without a server carries. Its name is
/// written here only.
package enum ContentSecurityPolicyField {
  package static let name = "Content-Security-Policy"
}
