import Foundation
import RenderCore

/// Screens to check in every locale and format against golden files laid out as
/// `<directory>/<subject>/<locale>.<html|txt|spoken.txt>` (`snapshots/cart-hair-spray/fr-FR.html`).
/// `render-cli snapshot` and `CartSnapshotTesting` both check through it.
package struct SnapshotSet: Sendable {
  package var subjects: [SnapshotSubject]
  /// Tags as given; each renders as ``SnapshotLocales/resolve(_:configuration:)`` says.
  package var locales: [LanguageTag]
  package var formats: [OutputFormat]
  package var configuration: SessionConfiguration
  /// Display columns of the text format.
  package var width: Int

  package init(
    subjects: [SnapshotSubject], locales: [LanguageTag], formats: [OutputFormat] = [.html, .text],
    configuration: SessionConfiguration = .default, width: Int = OutputFormat.defaultTextWidth
  ) {
    self.subjects = subjects
    self.locales = locales
    self.formats = formats
    self.configuration = configuration
    self.width = width
  }

  /// Renders every subject in every locale and format and compares each with its file,
  /// recording per `mode`. Results come in subject, locale, format order.
  /// - Parameters:
  ///   - directory: the folder holding one folder per subject.
  ///   - displayDirectory: how messages name `directory` (`snapshots`, `__Snapshots__`).
  package func verify(in directory: URL, displayDirectory: String, mode: SnapshotRecordMode) -> [SnapshotResult] {
    let locales = SnapshotLocales.resolve(self.locales, configuration: configuration)
    var results: [SnapshotResult] = []
    for subject in subjects {
      for locale in locales {
        let context = RenderContext(configuration: configuration, locale: locale)
        for format in formats {
          let name = "\(locale.formattingTag).\(format.fileExtension)"
          let file = SnapshotFile(
            url: directory.appending(path: subject.name).appending(path: name),
            displayPath: "\(displayDirectory)/\(subject.name)/\(name)")
          let rendering = subject.screen.render(format, context: context, width: width)
          results.append(
            SnapshotResult(
              subject: subject.name, locale: locale, format: format, file: file, rendering: rendering,
              outcome: file.verify(rendering, mode: mode)))
        }
      }
    }
    return results
  }
}
