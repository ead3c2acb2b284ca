import RenderCore

/// How the items of two carts line up: computed once, read by ``CartDiff`` and by
/// ``CartUpdate`` (which also places the removed items). Indexes are `Int32`s with
/// ``absent`` for "not in the other cart", and changed fields one byte per item, so a
/// 100,000-item diff's scratch fits in a core's cache.
struct CartAlignment: Sendable {
  /// Stands for an item that is not in the other cart.
  static let absent: Int32 = -1

  /// For each new item, its index in the old cart, or ``absent`` when inserted.
  var oldIndexOfNew: [Int32]
  /// For each old item, its index in the new cart, or ``absent`` when removed.
  var newIndexOfOld: [Int32]
  /// For each new item: in both carts, and outside the LIS.
  var isMoved: [Bool]
  /// For each new item, the fields that changed (none when inserted or unchanged).
  var changed: [CartDiff.FieldSet]

  /// How many old items past the one expected next the walk in step looks for a new
  /// item's id: an item removed or moved away is skipped, not lost.
  static let window = 8

  /// Matches the items by id, refusing duplicate ids on either side.
  ///
  /// The items are matched in three steps. A walk in step reads both carts once, in
  /// order: each new item is keyed (``ItemIDOrder/Key``) and looked for among the next
  /// few old items after the last one matched, as most are in an update, and the
  /// fields of a pair found are compared while both items are in the cache. Then each
  /// cart's keys are checked for repeats (``PossibleRepeats``, exactly only for the few
  /// keys that share a bit). The items not matched in step are sorted by id together
  /// (``ItemIDOrder``), so a kept item's two entries stand side by side, and their
  /// fields compared. With ids unique in each cart, an id in both carts makes one pair
  /// whichever step finds it; a repeated id goes to ``ItemIDOrder/repeats(_:_:)``,
  /// which sorts all the items to name every repeat.
  ///
  /// - Precondition: Each cart has fewer than `Int32.max` items (an item takes over 100
  ///   bytes, so such a cart could not be decoded in memory).
  init(_ previous: ShoppingCart, _ current: ShoppingCart) throws(CartDiff.DuplicateIDError) {
    precondition(previous.items.count < Int32.max && current.items.count < Int32.max, "a cart of 2^31 items")
    var matcher = Matcher(old: previous.items, new: current.items)
    let pairs = matcher.walkInStep()
    // With no pair yet, the sort below sees every item and finds any repeat.
    let repeated = (pairs > 0 && matcher.hasRepeats()) || !matcher.matchTheRest()
    if repeated { throw Self.duplicates(previous.items, current.items) }
    // Moved until the LIS says otherwise.
    var isMoved = matcher.oldIndexOfNew.map { $0 != Self.absent }
    // The kept items' old positions, in new order: those in the LIS stay put.
    CartDiff.longestIncreasingSubsequence(matcher.oldIndexOfNew) { isMoved[$0] = false }
    self.oldIndexOfNew = matcher.oldIndexOfNew
    self.newIndexOfOld = matcher.newIndexOfOld
    self.isMoved = isMoved
    self.changed = matcher.changed
  }

