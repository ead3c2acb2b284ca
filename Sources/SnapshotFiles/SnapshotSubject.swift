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
  /// one path component, not empty, `.` or `..`, without `/`, `\` or a control character.
  package static func problem(name: String) -> String? {
    if name.isEmpty || name == "." || name == ".." {
      return "a snapshot name must not be empty, '.' or '..'"
    }
    if name.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control }) {
      return "the snapshot name '\(name)' must be one folder name, without '/', '\\' or control characters"
    }
    return nil
  }
}
