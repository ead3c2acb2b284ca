import RenderCore
import StatusRender

/// What one invocation asks for, as parsed from the arguments (before anything is read).
enum Command: Equatable {
  case help(Subcommand?)
  case version
  case cart(CartOptions)
  case status(StatusOptions)
}

/// The subcommands this build offers.
enum Subcommand: String, CaseIterable, Equatable {
  case cart
  case status
}

enum OutputFormat: String, Equatable {
  case html
  case text
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
}

struct StatusOptions: Equatable {
  var screen: StatusScreen
  var render = RenderOptions()
}