  /// The error for carts with repeated ids, each repeat in both carts listed.
  private static func duplicates(_ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item]) -> CartDiff.DuplicateIDError {
    let repeats = ItemIDOrder.repeats(old, new)
    let itemsPath = JSONPath.root.appending(key: ShoppingCart.Key.items.rawValue)
    var oldLog = ProblemLog()
    var newLog = ProblemLog()
    for repeated in repeats.old {
      ItemIDIndex.logDuplicate(
        old[repeated.index].id, at: repeated.index, first: repeated.first, itemsPath: itemsPath, log: &oldLog)
    }
    for repeated in repeats.new {
      ItemIDIndex.logDuplicate(
        new[repeated.index].id, at: repeated.index, first: repeated.first, itemsPath: itemsPath, log: &newLog)
    }
    return CartDiff.DuplicateIDError(old: oldLog.problems, new: newLog.problems)
  }

  /// The matching's state: both carts' items, their keys and the results.
  private struct Matcher {
    let old: [ShoppingCart.Item]
    let new: [ShoppingCart.Item]
    /// Filled by ``walkInStep()``, every item of each cart.
    var oldKeys: [ItemIDOrder.Key]
    var newKeys: [ItemIDOrder.Key]
    var oldIndexOfNew: [Int32]
    var newIndexOfOld: [Int32]
    var changed: [CartDiff.FieldSet]

    init(old: [ShoppingCart.Item], new: [ShoppingCart.Item]) {
      self.old = old
      self.new = new
      oldKeys = []
      newKeys = []
      oldKeys.reserveCapacity(old.count)
      newKeys.reserveCapacity(new.count)
      oldIndexOfNew = [Int32](repeating: CartAlignment.absent, count: new.count)
      newIndexOfOld = [Int32](repeating: CartAlignment.absent, count: old.count)
      changed = [CartDiff.FieldSet](repeating: .init(), count: new.count)
    }

    /// Keys every item of both carts and matches the new items found among the next
    /// ``CartAlignment/window`` old items after the last match, comparing their fields.
    /// Returns how many pairs it matched.
    mutating func walkInStep() -> Int {
      // The old item expected next; old items keyed so far are `oldKeys` (the window's, in order).
      var cursor = 0
      var pairs = 0
      for newIndex in new.indices {
        let newID = new[newIndex].id
        let key = ItemIDOrder.key(newID)
        newKeys.append(key)
        let end = min(old.count, cursor + CartAlignment.window)
        var probe = cursor
        while probe < end {
          if probe == oldKeys.count { oldKeys.append(ItemIDOrder.key(old[probe].id)) }
          if oldKeys[probe] == key, key.spellsTheID || ItemIDOrder.compare(old[probe].id, newID) == 0 {
            oldIndexOfNew[newIndex] = Int32(truncatingIfNeeded: probe)
            newIndexOfOld[probe] = Int32(truncatingIfNeeded: newIndex)
            changed[newIndex] = CartDiff.changedFields(old[probe], new[newIndex])
            pairs += 1
            cursor = probe + 1
            break
          }
          probe += 1
        }
      }
      while oldKeys.count < old.count { oldKeys.append(ItemIDOrder.key(old[oldKeys.count].id)) }
      return pairs
    }

    /// True when either cart has an id twice.
    func hasRepeats() -> Bool {
      for (keys, firstSlot) in [(oldKeys, 0), (newKeys, old.count)] {
        let candidates = PossibleRepeats.candidates(keys)
        guard !candidates.isEmpty else { continue }
        let entries = candidates.map { ItemIDOrder.Entry(key: keys[$0], slot: firstSlot + $0) }
        if ItemIDOrder.hasRepeats(entries, old: old, new: new) { return true }
      }
      return false
    }

    /// Matches the items the walk left by sorting them by id, and compares the fields of
    /// the pairs found. Returns false, matching nothing, when an id repeats among them.
    mutating func matchTheRest() -> Bool {
      var rest: [ItemIDOrder.Entry] = []
      for index in old.indices where newIndexOfOld[index] == CartAlignment.absent {
        rest.append(.init(key: oldKeys[index], slot: index))
      }
      for index in new.indices where oldIndexOfNew[index] == CartAlignment.absent {
        rest.append(.init(key: newKeys[index], slot: old.count + index))
      }
      guard !rest.isEmpty else { return true }
      let oldCount = old.count
      // Pairs found here, (old, new) index; fields compared once none repeats.
      var pairs: [(old: Int, new: Int)] = []
      var repeated = false
      let sorted = ItemIDOrder.sorted(rest, old: old, new: new)
      ItemIDOrder.forEachRun(of: sorted, old: old, new: new) { run in
        guard run.count > 1 else { return }
        let first = run[run.startIndex].slot
        let second = run[run.startIndex + 1].slot
        guard run.count == 2, first < oldCount, second >= oldCount else {
          repeated = true
          return
        }
        pairs.append((first, second - oldCount))
      }
      guard !repeated else { return false }
      for pair in pairs {
        oldIndexOfNew[pair.new] = Int32(truncatingIfNeeded: pair.old)
        newIndexOfOld[pair.old] = Int32(truncatingIfNeeded: pair.new)
        changed[pair.new] = CartDiff.changedFields(old[pair.old], new[pair.new])
      }
      return true
    }
  }
}
