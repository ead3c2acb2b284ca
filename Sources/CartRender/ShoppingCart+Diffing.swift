import RenderCore

extension ShoppingCart {
  /// The changes that turn `previous` (the cart shown before) into this cart.
  ///
  /// - Complexity: O(*n* log *n*) time, O(*n*) memory; see ``CartDiff/init(from:to:)``.
  /// - Throws: ``CartDiff/DuplicateIDError`` when either cart has an id twice.
  public func difference(from previous: ShoppingCart) throws(CartDiff.DuplicateIDError) -> CartDiff {
    try CartDiff(from: previous, to: self)
  }

  /// One problem per item whose id an earlier item already has, at `$.items[i].id`:
  /// the same lines decoding reports. Empty for a decoded cart; a cart built in code
  /// may have some, and cannot be diffed then.
  public var duplicateIDProblems: [DataProblem] {
    var log = ProblemLog()
    _ = ItemIDIndex(items, log: &log)
    return log.problems
  }
}

/// Item ids to item positions, refusing a repeated id with the contract's line
/// `$.items[1].id: duplicate item id "A" (first at $.items[0])`: decoding and diffing
/// both find duplicates through this one type.
///
/// Made for the diff's hot loop: a hash set with open addressing and linear probing in
/// one array of 8-byte slots, at most half full, each slot holding a tag of the id's
/// hash and the item's position. An insertion or a lookup usually reads one cache line;
/// ids are compared (through `idAt`, reading the caller's items) only when tags agree.
/// A `Dictionary<String, Int>` reads three arrays per operation and takes three times
/// the memory, which at 100,000 ids made the diff memory-bound. Hashes are Swift's
/// seeded SipHash (`hashValue`), so ids crafted to collide cannot make it quadratic;
/// nothing iterates the table, so the per-process seed never reaches any output.
///
/// - Complexity: O(1) expected per insertion and lookup; 8 to 16 bytes per id.
struct ItemIDIndex {
  /// 0 for an empty slot, else `tag << positionBits | (position + 1)`.
  private var slots: [UInt64]
  private var count = 0

  private static let positionBits: UInt64 = 40
  private static let positionMask: UInt64 = (1 << positionBits) - 1

  /// An empty index with room for `capacity` ids before it grows.
  init(capacity: Int = 0) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = Array(repeating: 0, count: size)
  }

  /// Indexes a whole item list whose JSON path is `itemsPath`, logging duplicates.
  init(_ items: [ShoppingCart.Item], itemsPath: JSONPath = JSONPath.root.appending(key: "items"), log: inout ProblemLog)
  {
    self.init(capacity: items.count)
    for index in items.indices {
      if let first = insert(items[index].id, position: index, idAt: { items[$0].id }) {
        Self.logDuplicate(items[index].id, at: index, first: first, itemsPath: itemsPath, log: &log)
      }
    }
  }

  /// The position recorded for `id`, or nil. `idAt(position)` is the id at a position.
  func position(of id: String, idAt: (Int) -> String) -> Int? {
    switch probe(id, hash: Self.hash(id), idAt: idAt) {
    case .found(let position): position
    case .empty: nil
    }
  }

  /// Records `id` at `position`; when it is already recorded, records nothing and
  /// returns the earlier position.
  mutating func insert(_ id: String, position: Int, idAt: (Int) -> String) -> Int? {
    let hash = Self.hash(id)
    switch probe(id, hash: hash, idAt: idAt) {
    case .found(let first):
      return first
    case .empty(let slot):
      slots[slot] = (hash >> Self.positionBits) << Self.positionBits | (UInt64(position + 1) & Self.positionMask)
      count += 1
      if count * 2 > slots.count { grow(idAt: idAt) }
      return nil
    }
  }

  /// The contract's line for the item at `itemsPath[index]` repeating the id of `itemsPath[first]`.
  static func logDuplicate(_ id: String, at index: Int, first: Int, itemsPath: JSONPath, log: inout ProblemLog) {
    log.add(
      itemsPath.appending(index: index).appending(key: "id"),
      "duplicate item id \(JSONOutput.quoted(id)) (first at \(itemsPath.appending(index: first)))")
  }

  private enum Probe {
    case found(position: Int)
    case empty(slot: Int)
  }

  private static func hash(_ id: String) -> UInt64 { UInt64(UInt(bitPattern: id.hashValue)) }

  /// The slot holding `id`, or the empty slot where it would go. The table is never more
  /// than half full, so an empty slot ends every walk.
  private func probe(_ id: String, hash: UInt64, idAt: (Int) -> String) -> Probe {
    let mask = slots.count - 1
    let tag = hash >> Self.positionBits
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let value = slots[slot]
      if value == 0 { return .empty(slot: slot) }
      if value >> Self.positionBits == tag {
        let position = Int(truncatingIfNeeded: value & Self.positionMask) - 1
        if idAt(position) == id { return .found(position: position) }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Doubles the table, placing every entry again.
  private mutating func grow(idAt: (Int) -> String) {
    var larger = [UInt64](repeating: 0, count: slots.count * 2)
    let mask = larger.count - 1
    for value in slots where value != 0 {
      let position = Int(truncatingIfNeeded: value & Self.positionMask) - 1
      var slot = Int(truncatingIfNeeded: Self.hash(idAt(position))) & mask
      while larger[slot] != 0 { slot = (slot + 1) & mask }
      larger[slot] = value
    }
    slots = larger
  }
}
