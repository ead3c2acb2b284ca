import Foundation
import RenderCore

/// What changed between two carts of one session, keyed by item `id`: the hints the
/// customer's screen animates (`render-cli diff`, and `data-change` with `--previous`).
///
/// Every id list follows the new cart's order, except ``removed`` (the old cart's order).
/// An item that moved and changed is listed in both ``moved`` and ``updated``.
///
/// ```swift
/// let diff = try CartDiff(from: shown, to: next)   // A B C D → B C D A
/// diff.moved                                       // ["A"]
/// ```
public struct CartDiff: Sendable, Equatable {
  /// An item field whose value differs between the two carts. `allCases` is the fixed
  /// order ``Update/fields`` lists them in (money first: what animations highlight).
  public enum Field: String, CaseIterable, Sendable {
    case quantity
    case totalPrice
    case totalAdjustedPrice
    case name
    case descriptions
    case details
  }

  /// An item in both carts whose fields differ.
  public struct Update: Sendable, Equatable {
    public var id: String
    /// Never empty; in ``Field`` order.
    public var fields: [Field]

    public init(id: String, fields: [Field]) {
      self.id = id
      self.fields = fields
    }
  }

  /// Why two carts cannot be compared: an id appears twice in one of them, so which old
  /// item became which new one has no answer. Each problem is the contract's line, e.g.
  /// `$.items[1].id: duplicate item id "A" (first at $.items[0])`.
  public struct DuplicateIDError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Problems in the cart shown before.
    public var old: [DataProblem]
    /// Problems in the cart shown now.
    public var new: [DataProblem]

    public init(old: [DataProblem], new: [DataProblem]) {
      self.old = old
      self.new = new
    }

    /// The contract's error lines, each naming the file its cart came from.
    public func lines(oldFile: String, newFile: String) -> [String] {
      DataErrors(old).lines(file: oldFile) + DataErrors(new).lines(file: newFile)
    }

