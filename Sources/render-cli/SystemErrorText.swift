import SnapshotFiles

/// The command's file-system error phrases; see ``FileErrorText``, which the snapshot
/// files share.
enum SystemErrorText {
  static func describe(_ error: any Error) -> String { FileErrorText.describe(error) }

  static func writing(_ path: String, error: any Error, makesFolders: Bool = false) -> String {
    FileErrorText.writing(path, error: error, makesFolders: makesFolders)
  }

  static func reading(_ path: String, error: (any Error)? = nil) -> String {
    FileErrorText.reading(path, error: error)
  }
}
