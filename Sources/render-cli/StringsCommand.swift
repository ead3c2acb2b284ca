import Foundation
import RenderCore
import StringCatalog

/// `render-cli strings export|import|review`: the String Catalogs as translators' XLIFF
/// files, and one language's strings on a local review page.
struct StringsOptions: Equatable {
  enum Action: Equatable {
    /// One XLIFF file per catalog into `--xliff DIR`.
    case export
    /// Each XLIFF file's targets and states back into its catalog.
    case `import`([String])
    /// One language's strings on a page on loopback, each edit written as `import` writes.
    case review(String)
  }

  var action: Action
  /// `--xliff`: where `export` writes.
  var xliffDirectory: String?
  /// `--locales`: the folder of `<tag>.xcstrings` files.
  var localesDirectory = "locales"
  /// `--languages`: export only these catalogs (nil: every one).
  var languages: [String]?
  /// `--screenshots`: beside each XLIFF file, its language's screens, each string outlined.
  var screenshots = false
  /// `--examples`: the folder of the example carts and requests the screenshots show.
  var examplesDirectory = "examples"
  /// `--port`: review's port on 127.0.0.1 (0 takes a free one).
  var port = 0
}

extension SubcommandDeclarations {
  static let strings = SubcommandDeclaration<StringsOptions>(
    .strings, abstract: "Export and import the translators' XLIFF files; review a language.",
    overview: """
      Hand the UI strings to translators and native reviewers as XLIFF 1.2, as Xcode's
      String Catalog export does, and write what they changed back into the catalogs
      (locales/README.md: the review workflow), or review one language's strings on a
      local page beside the screens that show them.
      """,
    usage:
      "export --xliff DIR [--languages TAGS] [--screenshots [--examples DIR]] [--locales DIR] | import FILE.xliff ... [--locales DIR] | review LANG [--port N] [--examples DIR] [--locales DIR]",
    arguments: [
      ArgumentDeclaration(
        name: "export",
        help: """
          Write DIR/<tag>.xliff for every catalog: per string the
          English source, the target with its review state
          (translated, needs-review-translation, new,
          needs-translation for stale), the translator comment as
          a note; a plural as one unit per category
          (cart.itemCount|==|plural.few).
          """),
      ArgumentDeclaration(
        name: "import",
        help: """
          Write each FILE.xliff's targets and states into
          LOCALES/<target-language>.xcstrings, checked as the
          catalogs are (keys, plural categories, the current
          English source, placeholders, states; final and
          signed-off are translated). Any problem in any file:
          nothing is written.
          """),
      ArgumentDeclaration(
        name: "review",
        help: """
          Serve LOCALES/LANG.xcstrings on http://127.0.0.1:PORT/:
          each string beside its English, its comment and the
          example screens that show it, rendered from the file as
          it is now. A string saved there is written to the file
          through import's checks (nothing written when one
          fails); run scripts/embed-data to build it into the
          engine. Runs until SIGINT or SIGTERM.
          """),
    ],
    options: [
      OptionDeclaration("--xliff", value: "dir", help: "export: the folder for the XLIFF files (made when\nmissing).") {
        options, value throws(UsageError) in options.xliffDirectory = value
      },
      OptionDeclaration("--locales", value: "dir", help: "The folder of String Catalogs. Default: locales.") {
        options, value throws(UsageError) in options.localesDirectory = value
      },
      OptionDeclaration("--languages", value: "tags", help: "export: only these catalogs (ar,ja,de).") {
        options, value throws(UsageError) in
        options.languages = value.split(separator: ",").map { String($0) }
      },
      OptionDeclaration(
        "--screenshots",
        help: """
          export: beside DIR/<tag>.xliff, DIR/<tag>/ holds a PNG of
          every screen in that language (the page, its text and its
          spoken form), each string outlined, and marks.json with
          the outlines' boxes; each unit names its screenshots in a
          <context-group name="screenshots">. Needs Chromium.
          """
      ) { options in options.screenshots = true },
      .port(help: "review: port on 127.0.0.1; 0 takes a free one.\nDefault: 0.", into: \.port),
      OptionDeclaration(
        "--examples", value: "dir", help: "export --screenshots, review: the example files\nshown. Default: examples."
      ) {
        options, value throws(UsageError) in options.examplesDirectory = value
      },
    ],
    sections: """
      OUTPUT:
        One line per file written: "wrote DIR/ko.xliff (87 units)", or
        "ko.xcstrings: 3 strings changed" (or "unchanged"). review: "listening on
        http://127.0.0.1:PORT/" when ready: open it in a browser.

      """,
    exitStatuses: [.success, .usage, .dataError, .noInput, .unavailable, .internalError, .cannotCreate, .outputError],
    exitMeanings: [
      .success: "done (review: stopped by a signal)",
      .unavailable:
        "--screenshots: Chromium cannot be started or fails (nothing written), or review cannot load libmicrohttpd",
      .usage: "bad command line, or a port review cannot listen on",
      .dataError:
        "a catalog or an XLIFF file is not valid (one line per problem: FILE: trans-unit \"key\": message; nothing written)",
      .cannotCreate: "a file cannot be written",
    ],
    make: { positionals throws(UsageError) in
      guard let action = positionals.first else { throw UsageError("Missing 'export' or 'import'.") }
      switch action {
      case "export":
        _ = try CommandLineSyntax.positionals(positionals, count: 1) { _ in "" }
        return StringsOptions(action: .export)
      case "import":
        let files = Array(positionals.dropFirst())
        guard !files.isEmpty else { throw UsageError("Missing FILE.xliff to import.") }
        return StringsOptions(action: .import(files))
      case "review":
        let tag = try CommandLineSyntax.positionals(Array(positionals.dropFirst()), count: 1) { _ in
          "Missing LANG to review (the catalog's tag: de, fr-CA)."
        }
        guard let first = tag.first, LanguageTag(first) != nil else {
          throw UsageError("'\(tag.first ?? "")' is not a BCP 47 language tag (de, fr-CA).")
        }
        return StringsOptions(action: .review(first))
      default:
        throw UsageError("Unknown action '\(action)'; use export, import or review.")
      }
    },
    check: { options throws(UsageError) in
      switch options.action {
      case .export:
        guard options.xliffDirectory != nil else { throw UsageError("Missing '--xliff DIR'.") }
      case .review:
        guard options.xliffDirectory == nil, options.languages == nil, !options.screenshots else {
          throw UsageError("'--xliff', '--languages' and '--screenshots' are for export.")
        }
      case .import(let files):
        guard options.xliffDirectory == nil else { throw UsageError("'--xliff' is for export; import reads FILEs.") }
        guard options.languages == nil, !options.screenshots else {
          throw UsageError("'--languages' and '--screenshots' are for export.")
        }
        try CommandLineSyntax.checkStandardInput(files)
      }
    }, command: { .strings($0) })
}

