import RenderCore

/// One rendering of one screen in one locale and format, and how it compared with its
/// golden file.
public struct SnapshotResult: Sendable {
  /// The screen's name: the folder of its golden files.
  public let subject: String
  package let locale: RenderLocale
  /// HTML or text.
  public let format: OutputFormat
  /// The golden file compared with.
  public let file: SnapshotFile
  /// What was rendered (the gallery shows it).
  public let rendering: String
  /// How the rendering and the file compared.
  public let outcome: SnapshotOutcome

  package init(
    subject: String, locale: RenderLocale, format: OutputFormat, file: SnapshotFile, rendering: String,
    outcome: SnapshotOutcome
  ) {
    self.subject = subject
    self.locale = locale
    self.format = format
    self.file = file
    self.rendering = rendering
    self.outcome = outcome
  }

  /// The locale as file names and captions show it: `fr-FR`, `ar-US`.
  public var localeTag: String { locale.formattingTag.description }
}
