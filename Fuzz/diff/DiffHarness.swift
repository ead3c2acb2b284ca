import CartRender
import RenderCore

/// Two carts (the input split at its first NUL byte: old, then new) → `diff` JSON, and
/// the new cart rendered with the hints against the old one (`cart --previous`).
enum DiffHarness {
  static let harness = FuzzHarness(
    name: "diff", summary: "two carts (split at the first NUL byte) → CartDiff JSON → cart --previous HTML and text",
    check: check)

  static func check(_ bytes: [UInt8]) throws(PropertyFailure) {
    guard let split = bytes.firstIndex(of: 0) else { return }
    let setting = FuzzSetting(bytes)
    let context = setting.context
    let currency = context.configuration.currency.rawValue
    guard let old = try CartHarness.decode(Array(bytes[..<split]), currency: currency, "old cart"),
      let new = try CartHarness.decode(Array(bytes[(split + 1)...]), currency: currency, "new cart")
    else { return }
    let diff: CartDiff
    do { diff = try CartDiff(from: old, to: new) } catch {
      // Decoded carts have unique ids.
      throw PropertyFailure("diff.uniqueIDs", "a decoded cart has duplicate ids: \(error)")
    }
    let json = try OutputProperties.deterministic("diff json") { JSONOutput.render(diff.json) }
    do { _ = try JSONParser.parse(Array(json.utf8)) } catch {
      throw PropertyFailure("diff.validJSON", "diff output is not JSON: \(error)")
    }
    let oldIDs = Set(old.items.map(\.id))
    let newIDs = Set(new.items.map(\.id))
    guard Set(diff.inserted) == newIDs.subtracting(oldIDs), Set(diff.removed) == oldIDs.subtracting(newIDs),
      Set(diff.moved).isSubset(of: oldIDs.intersection(newIDs))
    else { throw PropertyFailure("diff.ids", "inserted, removed or moved ids do not match the two carts") }
    guard (try? CartDiff(from: new, to: new))?.isEmpty == true else {
      throw PropertyFailure("diff.selfEmpty", "a cart differs from itself")
    }
    let update: CartUpdate
    do { update = try CartUpdate(new, previous: old) } catch {
      throw PropertyFailure("diff.uniqueIDs", "a decoded cart has duplicate ids: \(error)")
    }
    try ScreenCheck.check(
      update, context: context, width: setting.width, twice: setting.sampled(oneIn: 4), "cart --previous")
  }
}
