import RenderCore

/// Replays a session transcript (JSON Lines: an optional configuration line, then one
/// event or call per line, as `render-cli replay` reads it): applies each line with the
/// rules of a real session and renders the customer's screen after every step, in every
/// locale and format asked for.
///
/// Files are named `<locale>/<step>-<call>.<html|txt>` (`en-US/003-updateShoppingCart.html`),
/// steps numbered from 001 in transcript order (the configuration line is not a step),
/// with more digits when the transcript has 1,000 lines or more, so names sort in order.
/// Consecutive cart screens carry the animation hints between the two carts. Each
/// step's files are handed to `write` before the next line is read, so when a line
/// breaks a rule the files of the steps before it are already written.
public enum Replay {
  /// What to render.
  public struct Options: Sendable {
    /// One folder per locale, named by its BCP 47 tag (region filled in).
    package var locales: [LanguageTag?]
    package var formats: [OutputFormat]
    /// Display columns of the text format.
    package var width: Int

    /// Each screen in the contract's default locale (English with the session's region).
    /// - Parameters:
    ///   - formats: any of HTML, text and spoken, in the order given, per step.
    ///   - width: display columns of the text format.
    public init(formats: [OutputFormat] = [.html], width: Int = OutputFormat.defaultTextWidth) {
      self.init(locales: [nil], formats: formats, width: width)
    }

    /// Each screen in each of `localeTags` (BCP 47: `fr-CA`, `ja`; a tag without a region
    /// takes the session's), one folder per locale; nil when a tag is not BCP 47.
    /// - Parameters:
    ///   - localeTags: the locales, in order; an empty list stands for the contract's default.
    ///   - formats: any of HTML, text and spoken, in the order given, per step.
    ///   - width: display columns of the text format.
    public init?(localeTags: [String], formats: [OutputFormat] = [.html], width: Int = OutputFormat.defaultTextWidth) {
      var tags: [LanguageTag?] = []
      for text in localeTags {
        guard let tag = LanguageTag(text) else { return nil }
        tags.append(tag)
      }
      self.init(locales: tags.isEmpty ? [nil] : tags, formats: formats, width: width)
    }

    /// Each screen in each of `locales`; `nil` stands for the contract's default.
    package init(
      locales: [LanguageTag?], formats: [OutputFormat] = [.html], width: Int = OutputFormat.defaultTextWidth
    ) {
      self.locales = locales
      self.formats = formats
      self.width = width
    }
  }

  /// One rendered screen.
  public struct File: Sendable, Equatable {
    /// Relative to the output folder: `en-US/003-updateShoppingCart.html`.
    public package(set) var path: String
    /// The rendered screen's UTF-8 bytes, as the file holds them.
    public package(set) var bytes: [UInt8]

    /// ``bytes`` as text.
    public var contents: String { String(decoding: bytes, as: UTF8.self) }

    package init(path: String, bytes: [UInt8]) {
      self.path = path
      self.bytes = bytes
    }
  }

  /// A line that is not a step, or a step the session refuses. ``lines(file:)`` gives
  /// the error lines, `session.jsonl:7: sessionBusy: a form is already open`.
  public struct Failure: Error, Sendable, Equatable {
    /// 1-based line of the transcript.
    public package(set) var line: Int
    /// `$.path: message` for a data problem, `sessionBusy: …` for a session rule.
    public package(set) var messages: [String]

    /// The error lines, each naming `file` and the line.
    public func lines(file: String) -> [String] { messages.map { "\(file):\(line): \($0)" } }
  }

  /// The steps and files of a whole transcript.
  /// - Parameters:
  ///   - transcript: the transcript's bytes, JSON Lines.
  ///   - configuration: used unless the transcript's first line is a configuration.
  ///   - warn: receives each warning with its 1-based line (an amount rounded to the
  ///     currency: `$.cart.items[0].totalPrice: warning: 3 decimal places, USD has 2;
  ///     shown rounded`), before that step's files.
  ///   - write: receives each file in order; an error it throws stops the replay.
  /// - Returns: the number of steps replayed.
  /// - Throws: ``Failure`` for the first broken line, or what `write` throws.
  @discardableResult
  public static func run(
    _ transcript: [UInt8], configuration: SessionConfiguration, options: Options,
    warn: (_ line: Int, _ warning: DataProblem) -> Void = { _, _ in }, write: (File) throws -> Void
  ) throws -> Int {
    var configuration = configuration
    var session: CustomerSession?
    var contexts: [(folder: String, context: RenderContext)] = []
    var step = 0
    let lines = Transcript.lines(transcript)
    // Every step number has as many digits as the last one, so the files sort in order.
    let digits = max(3, String(lines.count).count)
    for (index, line) in lines.enumerated() {
      let json: JSONValue
      do { json = try JSONParser.parse(Array(line.bytes)) } catch {
        // Within one line, the column is what locates the fault.
        throw Failure(
          line: line.number,
          messages: error.problems.map {
            $0.description.replacingOccurrences(of: "invalid JSON at line 1, column", with: "invalid JSON at column")
          })
      }
      if index == 0 {
        do {
          if let configured = try Transcript.configuration(json) {
            configuration = configured
            continue
          }
        } catch {
          throw Failure(line: line.number, messages: error.problems.map(\.description))
        }
      }
      if contexts.isEmpty { contexts = makeContexts(configuration, options: options) }
      var current = session ?? CustomerSession(region: configuration.region.rawValue)
      let parsed: (name: String, step: SessionStep)
      var warnings: [DataProblem] = []
      do { parsed = try Transcript.step(json, currency: configuration.currency.rawValue, warnings: &warnings) } catch {
        throw Failure(line: line.number, messages: error.problems.map(\.description))
      }
      for warning in warnings { warn(line.number, warning) }
      do { try current.apply(parsed.step) } catch {
        throw Failure(line: line.number, messages: [error.description])
      }
      session = current
      step += 1
      let stem = String(step).leftPadded(to: digits) + "-" + parsed.name
      guard let screen = current.stage.screen(hintsAgainst: current.stage.previousCart) else { continue }
      for (folder, context) in contexts {
        for format in options.formats {
          let bytes = screen.renderUTF8(format, context: context, width: options.width)
          try write(File(path: "\(folder)/\(stem).\(format.fileExtension)", bytes: bytes))
        }
      }
    }
    return step
  }

  private static func makeContexts(
    _ configuration: SessionConfiguration, options: Options
  ) -> [(folder: String, context: RenderContext)] {
    var seen = Set<String>()
    return options.locales.compactMap { tag in
      let context = RenderContext(configuration: configuration, tag: tag, acceptLanguage: nil)
      let folder = context.locale.formattingTag.description
      guard seen.insert(folder).inserted else { return nil }
      return (folder, context)
    }
  }
}
