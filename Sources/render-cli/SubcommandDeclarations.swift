import FormRender
import Foundation
import HeadlessBrowser
import PixelDiff
import PixelSnapshots
import RenderCore
import SessionReplay
import SnapshotFiles
import StatusRender

/// Every render-cli subcommand and option, declared once. Parsing, the options each
/// subcommand knows and the help text all come from here (see ``CommandLineSyntax``).
///
/// A new subcommand is a ``Subcommand`` case, a ``Command`` case with its options
/// struct, a ``SubcommandDeclaration`` here listing its options (shared ones such as
/// ``renderOptions`` lifted into its struct), its place in
/// ``CommandLineSyntax/standard``, and the ``Runner`` case that runs it.
enum SubcommandDeclarations {
  // MARK: Options more than one subcommand takes, each storing its own value; a
  // subcommand lifts them into its options (`config.lifted(\.render.configPath)`).

  static let config = OptionDeclaration<String?>(
    "--config", value: "file",
    help: """
      Session configuration JSON (currency, region,
      privacyPolicyURL, websiteURL, storeName, deviceName).
      Default: USD, US, https://example.com/privacy.
      """)

  static let locale = OptionDeclaration<LanguageTag?>(
    "--locale", value: "tag",
    help: """
      BCP 47 locale, e.g. fr-CA, ar-EG, zh-Hant-TW. Wins over
      --accept-language. Without a region the session's
      region is used (es at a US store formats as es-US).
      """
  ) { locale, value throws(UsageError) in locale = try OptionValues.languageTag(value) }

  static let acceptLanguage = OptionDeclaration<String?>(
    "--accept-language", value: "value",
    help: """
      An HTTP Accept-Language value, e.g. "fr-CA,fr;q=0.8";
      the most preferred language with UI strings is used.
      """)

  static let format = OptionDeclaration<OutputFormat>(
    "--format", value: "format", choices: OutputFormat.allCases.map(\.rawValue),
    help: "Output format. Default: html."
  ) { format, value throws(UsageError) in format = OutputFormat(rawValue: value) ?? .html }

  /// `--format` of the commands that write files (`replay`, `snapshot`): one format, or
  /// both the page and its text (`both`, not the spoken tree: a team asks for that one).
  static let formats = OptionDeclaration<[OutputFormat]>(
    "--format", value: "format", choices: OutputFormat.allCases.map(\.rawValue) + ["both"],
    help: "html, text, spoken or both (html and text)."
  ) { formats, value throws(UsageError) in
    formats = OutputFormat(rawValue: value).map { [$0] } ?? [.html, .text]
  }