    public var description: String { lines(oldFile: "old cart", newFile: "new cart").joined(separator: "\n") }
  }

  /// Ids only in the new cart.
  public var inserted: [String]
  /// Ids only in the old cart, in the old cart's order.
  public var removed: [String]
  /// Ids in both carts that changed place: the fewest whose relocation explains the new
  /// order (`A B C D` → `B C D A` moves only `A`).
  public var moved: [String]
  /// Ids in both carts whose fields differ, each with the fields.
  public var updated: [Update]
  /// The summary lines (labels, values or their order) or the footer differ, or a
  /// summary appeared or went away. The total is ``totalChanged``'s business.
  public var summaryChanged: Bool
  /// `summary.total` differs in value (`14.3` equals `14.30`), appeared, or went away.
  public var totalChanged: Bool

  /// Compares the cart shown before (`old`) with the one shown now (`new`).
  ///
  /// Items are matched by `id`. A kept item is *moved* when it lies outside a longest
  /// increasing subsequence (LIS) of the kept items' old positions, taken in new order:
  /// the LIS is the largest set of kept items whose relative order did not change, so
  /// the items outside it are the fewest that must move. The LIS is found by patience
  /// sorting with predecessor links (Schensted 1961; Fredman, "On computing the length of
  /// longest increasing subsequences", Discrete Mathematics 11, 1975; described in Aldous
  /// and Diaconis, "Longest increasing subsequences: from patience sorting to the
  /// Baik–Deift–Johansson theorem", Bull. AMS 36, 1999). When several are longest, the
  /// one found is fixed by the input, so the same pair always gives the same answer.
  ///
  /// - Complexity: O(*n* log *n*) time and O(*n*) memory, *n* the two carts' item
  ///   counts summed: both carts are read once in step, items still in order matched
  ///   as they come, the rest sorted by id (a bucket sort on a key of each id's length
  ///   and last bytes, see `ItemIDOrder` and `CartAlignment`); no id is hashed whole,
  ///   and a kept item out of order costs a binary search.
  /// - Throws: ``DuplicateIDError`` when either cart has an id twice, listing every
  ///   repeat in both carts; no diff is made.
  public init(from old: ShoppingCart, to new: ShoppingCart) throws(DuplicateIDError) {
    self.init(try CartAlignment(old, new), old: old, new: new)
  }

  init(_ alignment: CartAlignment, old: ShoppingCart, new: ShoppingCart) {
    var inserted: [String] = []
    var moved: [String] = []
    var updated: [Update] = []
    for index in new.items.indices {
      guard alignment.oldIndexOfNew[index] != CartAlignment.absent else {
        inserted.append(new.items[index].id)
        continue
      }
      if alignment.isMoved[index] { moved.append(new.items[index].id) }
      let changed = alignment.changed[index]
      if !changed.isEmpty { updated.append(Update(id: new.items[index].id, fields: changed.fields)) }
    }
    var removed: [String] = []
    for index in old.items.indices where alignment.newIndexOfOld[index] == CartAlignment.absent {
      removed.append(old.items[index].id)
    }
    self.inserted = inserted
    self.removed = removed
    self.moved = moved
    self.updated = updated
    summaryChanged =
      old.summary?.summaryLines != new.summary?.summaryLines || old.summary?.footer != new.summary?.footer
    totalChanged = old.summary?.total != new.summary?.total
  }

  /// True when the two carts show the same thing.
  public var isEmpty: Bool {
    inserted.isEmpty && removed.isEmpty && moved.isEmpty && updated.isEmpty && !summaryChanged && !totalChanged
  }

  /// A set of ``Field``s in one byte, bit *i* for `Field.allCases[i]`.
  struct FieldSet: Equatable, Sendable {
    var rawValue: UInt8 = 0

    var isEmpty: Bool { rawValue == 0 }

    mutating func insert(_ field: Field) { rawValue |= Self.bit(field) }

    /// In ``Field`` order.
    var fields: [Field] { Self.lists[Int(rawValue)] }

    /// The field list of every set, made once: an update asks for one per row.
    private static let lists: [[Field]] = (0..<64).map { set in
      Field.allCases.filter { UInt8(set) & bit($0) != 0 }
    }

    private static func bit(_ field: Field) -> UInt8 {
      switch field {
      case .quantity: 1
      case .totalPrice: 2
      case .totalAdjustedPrice: 4
      case .name: 8
      case .descriptions: 16
      case .details: 32
      }
    }
  }

  /// The fields of `new` that differ from `old`. Amounts compare by value (`14.3`
  /// equals `14.30`), text as Swift's `==` (canonical equivalence); the standard
  /// library answers equal strings and arrays that share storage without reading it.
  static func changedFields(_ old: ShoppingCart.Item, _ new: ShoppingCart.Item) -> FieldSet {
    var fields = FieldSet()
    if old.quantity != new.quantity { fields.insert(.quantity) }
    if !old.totalPrice.isSameValue(as: new.totalPrice) { fields.insert(.totalPrice) }
    switch (old.totalAdjustedPrice, new.totalAdjustedPrice) {
    case (nil, nil): break
    case (let before?, let after?): if !before.isSameValue(as: after) { fields.insert(.totalAdjustedPrice) }
    default: fields.insert(.totalAdjustedPrice)
    }
    if old.name != new.name { fields.insert(.name) }
    if old.descriptions != new.descriptions { fields.insert(.descriptions) }
    if old.details != new.details { fields.insert(.details) }
    return fields
  }

  /// Indexes into `values` of one longest strictly increasing subsequence of its
  /// non-negative entries, ascending. Negative entries (items in one cart only) are
  /// skipped. See ``longestIncreasingSubsequence(_:_:)``.
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var indexes: [Int] = []
    longestIncreasingSubsequence(values) { indexes.append($0) }
    return indexes.reversed()
  }

  /// Calls `body` with the index into `values` of each member of one longest strictly
  /// increasing subsequence of its non-negative entries, last member first. Negative
  /// entries (items in one cart only) are skipped; `values` has fewer than `Int32.max`.
  ///
  /// Patience sorting: each value goes on the leftmost pile whose top is not smaller
  /// (found by binary search) and remembers the top of the pile to its left as its
  /// predecessor. The number of piles is the LIS length; following predecessors back
  /// from the last pile's top spells one LIS. A value above every top (an item still
  /// in order, the common case) starts a new pile without a search.
  ///
  /// - Complexity: O(*n* log *n*) time, O(*n*) memory.
  static func longestIncreasingSubsequence<Value: FixedWidthInteger>(_ values: [Value], _ body: (Int) -> Void) {
    // tops[k]: index of the smallest value ending an increasing run of length k + 1;
    // topValues[k] is that value, kept beside it so the search reads one array.
    // predecessor[i] is written when values[i] is placed, and read only after.
    var tops = [Int32](repeating: -1, count: values.count)
    var topValues = [Value](repeating: 0, count: values.count)
    var predecessor = [Int32](repeating: -1, count: values.count)
    var piles = 0
    for (index, value) in values.enumerated() {
      guard value >= 0 else { continue }
      var low = 0
      if piles > 0, topValues[piles - 1] < value {
        low = piles
      } else {
        var high = piles
        while low < high {
          let middle = (low + high) / 2
          if topValues[middle] < value { low = middle + 1 } else { high = middle }
        }
      }
      predecessor[index] = low > 0 ? tops[low - 1] : -1
      tops[low] = Int32(truncatingIfNeeded: index)
      topValues[low] = value
      if low == piles { piles += 1 }
    }
    var current = piles > 0 ? Int(tops[piles - 1]) : -1
    while current >= 0 {
      body(current)
      current = Int(predecessor[current])
    }
  }
}