/// Runs `strings`: reads every file it needs before writing any.
struct StringsCommand {
  var inputs: InputFiles

  func run(_ options: StringsOptions) throws -> Outcome {
    switch options.action {
    case .export: return try export(options, into: options.xliffDirectory ?? "")
    case .import(let files): return try importFiles(files, options)
    case .review(let tag): return try review(tag, options)
    }
  }

  private func export(_ options: StringsOptions, into directory: String) throws -> Outcome {
    var tags = try catalogTags(options.localesDirectory)
    if let languages = options.languages {
      if let unknown = languages.first(where: { !tags.contains($0) }) {
        throw RunFailure.usage(UsageError("No catalog \(unknown).xcstrings in \(options.localesDirectory)."))
      }
      tags = tags.filter(languages.contains)
    }
    let english = try catalog("en", options)
    let shots = options.screenshots ? try StringsScreenshots(inputs: inputs, options: options).capture(tags) : nil
    var documents: [(path: String, text: String, units: Int)] = []
    var problems: [String] = []
    for tag in tags {
      let file = try catalog(tag, options)
      do {
        let text = try XLIFFExport.document(
          file.catalog, tag: tag, original: "\(tag).xcstrings", english: english.catalog,
          screenshots: shots?.screenshots[tag] ?? [:])
        let units = text.components(separatedBy: "<trans-unit ").count - 1
        documents.append((URL(fileURLWithPath: directory).appending(path: "\(tag).xliff").path, text, units))
      } catch {
        problems.append("\(file.label): \(error.message)")
      }
    }
    guard problems.isEmpty else { throw RunFailure.data(problems) }
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw RunFailure.cannotCreate(
        "cannot make '\(directory)': \(SystemErrorText.writing(directory, error: error, makesFolders: true))")
    }
    var report = ""
    for tag in shots?.screenshots.keys.sorted() ?? [] {
      let folder = URL(fileURLWithPath: directory).appending(path: tag).path
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw RunFailure.cannotCreate(
          "cannot make '\(folder)': \(SystemErrorText.writing(folder, error: error, makesFolders: true))")
      }
    }
    for file in shots?.files ?? [] {
      _ = try OutputTarget.deliver(file.bytes, to: URL(fileURLWithPath: directory).appending(path: file.path).path)
    }
    if let shots { report += "wrote \(shots.files.count) screenshot files into \(directory)\n" }
    for document in documents {
      _ = try OutputTarget.deliver(Array(document.text.utf8), to: document.path)
      report += "wrote \(document.path) (\(document.units) \(document.units == 1 ? "unit" : "units"))\n"
    }
    return Outcome(status: .success, standardOutput: report)
  }

  private func importFiles(_ files: [String], _ options: StringsOptions) throws -> Outcome {
    var sources: [(label: String, sections: Result<[XLIFFImport.Section], XLIFFImport.Problems>)] = []
    for path in files {
      let input = try inputs.read(path)
      sources.append(
        (
          input.label,
          Result { () throws(XLIFFImport.Problems) in try XLIFFImport.read(Data(input.bytes), file: input.label) }
        ))
    }
    let plan = try importPlan(sources, options)
    guard plan.problems.isEmpty else { throw RunFailure.data(plan.problems) }
    return Outcome(status: .success, standardOutput: try write(plan.changes))
  }

  /// A catalog as read and as an import would write it.
  struct CatalogChange {
    var tag: String
    var label: String
    var path: String
    var before: StringCatalogFile
    var after: StringCatalogFile
  }

  /// What importing `sources` (each XLIFF file's label and its sections, or why it could
  /// not be read) would change, every check of `strings import` made, nothing written:
  /// the catalogs it would write, in the order first met, and every problem (one line
  /// each, `LABEL: trans-unit "key": message`). The review page (`strings review`) sends
  /// each edit through here as a section of its own.
  func importPlan(
    _ sources: [(label: String, sections: Result<[XLIFFImport.Section], XLIFFImport.Problems>)],
    _ options: StringsOptions
  ) throws -> (changes: [CatalogChange], problems: [String]) {
    let english = try catalog("en", options)
    var problems: [String] = []
    var changed: [CatalogChange] = []
    /// By language and unit id, the file that gave the unit first.
    var givenBy: [String: [String: String]] = [:]
    for source in sources {
      let label = source.label
      let sections: [XLIFFImport.Section]
      switch source.sections {
      case .success(let read): sections = read
      case .failure(let error):
        problems += error.lines
        continue
      }
      for section in sections {
        guard LanguageTag(section.tag) != nil else {
          problems.append("\(label): target-language \"\(section.tag)\" is not a BCP 47 language tag")
          continue
        }
        var refused = false
        for unit in section.units {
          let place = "\(label): trans-unit \"\(unit.id)\""
          // Shown to the customer as merchant text is, so held to its rule: something visible.
          if !unit.target.isEmpty, !DisplayWidth.hasVisibleCharacter(unit.target) {
            problems.append("\(place): the target has no visible character (only white space or zero-width characters)")
            refused = true
          }
          if let first = givenBy[section.tag]?[unit.id], first != label {
            problems.append("\(place): also given by \(first) for \"\(section.tag)\"; give each unit in one file")
            refused = true
          } else if givenBy[section.tag]?[unit.id] == nil {
            givenBy[section.tag, default: [:]][unit.id] = label
          }
        }
        if refused { continue }
        let catalogPath = catalogURL(section.tag, options).path
        guard FileManager.default.fileExists(atPath: catalogPath) else {
          problems.append(
            "\(label): target-language \"\(section.tag)\": no \(catalogPath); add the language first (locales/README.md)"
          )
          continue
        }
        let base: (label: String, catalog: StringCatalogFile)
        if let index = changed.firstIndex(where: { $0.tag == section.tag }) {
          base = (changed[index].label, changed[index].after)
        } else {
          base = try catalog(section.tag, options)
        }
        do {
          let after = try XLIFFImport.apply(
            section, to: base.catalog, english: english.catalog, file: label, catalogFile: base.label)
          if let index = changed.firstIndex(where: { $0.tag == section.tag }) {
            changed[index].after = after
          } else {
            changed.append(
              CatalogChange(tag: section.tag, label: base.label, path: catalogPath, before: base.catalog, after: after))
          }
        } catch {
          problems += error.lines
        }
      }
    }
    return (changed, problems)
  }

  /// Writes each changed catalog whole (``OutputTarget``: beside it, then renamed over
  /// it) in Xcode's layout. - Returns: one line per catalog, as `strings import` prints.
  func write(_ changes: [CatalogChange]) throws -> String {
    var report = ""
    for item in changes {
      // Always written out and compared, so the writer's layout is what a round trip checks.
      let bytes = item.after.xcstringsBytes()
      let name = URL(fileURLWithPath: item.path).lastPathComponent
      guard bytes != (try inputs.read(item.path)).bytes else {
        report += "\(name): unchanged\n"
        continue
      }
      _ = try OutputTarget.deliver(bytes, to: item.path)
      let count = Self.changedStrings(item.before, item.after, tag: item.tag)
      report +=
        count == 0
        ? "\(name): no string changed; rewritten in Xcode's layout\n"
        : "\(name): \(count) \(count == 1 ? "string" : "strings") changed\n"
    }
    return report
  }

  /// Values and states that differ, a plural form counting as one string.
  static func changedStrings(_ before: StringCatalogFile, _ after: StringCatalogFile, tag: String) -> Int {
    var count = 0
    for (key, entry) in after.strings {
      let old = before.strings[key]?.localizations?[tag]
      let new = entry.localizations?[tag]
      if old?.stringUnit != new?.stringUnit { count += 1 }
      let categories = Set((old?.variations?.plural ?? [:]).keys).union((new?.variations?.plural ?? [:]).keys)
      count += categories.filter { old?.variations?.plural?[$0] != new?.variations?.plural?[$0] }.count
    }
    return count
  }

  /// The tags of the catalogs in the folder, sorted by their bytes.
  func catalogTags(_ directory: String) throws(RunFailure) -> [String] {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
      throw RunFailure.noInput("cannot read '\(directory)': \(SystemErrorText.reading(directory, error: error))")
    }
    let tags = names.filter { $0.hasSuffix(".xcstrings") }.map { String($0.dropLast(".xcstrings".count)) }
      .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    guard tags.contains("en") else {
      throw RunFailure.noInput("cannot read '\(catalogURL("en", directory: directory).path)': no such file")
    }
    return tags
  }

  func catalogURL(_ tag: String, _ options: StringsOptions) -> URL {
    catalogURL(tag, directory: options.localesDirectory)
  }

  private func catalogURL(_ tag: String, directory: String) -> URL {
    URL(fileURLWithPath: directory).appending(path: "\(tag).xcstrings")
  }

  /// Whether `path` is a regular file (a link to one counts) or names nothing: a catalog
  /// is read only then, as a named pipe or a device would make the read wait for good.
  static func mayReadCatalog(_ path: String) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { return true }
    return status.st_mode & S_IFMT == S_IFREG
  }

  /// A catalog read and checked as `scripts/embed-data` checks it.
  func catalog(_ tag: String, _ options: StringsOptions) throws -> (label: String, catalog: StringCatalogFile) {
    let path = catalogURL(tag, options).path
    guard Self.mayReadCatalog(path) else {
      throw RunFailure.noInput("cannot read '\(path)': not a regular file; a catalog is read only from a file")
    }
    let input = try inputs.read(path)
    let data = Data(input.bytes)
    do {
      _ = try CatalogCompiler.compile(data, tag: tag, file: input.label)
      return (input.label, try JSONDecoder().decode(StringCatalogFile.self, from: data))
    } catch let failure as CatalogCompiler.Failure {
      throw RunFailure.data([failure.description])
    } catch {
      throw RunFailure.data(["\(input.label): $: \(error)"])
    }
  }
}
