import Dispatch
import Foundation
import RenderCore
import Synchronization

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
  /// recording per `mode`, one (subject, locale) pair per core at a time. Results come in
  /// subject, locale, format order.
  /// - Parameters:
  ///   - directory: the folder holding one folder per subject.
  ///   - displayDirectory: how messages name `directory` (`snapshots`, `__Snapshots__`).
  package func verify(in directory: URL, displayDirectory: String, mode: SnapshotRecordMode) -> [SnapshotResult] {
    let locales = SnapshotLocales.resolve(self.locales, configuration: configuration)
    let pairs = subjects.flatMap { subject in locales.map { (subject, $0) } }
    let results = Mutex([[SnapshotResult]](repeating: [], count: pairs.count))
    let next = Atomic(0)
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, pairs.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < pairs.count else { return }
        let (subject, locale) = pairs[index]
        let context = RenderContext(configuration: configuration, locale: locale)
        var pair: [SnapshotResult] = []
        for format in formats {
          let name = "\(locale.formattingTag).\(format.fileExtension)"
          let file = SnapshotFile(
            url: directory.appending(path: subject.name).appending(path: name),
            displayPath: "\(displayDirectory)/\(subject.name)/\(name)")
          let rendering = subject.screen.render(format, context: context, width: width)
          pair.append(
            SnapshotResult(
              subject: subject.name, locale: locale, format: format, file: file, rendering: rendering,
              outcome: file.verify(rendering, mode: mode)))
        }
        results.withLock { $0[index] = pair }
      }
    }
    return results.withLock { $0.flatMap { $0 } }
  }
}
