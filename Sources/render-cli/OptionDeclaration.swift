/// One command-line option that takes a value (`--name value` or `--name=value`),
/// declared once: its name, the name of its value, its help text and where its value
/// goes. Parsing, the set of options a subcommand knows and its help all come from it.
struct OptionDeclaration<Options>: Sendable {
  /// With the dashes: `--output`.
  let name: String
  /// Lowercase; help and errors show it uppercase (`--output FILE`), or the choices
  /// when there are some (`--format html|text`).
  let valueName: String
  /// The only values accepted, in the order help and errors list them; empty for any.
  let choices: [String]
  /// Hand-wrapped lines; help indents every line after the first under the first.
  let help: String
  /// Checks the value and stores it; a thrown ``UsageError`` names no subcommand (the
  /// parser adds it).
  let store: @Sendable (inout Options, String) throws(UsageError) -> Void

  init(
    _ name: String, value valueName: String, choices: [String] = [], help: String,
    store: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void
  ) {
    self.name = name
    self.valueName = valueName
    self.choices = choices
    self.help = help
    self.store = store
  }

  /// Stores a value that needs no check.
  init(
    _ name: String, value valueName: String, choices: [String] = [], help: String,
    into keyPath: WritableKeyPath<Options, String?> & Sendable
  ) {
    self.init(name, value: valueName, choices: choices, help: help) { options, value throws(UsageError) in
      options[keyPath: keyPath] = value
    }
  }

  /// `--port N`: the port a local tool listens on at 127.0.0.1 (0 takes a free one).
  static func port(help: String, into keyPath: WritableKeyPath<Options, Int> & Sendable) -> Self {
    Self("--port", value: "n", help: help) { options, value throws(UsageError) in
      guard let port = Int(value), (0...65535).contains(port) else {
        throw UsageError("'\(value)' is not a value for '--port'; use a whole number from 0 to 65535.")
      }
      options[keyPath: keyPath] = port
    }
  }

  /// A flag (`--screenshots`) takes no value: declared with an empty value name, it
  /// stores the empty string.
  init(_ name: String, help: String, set: @escaping @Sendable (inout Options) -> Void) {
    self.init(name, value: "", help: help) { options, _ throws(UsageError) in set(&options) }
  }

  /// Whether the option is a flag, which takes no value.
  var isFlag: Bool { valueName.isEmpty }

  /// How help shows the option: `--output FILE`, `--format html|text`, `--screenshots`.
  var helpLabel: String {
    isFlag ? name : name + " " + (choices.isEmpty ? valueName.uppercased() : choices.joined(separator: "|"))
  }

  /// How errors name the option, exactly as help writes it: `'--output FILE'`.
  var usageLabel: String { "'\(helpLabel)'" }

  /// The same option with help written for one subcommand's narrower use of it.
  func withHelp(_ help: String) -> Self {
    Self(name, value: valueName, choices: choices, help: help, store: store)
  }

  /// The option storing into a part of larger options, e.g. the ``RenderOptions`` of
  /// ``CartOptions``.
  func lifted<Outer>(_ keyPath: WritableKeyPath<Outer, Options> & Sendable) -> OptionDeclaration<Outer> {
    let store = self.store
    return OptionDeclaration<Outer>(name, value: valueName, choices: choices, help: help) {
      outer, value throws(UsageError) in try store(&outer[keyPath: keyPath], value)
    }
  }

  /// Checks `value` against ``choices``: "'pdf' is not a format; use html or text."
  func checkChoice(_ value: String) throws(UsageError) {
    guard !choices.isEmpty, !choices.contains(value) else { return }
    let list =
      choices.count == 1
      ? choices[0] : choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
    throw UsageError("'\(value)' is not a \(valueName); use \(list).")
  }
}

extension OptionDeclaration where Options == String? {
  /// An option whose value is kept as given, such as a file path.
  init(_ name: String, value valueName: String, help: String) {
    self.init(name, value: valueName, help: help) { stored, value throws(UsageError) in stored = value }
  }
}
