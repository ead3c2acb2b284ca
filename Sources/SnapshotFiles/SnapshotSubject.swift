import RenderCore

/// A screen with the name its golden files go under: `<directory>/<name>/<locale>.<ext>`.
package struct SnapshotSubject: Sendable {
  /// One path component: `cart-hair-spray`, `paymentFailed`.
  package let name: String
  package let screen: any Screen

  package init(name: String, screen: any Screen) {
    self.name = name
    self.screen = screen
  }

  /// Why `name` cannot name a folder of golden files, or nil when it can: it must be
  /// one path component, not empty, `.` or `..`, without `/`, `\`, a control character
  /// or a bidi embedding, override or isolate (which would show the name, in the report,
  /// the review page or a JUnit report, as another).
  package static func problem(name: String) -> String? {
    if name.isEmpty || name == "." || name == ".." {
      return "a snapshot name must not be empty, '.' or '..'"
    }
    let unreadable = { (scalar: Unicode.Scalar) in
      scalar.properties.generalCategory == .control || SpokenWriter.isBidiControl(scalar)
    }
    if name.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || unreadable($0) }) {
      // Named without the characters refused, which would act on the terminal showing it.
      let shown = String(String.UnicodeScalarView(name.unicodeScalars.filter { !unreadable($0) }))
      return "the snapshot name '\(shown)' must be one folder name, without '/', '\\', control or bidi characters"
    }
    return nil
  }
}
