/// How a text's own bidi isolates pair up (UAX #9: FSI, LRI, RLI open one; PDI closes
/// the innermost open one), so that the FSI … PDI the text format puts around it holds
/// the text whole: a PDI of the text's that closes nothing it opened would close the
/// wrapping isolate early and let an override after it reorder the rest of the line (an
/// amount), and an isolate the text leaves open would swallow the wrapping PDI.
struct IsolateBalance {
  /// PDIs that close no isolate the text opened: the wrapping adds an FSI for each.
  private(set) var strayClosings = 0
  /// Isolates the text opens and does not close: the wrapping adds a PDI for each.
  private(set) var unclosed = 0

  /// Reads UTF-8: FSI, LRI, RLI and PDI are `E2 81 A6`…`E2 81 A9`.
  init(utf8: some Sequence<UInt8>) {
    var previous: (UInt8, UInt8) = (0, 0)
    for byte in utf8 {
      if previous == (0xE2, 0x81) {
        switch byte {
        case 0xA6...0xA8: unclosed += 1
        case 0xA9 where unclosed > 0: unclosed -= 1
        case 0xA9: strayClosings += 1
        default: break
        }
      }
      previous = (previous.1, byte)
    }
  }

  /// The FSIs that open the wrapping, the text's stray PDIs' included.
  var opening: String { String(repeating: "\u{2068}", count: 1 + strayClosings) }
  /// The PDIs that close the wrapping, with one for each isolate the text left open.
  var closing: String { String(repeating: "\u{2069}", count: 1 + unclosed) }
}
