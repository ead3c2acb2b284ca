import Foundation
import SnapshotFiles

/// One file of a comparing run that differs from its golden file or has none: what the
/// review page shows of it and what accepting it writes. Kept in memory until a person
/// decides; nothing of it is on disk but what the run itself left (a differing capture's
/// `.actual.png` and `.diff.png`, ``leftovers``).
package struct ReviewItem: Sendable {
  /// What the page shows, side by side.
  package enum Content: Sendable {
    /// A text rendering (HTML, text or spoken): the golden file's text (nil when there
    /// is none, or it was not read), the new rendering, and the unified diff of the
    /// two, invisible characters named (``LineDiff``), or why there is none.
    case text(golden: String?, new: String, diff: String)
    /// A capture: the golden PNG (nil when there is none, or it was not read), the new
    /// one, the diff image when both were compared, the comparison's summary, and the
    /// page's width in CSS px (the images are shown at it).
    case pixels(golden: [UInt8]?, new: [UInt8], diff: [UInt8]?, summary: String, width: Int)
  }

  /// The screen's name: the folder of its golden files.
  package var subject: String
  /// The locale as file names show it: `fr-FR`.
  package var localeTag: String
  /// What tells this file from the others of its screen and locale: `html`, `390-light`.
  package var variant: String
  /// The golden file accepting writes.
  package var file: SnapshotFile
  package var content: Content
  /// Files the comparing run left beside the golden file (a differing capture and its
  /// diff image): removed once the file is accepted or rejected.
  package var leftovers: [URL]

  package init(
    subject: String, localeTag: String, variant: String, file: SnapshotFile, content: Content, leftovers: [URL] = []
  ) {
    self.subject = subject
    self.localeTag = localeTag
    self.variant = variant
    self.file = file
    self.content = content
    self.leftovers = leftovers
  }

  /// Whether there is a golden file to compare with (false: the file is new, or was
  /// not read).
  package var hasGolden: Bool {
    switch content {
    case .text(let golden, _, _): golden != nil
    case .pixels(let golden, _, _, _, _): golden != nil
    }
  }

  /// Whether a golden file is there but was not read (a symbolic link, not a regular
  /// file): the diff or summary then says why, and accepting replaces it with a file.
  package var isGoldenRefused: Bool {
    switch content {
    case .text(let golden, _, let diff): golden == nil && !diff.isEmpty
    case .pixels(let golden, _, _, let summary, _): golden == nil && !summary.isEmpty
    }
  }

  /// The bytes accepting writes: the new rendering's UTF-8, or the new capture.
  package var newBytes: Data {
    switch content {
    case .text(_, let new, _): Data(new.utf8)
    case .pixels(_, let new, _, _, _): Data(new)
    }
  }
}

/// What became of a ``ReviewItem``.
package enum ReviewDecision: Sendable, Equatable {
  case pending
  /// The golden file was written with the new rendering.
  case accepted
  /// The golden file was left as it was.
  case rejected
  /// Accepting failed: the reason, the golden file as it was.
  case failed(String)
}
