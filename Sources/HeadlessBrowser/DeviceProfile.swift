/// The device a page is shown on: its width in CSS px, its device scale factor, its
/// colour scheme and its text size. Named as files name it: `390-light`, `320-dark`,
/// `375-light-2x`, `430-dark-3x-text150` (scale and text size left out at 1× and 100 %).
public struct DeviceProfile: Sendable, Hashable, CustomStringConvertible {
  /// `prefers-color-scheme`.
  public enum ColorScheme: String, Sendable, CaseIterable {
    /// `prefers-color-scheme: light`.
    case light
    /// `prefers-color-scheme: dark`.
    case dark
  }

  /// The widths a profile may have, in CSS px: common phones' layout viewports.
  public static let widths = [320, 375, 390, 430]
  /// The device scale factors a profile may have.
  public static let scales = [1, 2, 3]
  /// Text sizes, in per cent of the browser's default font size (16 px).
  public static let textSizes = 100...200

  /// The layout viewport's width in CSS px: one of ``widths``.
  public let width: Int
  /// Device pixels per CSS px: one of ``scales``.
  public let scale: Int
  /// The scheme the page is asked for, through `prefers-color-scheme`.
  public let colorScheme: ColorScheme
  /// The browser's default font size in per cent of 16 px, as a customer's text-size
  /// setting sets it: in ``textSizes``.
  public let textSize: Int

  /// The default: 390 CSS px, 1×, light, 100 %.
  public static let standard = DeviceProfile(checkedWidth: 390, scale: 1, colorScheme: .light, textSize: 100)

  /// A profile; nil when a value is outside what ``widths``, ``scales`` and ``textSizes`` allow.
  public init?(width: Int, scale: Int = 1, colorScheme: ColorScheme = .light, textSize: Int = 100) {
    guard Self.widths.contains(width), Self.scales.contains(scale), Self.textSizes.contains(textSize) else {
      return nil
    }
    self.init(checkedWidth: width, scale: scale, colorScheme: colorScheme, textSize: textSize)
  }

  private init(checkedWidth width: Int, scale: Int, colorScheme: ColorScheme, textSize: Int) {
    self.width = width
    self.scale = scale
    self.colorScheme = colorScheme
    self.textSize = textSize
  }

  /// A profile from its name (``description``); nil when it is not one.
  public init?(name: String) {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.count <= 4, let width = Int(parts[0]),
      let scheme = ColorScheme(rawValue: String(parts[1]))
    else { return nil }
    var scale = 1
    var textSize = 100
    var rest = parts.dropFirst(2)
    if let part = rest.first, part.hasSuffix("x"), let value = Int(part.dropLast()), value != 1 {
      scale = value
      rest = rest.dropFirst()
    }
    if let part = rest.first, part.hasPrefix("text"), let value = Int(part.dropFirst(4)), value != 100 {
      textSize = value
      rest = rest.dropFirst()
    }
    guard rest.isEmpty else { return nil }
    self.init(width: width, scale: scale, colorScheme: scheme, textSize: textSize)
  }

  /// `390-light`, `320-dark-2x`, `390-light-text150`.
  public var description: String {
    var name = "\(width)-\(colorScheme.rawValue)"
    if scale != 1 { name += "-\(scale)x" }
    if textSize != 100 { name += "-text\(textSize)" }
    return name
  }

  /// How a finding names the profile: `320 px dark`, `390 px light 2× text 150 %`.
  public var caption: String {
    var words = "\(width) px \(colorScheme.rawValue)"
    if scale != 1 { words += " \(scale)×" }
    if textSize != 100 { words += " text \(textSize) %" }
    return words
  }

  /// The layout viewport's height in CSS px: the height of a common phone of this width.
  public var height: Int {
    switch width {
    case 320: 568
    case 375: 667
    case 430: 932
    default: 844
    }
  }
}
