import Foundation
import HeadlessBrowser
import PixelDiff
import PixelSnapshots
import RenderCore
import SessionReplay
import SnapshotFiles
import StatusRender

/// What one invocation asks for, as parsed from the arguments (before anything is read).
enum Command: Equatable {
  case help(Subcommand?)
  case version
  case cart(CartOptions)
  case status(StatusOptions)
  case diff(DiffOptions)
  case form(FormOptions)
  case parse(ParseOptions)
  case replay(ReplayOptions)
  case serve(ServeOptions)
  case preview(PreviewOptions)
  case snapshot(SnapshotOptions)
  case strings(StringsOptions)
}

/// The subcommands this build offers.
enum Subcommand: String, CaseIterable, Equatable {
  case cart
  case status
  case diff
  case form
  case parse
  case replay
  case serve
  case preview
  case snapshot
  case strings
}

/// Options every rendering command shares.
struct RenderOptions: Equatable {
  var configPath: String?
  var locale: LanguageTag?
  var acceptLanguage: String?
  var format: OutputFormat = .html
  /// Display columns of the text format; nil for the screen's default.
  var width: Int?
  var outputPath: String?
}

struct CartOptions: Equatable {
  /// Nil renders the embedded seed cart; `-` reads standard input.
  var file: String?
  var render = RenderOptions()
  /// The cart shown before (`--previous`): renders with animation hints.
  var previous: String?
}

struct DiffOptions: Equatable {
  /// The cart shown before; `-` reads standard input.
  var old: String
  /// The cart shown now; `-` reads standard input.
  var new: String
  var outputPath: String?
}

struct StatusOptions: Equatable {
  var screen: StatusScreen
  var render = RenderOptions()
}

struct FormOptions: Equatable {
  /// The request JSON; `-` reads standard input.
  var file: String
  var render = RenderOptions()
  /// Opaque value for the hidden `token` field.
  var token: String?
  /// A submitted body (`application/x-www-form-urlencoded`) whose values the form keeps.
  var valuesPath: String?
  /// `parse`'s `{"errors": [...]}` output, shown on the form.
  var errorsPath: String?
}

struct ParseOptions: Equatable {
  /// The request JSON the form was made from; `-` reads standard input.
  var requestFile: String
  /// The submitted body; `-` reads standard input.
  var bodyFile: String
  /// Only `--config`, `--locale` and `--accept-language` apply (the messages' language).
  var render = RenderOptions()
  /// When given, a body whose `token` is missing or different is refused.
  var token: String?
}

struct ReplayOptions: Equatable {
  /// The transcript (JSON Lines); `-` reads standard input.
  var file: String
  /// The folder the files go in (made when missing).
  var outputDirectory: String
  /// `--locales`: nil entries stand for the default locale.
  var locales: [LanguageTag?] = [nil]
  var formats: [OutputFormat] = [.html]
  var configPath: String?
  var width: Int?
}

struct SnapshotOptions: Equatable {
  /// Cart JSON files; each names its folder of golden files after its file name.
  var carts: [String]
  /// `--request`: request JSON files, rendered as fresh forms.
  var requests: [String] = []
  /// `--status`: status screens, each named after itself.
  var statuses: [StatusScreen] = []
  /// `--dir`: the folder of golden files, one folder per cart, request or status.
  var directory = ""
  /// `--locales`: tags as given (`all` is already expanded).
  var locales: [LanguageTag] = []
  var configPath: String?
  var formats: [OutputFormat] = [.html, .text]
  var width: Int?
  /// `--record`; nil leaves it to the environment (`never` when `CI` is set).
  var record: SnapshotRecordMode?
  /// `--gallery`: the page showing every rendering side by side.
  var galleryPath: String?
  /// `--check-speech`: the speech rules to run over every spoken rendering; nil for none.
  var speechRules: [SpeechCheck.Rule]?
  /// `png` among `--formats`: each screen captured in a browser at each of ``profiles``.
  var pixels = false
  /// `--profiles`: the devices of the pixel snapshots.
  var profiles: [DeviceProfile] = [.standard]
  /// `--threshold` and `--allowed-pixels`: what the pixel comparison lets pass.
  var threshold = PixelTolerance.standard.threshold
  var allowedPixels = PixelTolerance.standard.allowedPixels
  /// `--check-layout`: the layout rules each captured page must keep; nil for none.
  var layoutRules: [LayoutRule]?
  /// `--junit`: where the JUnit XML report goes.
  var junitPath: String?
  /// `--review`: compare only, then serve the differing and new files for a person to
  /// accept or reject.
  var review = false
  /// `--port`: the review page's port on 127.0.0.1; 0 takes a free one.
  var port = 0

  /// Each input with the name of its folder: a file's name without `.json`, a status's name.
  var subjectNames: [String] {
    (carts + requests).map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
      + statuses.map(\.rawValue)
  }
}