  /// `--formats` of the commands that write files: several formats, comma-separated
  /// (`html,text,spoken`), each written once in the order given.
  static let formatList = OptionDeclaration<[OutputFormat]>(
    "--formats", value: "list",
    help: """
      Comma-separated formats (html,text,spoken);
      replaces --format.
      """
  ) { formats, list throws(UsageError) in
    var chosen: [OutputFormat] = []
    for name in list.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      guard let format = OutputFormat(rawValue: trimmed) else {
        throw UsageError("'\(trimmed)' is not a format; use html, text or spoken.")
      }
      if !chosen.contains(format) { chosen.append(format) }
    }
    formats = chosen
  }

  static let width = OptionDeclaration<Int?>(
    "--width", value: "n",
    help:
      "Text format: display columns (\(CommandLineSyntax.widthRange.lowerBound) to \(CommandLineSyntax.widthRange.upperBound)). Default: \(OutputFormat.defaultTextWidth)."
  ) { width, value throws(UsageError) in width = try OptionValues.width(value) }

  /// `-` is standard output, as `-` for an input file is standard input.
  static let output = OptionDeclaration<String?>(
    "--output", value: "file",
    help: """
      Write to FILE (replaced whole, or not at all) instead of
      standard output; - is standard output.
      """
  ) { path, value throws(UsageError) in path = value == "-" ? nil : value }

  static let token = OptionDeclaration<String?>(
    "--token", value: "value",
    help: """
      Opaque request token put in a hidden "token" field
      (printable ASCII, no spaces, at most \(RequestToken.maximumLength) characters).
      """
  ) { token, value throws(UsageError) in token = try OptionValues.token(value) }

  /// The options of every rendering subcommand, in help's order, after its own.
  static let renderOptions: [OptionDeclaration<RenderOptions>] = [
    config.lifted(\.configPath), locale.lifted(\.locale), acceptLanguage.lifted(\.acceptLanguage),
    format.lifted(\.format), width.lifted(\.width), output.lifted(\.outputPath),
  ]

  // MARK: Subcommands

  static let cart = SubcommandDeclaration<CartOptions>(
    .cart, abstract: "Render a cart (the seed cart when no FILE is given).",
    overview: "Render a cart screen (ShoppingCart) for the customer.", usage: "[FILE] [options]",
    arguments: [
      ArgumentDeclaration(
        name: "FILE",
        help: """
          Cart JSON; - reads standard input. Default: the embedded
          seed cart (Hair Spray, from Moov's Tap to Share guide).
          """)
    ],
    options: [
      OptionDeclaration(
        "--previous", value: "file",
        help: """
          The cart shown before this one; - reads standard input.
          Adds animation hints: data-change on every item,
          removed items kept once (aria-hidden) for their exit,
          a live region for a changed total; in text, a gutter
          marking lines (+ inserted, - removed, ~ changed,
          ↕ moved).
          """, into: \.previous)
    ] + renderOptions.map { $0.lifted(\.render) },
    sections: "",
    exitStatuses: [.success, .usage, .dataError, .noInput, .internalError, .cannotCreate, .outputError],
    make: { positionals throws(UsageError) in
      guard positionals.count <= 1 else {
        throw UsageError("Unexpected argument '\(positionals[1])'.")
      }
      return CartOptions(file: positionals.first)
    },
    check: { options throws(UsageError) in
      if options.file == "-", options.render.configPath == "-" {
        throw UsageError("Standard input can feed only one of FILE and --config.")
      }
      if options.previous == "-", options.file == "-" || options.render.configPath == "-" {
        throw UsageError("Standard input can feed only one of FILE, --config and --previous.")
      }
    }, command: { .cart($0) })

  static let status = SubcommandDeclaration<StatusOptions>(
    .status, abstract: "Render a status screen: paymentCompleted, closed, ...",
    overview: "Render a status screen for the customer.", usage: "NAME [options]",
    arguments: [
      ArgumentDeclaration(
        name: "NAME",
        help: """
          A status the merchant's app sets (ready, paymentCompleted,
          paymentFailed, checkoutCompleted), the welcome shown on
          connecting (connected), or an end of session
          (disconnected, closed).
          """)
    ],
    options: renderOptions.map { $0.lifted(\.render) },
    sections: "",
    exitStatuses: [.success, .usage, .dataError, .noInput, .internalError, .cannotCreate, .outputError],
    exitMeanings: [
      .usage: "bad command line or unknown NAME",
      .dataError: "bad --config data",
    ],
    make: { positionals throws(UsageError) in
      let names = StatusScreen.allCases.map(\.rawValue).joined(separator: ", ")
      let name = try CommandLineSyntax.positionals(positionals, count: 1) { _ in "Missing status name (\(names))." }[0]
      guard let screen = StatusScreen(rawValue: name) else {
        throw UsageError("Unknown status '\(name)'; use one of \(names).")
      }
      return StatusOptions(screen: screen)
    }, command: { .status($0) })

  static let diff = SubcommandDeclaration<DiffOptions>(
    .diff, abstract: "Print the animation hints between two carts as JSON.",
    overview: "Print the animation hints between two carts (ShoppingCart) as JSON.", usage: "OLD NEW [--output FILE]",
    arguments: [
      ArgumentDeclaration(name: "OLD", help: "The cart shown before (JSON); - reads standard input."),
      ArgumentDeclaration(
        name: "NEW",
        help: """
          The cart shown now (JSON); - reads standard input.
          Items are matched by id, which must be unique in each.
          """),
    ],
    options: [output.lifted(\.outputPath)],
    sections: """
      OUTPUT:
        {"inserted": [id], "removed": [id], "moved": [id],
         "updated": [{"id": id, "fields": [field]}],
         "summaryChanged": bool, "totalChanged": bool}
        Ids in NEW's order; removed ones in OLD's order. moved is minimal: the items
        outside a longest run that kept its order (A B C D -> B C D A moves only A).
        fields, in this order: quantity, totalPrice, totalAdjustedPrice, name,
        descriptions, details.

      """,
    exitStatuses: [.success, .usage, .dataError, .noInput, .internalError, .cannotCreate, .outputError],
    exitMeanings: [
      .dataError:
        "bad input data (one line per problem on standard error: FILE: $.json.path: message, e.g. a duplicate item id)"
    ],
    make: { positionals throws(UsageError) in
      let carts = try CommandLineSyntax.positionals(positionals, count: 2) {
        $0 == 0 ? "Missing OLD and NEW carts." : "Missing NEW cart."
      }
      guard carts[0] != "-" || carts[1] != "-" else {
        throw UsageError("Standard input can feed only one of OLD and NEW.")
      }
      return DiffOptions(old: carts[0], new: carts[1])
    }, command: { .diff($0) })

  static let form = SubcommandDeclaration<FormOptions>(
    .form, abstract: "Render a request form (customerInfo, address, signup).",
    overview: """
      Render a request form: the customer shares contact details, an address,
      or signs up (requestCustomerInfo, requestAddress, requestSignup).
      """, usage: "FILE [options]",
    arguments: [
      ArgumentDeclaration(
        name: "FILE",
        help: """
          Request JSON ("request": customerInfo, address or
          signup); - reads standard input.
          """)
    ],
    options: [
      token.lifted(\.token),
      OptionDeclaration(
        "--values", value: "file",
        help: """
          A submitted body (application/x-www-form-urlencoded);
          - reads standard input. The form keeps every value in
          it, as typed (control characters shown as symbols, an
          unlisted country kept and flagged). A body parse
          refuses is refused here too (exit 65).
          """, into: \.valuesPath),
      OptionDeclaration(
        "--errors", value: "file",
        help: """
          parse's {"errors": [...]} output: shown at the top of
          the form and beside each field.
          """, into: \.errorsPath),
    ] + renderOptions.map { $0.lifted(\.render) },
    sections: "",
    exitStatuses: [.success, .usage, .dataError, .noInput, .internalError, .cannotCreate, .outputError],
    exitMeanings: [
      .dataError:
        "bad input data (one line per problem on standard error: FILE: $.json.path: message; an Apple Pay or pass request is incompatibleRequest)"
    ],
    make: { positionals throws(UsageError) in
      FormOptions(file: try CommandLineSyntax.positionals(positionals, count: 1) { _ in "Missing request FILE." }[0])
    },
    check: { options throws(UsageError) in
      try CommandLineSyntax.checkStandardInput([
        options.file, options.render.configPath, options.valuesPath, options.errorsPath,
      ])
    }, command: { .form($0) })

  static let parse = SubcommandDeclaration<ParseOptions>(
    .parse, abstract: "Read a posted form body; print the response as JSON.",
    overview: "Read what a customer submitted and print their response as JSON.", usage: "REQUEST BODY [options]",
    arguments: [
      ArgumentDeclaration(name: "REQUEST", help: "The request JSON the form was made from."),
      ArgumentDeclaration(
        name: "BODY",
        help: """
          The submitted body (application/x-www-form-urlencoded,
          at most \(FormSubmission.maximumBodyBytes) bytes); - reads standard input.
          """),
    ],
    options: [
      config.withHelp(
        """
        Session configuration JSON. Its region lays out and
        checks the address unless the customer picked a country.
        """
      ).lifted(\.render.configPath),
      locale.withHelp("BCP 47 locale of the error messages (as for form).").lifted(\.render.locale),
      acceptLanguage.withHelp("An HTTP Accept-Language value, negotiated.").lifted(\.render.acceptLanguage),
      token.withHelp("Refuse a body whose token is missing or differs.").lifted(\.token),
    ],
    sections: """
      OUTPUT:
        The response keys ({"emailAddress": ..., "token": ...}, null when not
        shared), {"declined": true} for "Don't share", or
        {"errors": [{"field": ..., "message": ...}]} with exit status 65.

      """,
    exitStatuses: [.success, .usage, .dataError, .noInput, .internalError, .outputError],
    exitMeanings: [
      .dataError:
        "the customer must correct a field (errors on standard output), or bad input data, a body the form cannot have sent (a repeated key, an opt-in other than true, an unknown action, a token breaking the token rules) or a refused token (standard error)"
    ],
    make: { positionals throws(UsageError) in
      let files = try CommandLineSyntax.positionals(positionals, count: 2) {
        $0 == 0 ? "Missing REQUEST and BODY." : "Missing BODY."
      }
      return ParseOptions(requestFile: files[0], bodyFile: files[1])
    },
    check: { options throws(UsageError) in
      try CommandLineSyntax.checkStandardInput([options.requestFile, options.bodyFile, options.render.configPath])
    }, command: { .parse($0) })

  static let replay = SubcommandDeclaration<ReplayOptions>(
    .replay, abstract: "Render each step of a session transcript to a folder.",
    overview: """
      Replay a Tap to Share session transcript and render the customer's screen
      after every step.
      """, usage: "SESSION.jsonl --out DIR [options]",
    arguments: [
      ArgumentDeclaration(
        name: "SESSION.jsonl",
        help: """
          One JSON object per line: {"configuration": {...}} (first
          line, optional), {"event": "connected"|"ready"|
          "disconnected"|"closed"}, {"call": "updateShoppingCart",
          "cart": {...}}, {"call": "requestSignup", ...request...},
          {"response": {...}}, {"declined": true}, {"call":
          "updateStatus", "status": "paymentCompleted"},
          {"call": "close"}. Apple's and MoovKit's method names
          alike. - reads standard input.
          """)
    ],
    options: [
      OptionDeclaration(
        "--out", value: "dir",
        help: """
          A new or empty folder for the files:
          DIR/<locale>/003-updateShoppingCart.html
          """
      ) { options, value throws(UsageError) in options.outputDirectory = value },
      OptionDeclaration(
        "--locales", value: "list",
        help: """
          Comma-separated BCP 47 tags. Default: English with the
          session's region.
          """
      ) { options, list throws(UsageError) in
        options.locales = try list.split(separator: ",", omittingEmptySubsequences: false).map {
          (tag) throws(UsageError) -> LanguageTag? in
          try OptionValues.languageTag(tag.trimmingCharacters(in: .whitespaces))
        }
      },
      formats.withHelp("html, text, spoken or both (html and text). Default: html.").lifted(\.formats),
      formatList.lifted(\.formats),
      config.withHelp("Session configuration when the transcript has none.").lifted(\.configPath),
      width.lifted(\.width),
    ],
    sections: """
      SESSION RULES (exit 65, FILE:LINE: error):
        notReady             a call before the ready event, or after the session ended
        sessionBusy          a request or a status while a form is open
        incompatibleRequest  Apple Pay (requestPayment) or a Wallet pass
        noOpenRequest        a response or a decline with no form open
        invalidResponse      a response key the open form does not show, a bad value
        A cart update while a form is open is kept and shown when the form closes; the
        ready status returns to the cart. The files of the steps before a broken line
        are still written.

      """,
    exitStatuses: [.success, .usage, .dataError, .noInput, .internalError, .cannotCreate, .outputError],
    exitMeanings: [
      .dataError: "a broken line (FILE:LINE: message on standard error)",
      .cannotCreate: "a file cannot be written",
    ],
    make: { positionals throws(UsageError) in
      let file = try CommandLineSyntax.positionals(positionals, count: 1) { _ in "Missing transcript FILE." }[0]
      return ReplayOptions(file: file, outputDirectory: "")
    },
    check: { options throws(UsageError) in
      guard !options.outputDirectory.isEmpty else {
        throw UsageError("Missing '--out DIR'.")
      }
      try CommandLineSyntax.checkStandardInput([options.file, options.configPath])
    }, command: { .replay($0) })

  static let snapshot = SubcommandDeclaration<SnapshotOptions>(
    .snapshot, abstract: "Check screens against golden files in every locale.",
    overview: """
      Render carts, request forms and status screens in every locale and format and
      compare each with its golden file, DIR/<name>/<locale>.<html|txt>, for any CI.
      """, usage: "[CART.json ...] --dir DIR --locales LIST [options]",
    arguments: [
      ArgumentDeclaration(
        name: "CART.json",
        help: """
          Cart JSON files; each one's golden files are in
          DIR/<file name without .json>/.
          """)
    ],
    options: [
      OptionDeclaration(
        "--dir", value: "dir",
        help: """
          The folder of golden files (made when missing):
          DIR/cart-hair-spray/fr-FR.html
          """
      ) { options, value throws(UsageError) in options.directory = value },
      OptionDeclaration(
        "--locales", value: "list",
        help: """
          Comma-separated BCP 47 tags, or all: every language
          with UI strings, each with the session's region. A tag
          without a region takes the session's (fr: fr-US).
          """
      ) { options, list throws(UsageError) in
        do throws(SnapshotLocales.InvalidTag) {
          options.locales = try SnapshotLocales.parse(list)
        } catch {
          throw UsageError("'\(error.text)' is not a BCP 47 language tag (e.g. fr-CA).")
        }
      },
      OptionDeclaration(
        "--request", value: "files",
        help: """
          Comma-separated request JSON files, each rendered as a
          fresh form, in DIR/<file name without .json>/.
          """
      ) { options, list throws(UsageError) in
        options.requests = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      },
      OptionDeclaration(
        "--status", value: "names",
        help: """
          Comma-separated status screens (ready, paymentFailed,
          connected, closed, ...), in DIR/<name>/.
          """
      ) { options, list throws(UsageError) in
        let names = StatusScreen.allCases.map(\.rawValue).joined(separator: ", ")
        options.statuses = try list.split(separator: ",", omittingEmptySubsequences: false).map {
          (name) throws(UsageError) -> StatusScreen in
          guard let screen = StatusScreen(rawValue: String(name)) else {
            throw UsageError("Unknown status '\(name)'; use one of \(names).")
          }
          return screen
        }
      },
      OptionDeclaration(
        "--record", value: "mode", choices: SnapshotRecordMode.allCases.map(\.rawValue),
        help: """
          missing: write a missing file, compare the others;
          all: rewrite every file; never: write nothing, and a
          missing file differs. Default: never when the CI
          environment variable is set, else missing.
          """
      ) { options, value throws(UsageError) in options.record = SnapshotRecordMode(rawValue: value) },
      OptionDeclaration(
        "--gallery", value: "file",
        help: """
          Also write one self-contained HTML page showing every
          rendering side by side (pages framed at phone width,
          the locale above each, mismatches marked).
          """
      ) { options, value throws(UsageError) in
        // Standard output carries the report of what differs.
        guard value != "-" else {
          throw UsageError("'--gallery' takes a file, not -: standard output carries the report.")
        }
        options.galleryPath = value
      },
      OptionDeclaration(
        "--check-speech", value: "rules",
        help: """
          Comma-separated speech rules (control-name, error-field,
          amount-currency, former-price, total-once, bidi-isolation)
          or all: each screen's spoken rendering in each locale
          must keep them (exit 1 when a line breaks one).
          """
      ) { options, list throws(UsageError) in
        guard list != "all" else {
          options.speechRules = SpeechCheck.Rule.allCases
          return
        }
        var rules: [SpeechCheck.Rule] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
          let trimmed = name.trimmingCharacters(in: .whitespaces)
          guard let rule = SpeechCheck.Rule(rawValue: trimmed) else {
            let known = SpeechCheck.Rule.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("'\(trimmed)' is not a speech rule; use \(known) or all.")
          }
          if !rules.contains(rule) { rules.append(rule) }
        }
        options.speechRules = rules
      },
      config.lifted(\.configPath),
      formats.withHelp("html, text, spoken or both (html and text). Default: both.").lifted(\.formats),
      OptionDeclaration(
        "--formats", value: "list",
        help: """
          Comma-separated formats (html,text,spoken,png);
          replaces --format. png: each screen captured in
          headless Chromium at each --profiles device,
          DIR/<name>/<locale>.<profile>.png.
          """
      ) { options, list throws(UsageError) in
        var chosen: [OutputFormat] = []
        options.pixels = false
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
          let trimmed = name.trimmingCharacters(in: .whitespaces)
          if trimmed == "png" {
            options.pixels = true
            continue
          }
          guard let format = OutputFormat(rawValue: trimmed) else {
            throw UsageError("'\(trimmed)' is not a format; use html, text, spoken or png.")
          }
          if !chosen.contains(format) { chosen.append(format) }
        }
        options.formats = chosen
      },
      OptionDeclaration(
        "--profiles", value: "list",
        help: """
          png: comma-separated devices, WIDTH-SCHEME[-Nx][-textP]:
          width 320, 375, 390 or 430 CSS px, light or dark,
          scale 2x or 3x, text size 100 to 200 per cent
          (390-light, 320-dark-2x, 390-light-text200).
          Default: 390-light.
          """
      ) { options, list throws(UsageError) in
        var profiles: [DeviceProfile] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
          let trimmed = name.trimmingCharacters(in: .whitespaces)
          guard let profile = DeviceProfile(name: trimmed) else {
            throw UsageError(
              "'\(trimmed)' is not a device profile; use WIDTH-SCHEME[-Nx][-textP], e.g. 390-light or 320-dark-2x-text150."
            )
          }
          if !profiles.contains(profile) { profiles.append(profile) }
        }
        options.profiles = profiles
      },
      OptionDeclaration(
        "--threshold", value: "n",
        help: """
          png: how far apart two pixels' colours may be and
          count as equal, 0 to 1 (YIQ distance, as pixelmatch
          measures). Default: \(PixelTolerance.standard.threshold).
          """
      ) { options, value throws(UsageError) in
        guard let number = Double(value), number >= 0, number <= 1 else {
          throw UsageError("'\(value)' is not a threshold; use a number from 0 to 1, e.g. 0.1.")
        }
        options.threshold = number
      },
      OptionDeclaration(
        "--allowed-pixels", value: "n",
        help: """
          png: differing pixels (anti-aliasing aside) an image
          may have and still match. Default: \(PixelTolerance.standard.allowedPixels).
          """
      ) { options, value throws(UsageError) in
        guard let number = Int(value), number >= 0 else {
          throw UsageError("'\(value)' is not a pixel count; use a whole number, 0 or more.")
        }
        options.allowedPixels = number
      },
      OptionDeclaration(
        "--check-layout", value: "rules",
        help: """
          png: comma-separated layout rules (\(LayoutRule.allCases.map(\.rawValue).joined(separator: ", ")))
          or all: each captured page must keep them at each
          profile (exit 1 when one breaks).
          """
      ) { options, list throws(UsageError) in
        guard list != "all" else {
          options.layoutRules = LayoutRule.allCases
          return
        }
        var rules: [LayoutRule] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
          let trimmed = name.trimmingCharacters(in: .whitespaces)
          guard let rule = LayoutRule(rawValue: trimmed) else {
            let known = LayoutRule.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("'\(trimmed)' is not a layout rule; use \(known) or all.")
          }
          if !rules.contains(rule) { rules.append(rule) }
        }
        options.layoutRules = rules
      },
      OptionDeclaration(
        "--junit", value: "file",
        help: """
          Also write a JUnit XML report: one test case per
          golden file, a failure carrying its diff or pixel count.
          """
      ) { options, value throws(UsageError) in
        guard value != "-" else {
          throw UsageError("'--junit' takes a file, not -: standard output carries the report.")
        }
        options.junitPath = value
      },
      OptionDeclaration(
        "--review",
        help: """
          Compare only (no golden file is recorded; a differing
          PNG leaves its .actual.png and .diff.png), then serve a
          page on 127.0.0.1 showing each file that differs or is
          new: golden, new and diff side by side; accepting one
          writes its golden file. Ends with Done or Ctrl-C.
          """
      ) { options in options.review = true },
      .port(help: "--review: port on 127.0.0.1; 0 takes a free one. Default: 0.", into: \.port),
      width.lifted(\.width),
    ],
    sections: """
      OUTPUT:
        One paragraph per file that was recorded, differs (a unified diff, - golden
        and + actual, naming invisible characters: ⟨NBSP⟩, ⟨NNBSP⟩, ⟨RLM⟩, ⟨ALM⟩,
        trailing spaces as ·) or is missing, then one line: "3 of 84 snapshots
        differ", "84 snapshots match" or "84 snapshots: 80 match, 4 recorded".
        With --review, then "listening on http://127.0.0.1:PORT/" (open it to accept
        or reject each file) and, when the review ends, "review: 3 accepted, 1
        rejected, 2 not decided".

      """,
    exitStatuses: [
      .success, .snapshotsDiffer, .usage,
      .dataError, .noInput, .unavailable, .internalError,
      .cannotCreate, .outputError,
    ],
    exitMeanings: [
      .success: "every snapshot matches (or was recorded; with --review: was accepted)",
      .unavailable: "Chromium (png) or libmicrohttpd (--review) cannot be started",
      .dataError: "bad input data (FILE: $.json.path: message)",
      .cannotCreate: "a golden file or the gallery cannot be written",
    ],
    make: { positionals throws(UsageError) in
      if positionals.contains("-") {
        throw UsageError("Standard input has no file name to name its snapshots; give a file.")
      }
      return SnapshotOptions(carts: positionals)
    },
    check: { options throws(UsageError) in
      guard !options.directory.isEmpty else { throw UsageError("Missing '--dir DIR'.") }
      guard !options.locales.isEmpty else { throw UsageError("Missing '--locales LIST'.") }
      if options.review, options.record != nil {
        throw UsageError("'--review' compares and writes only the files you accept: leave out '--record'.")
      }
      if options.port != 0, !options.review {
        throw UsageError("'--port' is the review page's: add '--review'.")
      }
      if options.layoutRules != nil, !options.pixels {
        throw UsageError("'--check-layout' runs in the browser pass: add png to --formats.")
      }
      guard !options.subjectNames.isEmpty else {
        throw UsageError("Nothing to check: give a CART.json, --request FILES or --status NAMES.")
      }
      if options.requests.contains("-") {
        throw UsageError("Standard input has no file name to name its snapshots; give a file.")
      }
      var seen: Set<String> = []
      for name in options.subjectNames {
        if let problem = SnapshotSubject.problem(name: name) { throw UsageError("Cannot name snapshots: \(problem).") }
        guard seen.insert(name).inserted else {
          throw UsageError("Two inputs are named '\(name)'; their golden files would share DIR/\(name)/.")
        }
      }
    }, command: { .snapshot($0) })
}
