import RenderCore

extension ShoppingCart {
  /// The changes that turn `previous` (the cart shown before) into this cart.
  ///
  /// - Complexity: O(*n* log *n*) time, O(*n*) memory; see ``CartDiff/init(from:to:)``.
  /// - Throws: ``CartDiff/DuplicateIDError`` when either cart has an id twice.
  package func difference(from previous: ShoppingCart) throws(CartDiff.DuplicateIDError) -> CartDiff {
    try CartDiff(from: previous, to: self)
  }

  /// One problem per item whose id an earlier item already has, at `$.items[i].id`:
  /// the same lines decoding reports. Empty for a decoded cart; a cart built in code
  /// may have some, and cannot be diffed then.
  package var duplicateIDProblems: [DataProblem] {
    var log = ProblemLog()
    _ = ItemIDIndex(items, log: &log)
    return log.problems
  }
}

/// Item ids to item positions, refusing a repeated id with the contract's line
/// `$.items[1].id: duplicate item id "A" (first at $.items[0])`: decoding and diffing
/// both find duplicates through this one type. A `Dictionary` that nothing iterates, so
/// its per-process hash seed never reaches any output.
///
/// Ids are opaque point-of-sale strings, compared byte for byte (UTF-8), not by Swift's
/// canonical equivalence: `"é"` and `"e\u{301}"` are two different ids.
///
/// - Complexity: O(1) expected per insertion and lookup.
struct ItemIDIndex {
  private var positions: [ExactID: Int]

  /// An empty index with room for `capacity` ids before it grows.
  init(capacity: Int = 0) {
    positions = Dictionary(minimumCapacity: capacity)
  }

  /// Indexes a whole item list whose JSON path is `itemsPath`, logging duplicates.
  init(
    _ items: [ShoppingCart.Item], itemsPath: JSONPath = JSONPath.root.appending(key: ShoppingCart.Key.items.rawValue),
    log: inout ProblemLog
  ) {
    self.init(capacity: items.count)
    for index in items.indices {
      if let first = insert(items[index].id, position: index) {
        Self.logDuplicate(items[index].id, at: index, first: first, itemsPath: itemsPath, log: &log)
      }
    }
  }

  /// The position recorded for `id`, or nil.
  func position(of id: String) -> Int? { positions[ExactID(id)] }

  /// Records `id` at `position`; when it is already recorded, records nothing and
  /// returns the earlier position.
  mutating func insert(_ id: String, position: Int) -> Int? {
    let key = ExactID(id)
    if let first = positions[key] { return first }
    positions[key] = position
    return nil
  }

  /// The contract's line for the item at `itemsPath[index]` repeating the id of `itemsPath[first]`.
  static func logDuplicate(_ id: String, at index: Int, first: Int, itemsPath: JSONPath, log: inout ProblemLog) {
    log.add(
      itemsPath.appending(index: index).appending(key: ShoppingCart.Item.Key.id.rawValue),
      "duplicate item id \(Echo.quoted(id)) (first at \(itemsPath.appending(index: first)))")
  }
}

/// An id as a dictionary key that is equal only to the same UTF-8 bytes: Swift's
/// `String` equality and hashing follow canonical equivalence (and normalise to hash).
struct ExactID: Hashable {
  let id: String

  init(_ id: String) { self.id = id }

  static func == (lhs: ExactID, rhs: ExactID) -> Bool { lhs.id.utf8.elementsEqual(rhs.id.utf8) }

  func hash(into hasher: inout Hasher) {
    let hashedInPlace: Void? = id.utf8.withContiguousStorageIfAvailable {
      hasher.combine(bytes: UnsafeRawBufferPointer($0))
    }
    if hashedInPlace == nil {
      for byte in id.utf8 { hasher.combine(byte) }
    }
    hasher.combine(id.utf8.count)
  }
}
