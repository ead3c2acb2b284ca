// The pixel types a test names (`DeviceProfile`, `PixelTolerance`, `LayoutRule`) come
// with this module, as RenderCore brings the modules it is built from.
@_exported import HeadlessBrowser
@_exported import PixelDiff
@_exported import PixelSnapshots

/// What ``assertSnapshots(of:named:locales:formats:configuration:width:directory:record:pixels:fileID:filePath:line:column:)``
/// captures in headless Chromium besides the text formats: each locale at each profile,
/// compared with `<directory>/<name>/<locale>.<profile>.png`, and the layout rules.
public struct PixelCheck: Sendable {
  /// The devices (width, scale, colour scheme, text size); 390 CSS px light by default.
  public var profiles: [DeviceProfile]
  /// What the comparison lets pass; threshold 0.1 and no differing pixel by default.
  public var tolerance: PixelTolerance
  /// Rules each captured page must keep; none by default.
  public var layoutRules: [LayoutRule]

  /// A check at `profiles` (each captured once per locale), under `tolerance`, keeping
  /// `layoutRules`.
  public init(
    profiles: [DeviceProfile] = [.standard], tolerance: PixelTolerance = .standard, layoutRules: [LayoutRule] = []
  ) {
    self.profiles = profiles
    self.tolerance = tolerance
    self.layoutRules = layoutRules
  }
}

/// The browser every pixel assertion of a test process shares, started by the first one.
enum SharedBrowser {
  static let session: Result<BrowserSession, BrowserError> = Result { () throws(BrowserError) in
    try BrowserSession()
  }
}
