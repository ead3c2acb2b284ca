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
    let old = previous.items
    let new = current.items
    precondition(old.count < Int32.max && new.count < Int32.max, "a cart of 2^31 items")
    var oldIndexOfNew = [Int32](repeating: Self.absent, count: new.count)
    var newIndexOfOld = [Int32](repeating: Self.absent, count: old.count)
    var changed = [CartDiff.FieldSet](repeating: .init(), count: new.count)
    let oldKeys = UnsafeMutableBufferPointer<ItemIDOrder.Key>.allocate(capacity: old.count)
    let newKeys = UnsafeMutableBufferPointer<ItemIDOrder.Key>.allocate(capacity: new.count)
    defer {
      oldKeys.deallocate()
      newKeys.deallocate()
    }
    let repeated = old.withUnsafeBufferPointer { oldItems in
      new.withUnsafeBufferPointer { newItems in
        oldIndexOfNew.withUnsafeMutableBufferPointer { oldIndexOfNew in
          newIndexOfOld.withUnsafeMutableBufferPointer { newIndexOfOld in
            changed.withUnsafeMutableBufferPointer { changed in
              let matcher = Matcher(
                old: oldItems, new: newItems, oldKeys: oldKeys, newKeys: newKeys, oldIndexOfNew: oldIndexOfNew,
                newIndexOfOld: newIndexOfOld, changed: changed)
              let pairs = matcher.walkInStep()
              // With no pair yet, the sort below sees every item and finds any repeat.
              if pairs > 0, matcher.hasRepeats(oldItems: old, newItems: new) { return true }
              return !matcher.matchTheRest(oldItems: old, newItems: new)
            }
          }
        }
      }
    }
    if repeated { throw Self.duplicates(old, new) }
    // Moved until the LIS says otherwise.
    var isMoved = [Bool](repeating: false, count: new.count)
    isMoved.withUnsafeMutableBufferPointer { isMoved in
      oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
        for index in oldIndexOfNew.indices where oldIndexOfNew[index] != Self.absent { isMoved[index] = true }
        // The kept items' old positions, in new order: those in the LIS stay put.
        CartDiff.longestIncreasingSubsequence(oldIndexOfNew) { isMoved[$0] = false }
      }
    }
    self.oldIndexOfNew = oldIndexOfNew
    self.newIndexOfOld = newIndexOfOld
    self.isMoved = isMoved
    self.changed = changed
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

  /// The matching's state: both carts' items, their keys and the results, as pointers
  /// (reading an item out of an array would copy it, retaining every field's storage).
  ///
  /// Safety: every buffer is borrowed from an array (or, for the keys, allocated with
  /// the cart's count) inside `init`'s `withUnsafe…BufferPointer` calls, and the matcher
  /// lives only inside them; the buffers' subscripts check their bounds in debug builds,
  /// and the item pointers handed to ``CartDiff/changedFields(_:_:)`` are asserted to
  /// lie inside their cart.
  private struct Matcher {
    let old: UnsafeBufferPointer<ShoppingCart.Item>
    let new: UnsafeBufferPointer<ShoppingCart.Item>
    /// Filled by ``walkInStep()``, every item of each cart.
    let oldKeys: UnsafeMutableBufferPointer<ItemIDOrder.Key>
    let newKeys: UnsafeMutableBufferPointer<ItemIDOrder.Key>
    let oldIndexOfNew: UnsafeMutableBufferPointer<Int32>
    let newIndexOfOld: UnsafeMutableBufferPointer<Int32>
    let changed: UnsafeMutableBufferPointer<CartDiff.FieldSet>

    /// Keys every item of both carts and matches the new items found among the next
    /// ``CartAlignment/window`` old items after the last match, comparing their fields.
    /// Returns how many pairs it matched.
    func walkInStep() -> Int {
      guard let oldItems = old.baseAddress, let newItems = new.baseAddress else {
        for index in old.indices { oldKeys[index] = ItemIDOrder.key(old[index].id) }
        for index in new.indices { newKeys[index] = ItemIDOrder.key(new[index].id) }
        return 0
      }
      // The old item expected next; old items keyed so far (the window's, in order).
      var cursor = 0
      var keyed = 0
      var pairs = 0
      for newIndex in new.indices {
        let key = ItemIDOrder.key(newItems[newIndex].id)
        newKeys[newIndex] = key
        let end = min(old.count, cursor + CartAlignment.window)
        var probe = cursor
        while probe < end {
          if probe == keyed {
            oldKeys[probe] = ItemIDOrder.key(oldItems[probe].id)
            keyed += 1
          }
          if oldKeys[probe] == key,
            key.spellsTheID || ItemIDOrder.compare(oldItems[probe].id, newItems[newIndex].id) == 0
          {
            oldIndexOfNew[newIndex] = Int32(truncatingIfNeeded: probe)
            newIndexOfOld[probe] = Int32(truncatingIfNeeded: newIndex)
            assert(probe < old.count && newIndex < new.count)
            changed[newIndex] = CartDiff.changedFields(oldItems + probe, newItems + newIndex)
            pairs += 1
            cursor = probe + 1
            break
          }
          probe += 1
        }
      }
      while keyed < old.count {
        oldKeys[keyed] = ItemIDOrder.key(oldItems[keyed].id)
        keyed += 1
      }
      return pairs
    }

    /// True when either cart has an id twice.
    func hasRepeats(oldItems: [ShoppingCart.Item], newItems: [ShoppingCart.Item]) -> Bool {
      for (keys, firstSlot) in [(UnsafeBufferPointer(oldKeys), 0), (UnsafeBufferPointer(newKeys), old.count)] {
        let candidates = PossibleRepeats.candidates(keys)
        guard !candidates.isEmpty else { continue }
        let entries = candidates.map { ItemIDOrder.Entry(key: keys[$0], slot: firstSlot + $0) }
        if ItemIDOrder.hasRepeats(entries, old: oldItems, new: newItems) { return true }
      }
      return false
    }

    /// Matches the items the walk left by sorting them by id, and compares the fields of
    /// the pairs found. Returns false, matching nothing, when an id repeats among them.
    func matchTheRest(oldItems: [ShoppingCart.Item], newItems: [ShoppingCart.Item]) -> Bool {
      var rest: [ItemIDOrder.Entry] = []
      for index in old.indices where newIndexOfOld[index] == CartAlignment.absent {
        rest.append(.init(key: oldKeys[index], slot: index))
      }
      for index in new.indices where oldIndexOfNew[index] == CartAlignment.absent {
        rest.append(.init(key: newKeys[index], slot: old.count + index))
      }
      guard !rest.isEmpty else { return true }
      let oldCount = old.count
      // New items matched here, compared afterwards in new order.
      var pending = [Bool](repeating: false, count: new.count)
      var repeated = false
      let sorted = ItemIDOrder.sorted(rest, old: oldItems, new: newItems)
      sorted.withUnsafeBufferPointer { sorted in
        ItemIDOrder.forEachRun(of: sorted, old: oldItems, new: newItems) { run in
          guard run.count > 1 else { return }
          let first = run[run.startIndex].slot
          let second = run[run.startIndex + 1].slot
          guard run.count == 2, first < oldCount, second >= oldCount else {
            repeated = true
            return
          }
          oldIndexOfNew[second - oldCount] = Int32(truncatingIfNeeded: first)
          newIndexOfOld[first] = Int32(truncatingIfNeeded: second - oldCount)
          pending[second - oldCount] = true
        }
      }
      guard !repeated, let oldBase = old.baseAddress, let newBase = new.baseAddress else { return !repeated }
      for index in new.indices where pending[index] {
        assert(Int(oldIndexOfNew[index]) < old.count)
        changed[index] = CartDiff.changedFields(oldBase + Int(oldIndexOfNew[index]), newBase + index)
      }
      return true
    }
  }
}
