/// The largest inputs the engine accepts, each far above any real cart or request and
/// small enough that a runaway input is refused with a data error (exit 65) naming the
/// limit rather than exhausting memory. A cart at the limits renders in memory that
/// grows with its size (docs/FUZZING.md has the figures).
package enum InputLimits {
  /// Bytes of one input file or standard input (`cart.json`, `--config`, a request, a
  /// transcript): 64 MiB.
  package static let inputBytes = 64 << 20
  /// Items in one cart.
  package static let items = 10_000
  /// `descriptions`, and separately `details`, of one item.
  package static let descriptions = 100
  /// Characters (Unicode code points) of one string: a name, a description, a label,
  /// a footer, a store name, a request's message.
  package static let stringLength = 4_096
  /// Characters (Unicode code points) of a request's `termsAndConditions` (Markdown).
  package static let termsLength = 65_536

  /// `1000000` written `1,000,000`, as the messages write a limit.
  package static func grouped(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return (value < 0 ? "-" : "") + out
  }
}
