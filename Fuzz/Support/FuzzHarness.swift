/// One libFuzzer harness: a name (`scripts/fuzz NAME`, the folder `Fuzz/NAME/` with its
/// seed corpus and dictionary) and a check that feeds one input to an entry point of the
/// engine and throws when a property does not hold.
///
/// A check never traps on its own account: any input is fine, only a broken property
/// (or a crash inside the engine, which libFuzzer catches) is a finding.
public struct FuzzHarness: Sendable {
  public let name: String
  /// What the harness feeds, for `scripts/fuzz --list` and docs/FUZZING.md.
  public let summary: String
  public let check: @Sendable ([UInt8]) throws(PropertyFailure) -> Void

  public init(
    name: String, summary: String, check: @escaping @Sendable ([UInt8]) throws(PropertyFailure) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.check = check
  }
}

/// A property that did not hold for one input: which, and what was seen.
public struct PropertyFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public var property: String
  public var detail: String

  public init(_ property: String, _ detail: String) {
    self.property = property
    self.detail = detail
  }

  public var description: String { "property \(property) failed: \(detail)" }
}

extension FuzzHarness {
  /// Every harness, by name, in the order docs/FUZZING.md lists them.
  public static let all: [FuzzHarness] = [
    CartHarness.harness, ConfigurationHarness.harness, FormRequestHarness.harness, FormBodyHarness.harness,
    MarkdownHarness.harness, LocaleHarness.harness, ReplayHarness.harness, DiffHarness.harness, HTTPHarness.harness,
  ]

  public static func named(_ name: String) -> FuzzHarness? { all.first { $0.name == name } }
}
