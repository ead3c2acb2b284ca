import HeadlessBrowser
import PixelDiff
import RenderCore
import SnapshotFiles

/// One screen in one locale at one ``DeviceProfile``, captured and compared with its
/// golden PNG file `<directory>/<subject>/<locale>.<profile>.png`.
public struct PixelSnapshotResult: Sendable {
  /// The screen's name: the folder of its golden files.
  public let subject: String
  /// The locale as file names show it: `fr-FR`.
  public let localeTag: String
  /// The device the page was captured on; its name is in the file's.
  public let profile: DeviceProfile
  /// The golden file.
  public let file: SnapshotFile
  /// How the capture and the file compared: ``SnapshotOutcome/differs(diff:)`` carries
  /// the comparison's summary (`412 pixels differ, in 120×18 at (10, 340)`) and where
  /// the diff image is.
  public let outcome: SnapshotOutcome
  /// The comparison, when both images were read and compared.
  package let comparison: PixelComparison?
  /// The capture, a PNG file (empty when the browser failed).
  public let png: [UInt8]
  /// What the layout check found, when it ran.
  public let findings: [LayoutFinding]
}
