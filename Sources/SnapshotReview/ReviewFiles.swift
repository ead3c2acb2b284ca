import Foundation
import SnapshotFiles

/// Where accepting may write: only a golden file the run named, inside the run's folder,
/// reached through real folders. A name with `..`, or a folder of a screen that is a
/// symbolic link, would put the file elsewhere; such a file is refused, never written.
package struct ReviewFiles: Sendable {
  /// The run's folder of golden files (`--dir`), as the run named it: its files' paths
  /// start with it.
  package let directory: URL

  package init(directory: URL) { self.directory = directory }

  /// Why `file` may not be written, or nil when it may. The file's path is compared with
  /// the folder's by components, as the system reads a path: several slashes are one, and
  /// a `.` or `..` in the folder's own path (`--dir` as typed) is the system's to resolve.
  /// Below the folder there must be no `.` or `..` (after a linked folder `..` leads
  /// elsewhere), and every folder must be a folder itself, not a link.
  package func refusal(_ file: SnapshotFile) -> String? {
    let parts = file.url.path.split(separator: "/")
    let root = [directory.path, directory.standardizedFileURL.path].map { $0.split(separator: "/") }.first {
      parts.count > $0.count && parts.starts(with: $0)
    }
    guard let root else { return "\(file.displayPath) is not inside \(directory.path): not written" }
    let inside = parts.dropFirst(root.count)
    guard !inside.contains(where: { $0 == "." || $0 == ".." }) else {
      return "\(file.displayPath) is not inside \(directory.path): not written"
    }
    // Every folder between the run's folder and the file must be a folder itself, not a link.
    var current = root.isEmpty ? "" : "/" + root.joined(separator: "/")
    for part in inside.dropLast() {
      current += "/" + part
      var status = stat()
      if lstat(current, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
        return "\(file.displayPath) is not written: '\(current)' is not a folder (a symbolic link?)"
      }
    }
    return nil
  }

  /// Writes the item's new rendering as its golden file, whole (written beside it, then
  /// renamed: a reader finds the old file or the new one; a symbolic link in its place
  /// is replaced, not followed), then removes what the run left beside it.
  /// - Returns: nil, or why nothing was written.
  package func accept(_ item: ReviewItem) -> String? {
    if let refusal = refusal(item.file) { return refusal }
    do {
      try FileReplacement.replace(item.file.url.path, with: [UInt8](item.newBytes))
    } catch {
      return "cannot write \(item.file.displayPath): "
        + FileErrorText.writing(item.file.url.path, error: error, makesFolders: true)
    }
    removeLeftovers(item)
    return nil
  }

  /// Leaves the golden file as it is and removes what the run left beside it, when the
  /// golden file is one accepting could write: nothing is removed through a linked folder.
  package func reject(_ item: ReviewItem) {
    removeLeftovers(item)
  }

  private func removeLeftovers(_ item: ReviewItem) {
    guard refusal(item.file) == nil else { return }
    let folder = item.file.url.deletingLastPathComponent().path
    for url in item.leftovers where url.deletingLastPathComponent().path == folder {
      try? FileManager.default.removeItem(at: url)
    }
  }
}
