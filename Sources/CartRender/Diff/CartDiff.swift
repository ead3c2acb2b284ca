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
///
/// The comparison is the package's own (`render-cli diff`, ``CartUpdate``); a library
/// user meets only its error, ``DuplicateIDError``, from ``CartUpdate/init(_:previous:)``.
public struct CartDiff: Sendable, Equatable {
  /// An item field whose value differs between the two carts. `allCases` is the fixed
  /// order ``Update/fields`` lists them in (money first: what animations highlight).
  package enum Field: String, CaseIterable, Sendable {
    case quantity
    case totalPrice
    case totalAdjustedPrice
    case name
    case descriptions
    case details
  }

  /// An item in both carts whose fields differ.
  package struct Update: Sendable, Equatable {
    package var id: String
    /// Never empty; in ``Field`` order.
    package var fields: [Field]

    package init(id: String, fields: [Field]) {
      self.id = id
      self.fields = fields
    }
  }

  /// Why two carts cannot be compared: an id appears twice in one of them, so which old
  /// item became which new one has no answer. Each problem is the contract's line, e.g.
  /// `$.items[1].id: duplicate item id "A" (first at $.items[0])`.
  public struct DuplicateIDError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Problems in the cart shown before.
    public package(set) var old: [DataProblem]
    /// Problems in the cart shown now.
    public package(set) var new: [DataProblem]

    package init(old: [DataProblem], new: [DataProblem]) {
      self.old = old
      self.new = new
    }

    /// The contract's error lines, each naming the file its cart came from.
    package func lines(oldFile: String, newFile: String) -> [String] {
      DataErrors(old).lines(file: oldFile) + DataErrors(new).lines(file: newFile)
    }

    /// The lines for carts named "old cart" and "new cart".
    public var description: String { lines(oldFile: "old cart", newFile: "new cart").joined(separator: "\n") }
  }

  /// Ids only in the new cart.
  package var inserted: [String]
  /// Ids only in the old cart, in the old cart's order.
  package var removed: [String]
  /// Ids in both carts that changed place: the fewest whose relocation explains the new
  /// order (`A B C D` → `B C D A` moves only `A`).
  package var moved: [String]
  /// Ids in both carts whose fields differ, each with the fields.
  package var updated: [Update]
  /// The summary lines (labels, values or their order) or the footer differ, or a
  /// summary appeared or went away. The total is ``totalChanged``'s business.
  package var summaryChanged: Bool
  /// `summary.total` differs in value (`14.3` equals `14.30`), appeared, or went away.
  package var totalChanged: Bool

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
  package init(from old: ShoppingCart, to new: ShoppingCart) throws(DuplicateIDError) {
    self.init(try CartAlignment(old, new), old: old, new: new)
  }

  init(_ alignment: CartAlignment, old: ShoppingCart, new: ShoppingCart) {
    var inserted: [String] = []
    var moved: [String] = []
    var updated: [Update] = []
    // Indexes, not `enumerated()`: copying whole items would touch every field's storage.
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
  package var isEmpty: Bool {
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

  /// The fields of `new` that differ from `old`. Fields are read in place through the
  /// pointers: copying whole items would retain and release every field's storage.
  ///
  /// Safety: `old` and `new` point at items of the two carts' arrays, which the caller
  /// (``CartAlignment``) keeps alive and unchanged inside `withUnsafeBufferPointer` for
  /// the whole comparison; nothing here keeps a pointer past the call.
  static func changedFields(_ old: UnsafePointer<ShoppingCart.Item>, _ new: UnsafePointer<ShoppingCart.Item>)
    -> FieldSet
  {
    var fields = FieldSet()
    if old.pointee.quantity != new.pointee.quantity { fields.insert(.quantity) }
    if !same(old.pointee.totalPrice, new.pointee.totalPrice) { fields.insert(.totalPrice) }
    switch (old.pointee.totalAdjustedPrice, new.pointee.totalAdjustedPrice) {
    case (nil, nil): break
    case (let before?, let after?): if !same(before, after) { fields.insert(.totalAdjustedPrice) }
    default: fields.insert(.totalAdjustedPrice)
    }
    // A string or an array whose bits are the same in both items is the same value (the
    // same inline bytes, or storage both share), which spares reading its storage.
    if !sameBits(old.pointer(to: \.name), new.pointer(to: \.name)), !same(old.pointee.name, new.pointee.name) {
      fields.insert(.name)
    }
    if !sameBits(old.pointer(to: \.descriptions), new.pointer(to: \.descriptions)),
      !same(old.pointee.descriptions, new.pointee.descriptions)
    {
      fields.insert(.descriptions)
    }
    if !sameBits(old.pointer(to: \.details), new.pointer(to: \.details)),
      !same(old.pointee.details, new.pointee.details)
    {
      fields.insert(.details)
    }
    return fields
  }

  /// True when the two values have the same bits, so are equal (a ``SameBitsMeanEqual``
  /// type: the same inline bytes, or the same storage, which is immutable while shared);
  /// false also when there is no pointer.
  ///
  /// Safety: reads exactly `MemoryLayout<T>.size` bytes of each value, which the pointers
  /// address whole; it reads no storage the values refer to.
  @inline(__always)
  static func sameBits<T: SameBitsMeanEqual>(_ lhs: UnsafePointer<T>?, _ rhs: UnsafePointer<T>?) -> Bool {
    guard let lhs, let rhs else { return false }
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    var offset = 0
    while offset + 8 <= MemoryLayout<T>.size {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    while offset < MemoryLayout<T>.size {
      guard left.load(fromByteOffset: offset, as: UInt8.self) == right.load(fromByteOffset: offset, as: UInt8.self)
      else { return false }
      offset += 1
    }
    return true
  }

  /// Decimal equality (`14.3` equals `14.30`), exactly Foundation's `==`: answered from
  /// the bytes when both are stored alike, as two amounts decoded from the same literal
  /// are, else by ``Decimal/isSameValue(as:)`` (Foundation's `==` normalises both
  /// mantissas, which costs more than the rest of an item's comparison).
  static func same(_ lhs: Decimal, _ rhs: Decimal) -> Bool {
    // Word by word, inline: a `memcmp` call per amount cost a tenth of a large diff.
    let identical = withUnsafeBytes(of: lhs) { left in
      withUnsafeBytes(of: rhs) { right in
        var offset = 0
        while offset + 8 <= left.count {
          guard
            left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
              == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          else { return false }
          offset += 8
        }
        while offset < left.count {
          guard left[offset] == right[offset] else { return false }
          offset += 1
        }
        return true
      }
    }
    return (identical && !lhs.isNaN) || lhs.isSameValue(as: rhs)
  }

  /// String equality as Swift's `==` has it (canonical equivalence), answered from the
  /// bytes when they are the same: for long text `==` is a library call that compares
  /// through several layers, and normalises both sides unless both are ASCII.
  static func same(_ lhs: String, _ rhs: String) -> Bool {
    // Up to 15 bytes Swift keeps a string inline, and `==` compares those words inline.
    guard lhs.utf8.count > 15, lhs.utf8.count == rhs.utf8.count else { return lhs == rhs }
    let identical = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return false }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
    if identical == true { return true }
    return lhs == rhs
  }

  /// Array equality as `==` has it: the same count, and each string ``same(_:_:)-(String,_)``.
  static func same(_ lhs: [String], _ rhs: [String]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBufferPointer { left in
      rhs.withUnsafeBufferPointer { right in
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        for index in left.indices
        where !sameBits(leftBase + index, rightBase + index) && !same(left[index], right[index]) {
          return false
        }
        return true
      }
    }
  }

  /// Indexes into `values` of one longest strictly increasing subsequence of its
  /// non-negative entries, ascending. Negative entries (items in one cart only) are
  /// skipped. See ``longestIncreasingSubsequence(_:_:)``.
  static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    var indexes: [Int] = []
    values.withUnsafeBufferPointer { values in longestIncreasingSubsequence(values) { indexes.append($0) } }
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
  static func longestIncreasingSubsequence<Value: FixedWidthInteger>(
    _ values: UnsafeBufferPointer<Value>, _ body: (Int) -> Void
  ) {
    let count = values.count
    // tops[k]: index of the smallest value ending an increasing run of length k + 1;
    // topValues[k] is that value, kept beside it so the search reads one array.
    // predecessor[i] is written when values[i] is placed, and read only after.
    // Safety: the three buffers hold `count` elements, allocated and freed here; every
    // index used is below `count` (a pile index is at most the values placed so far).
    let tops = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    let topValues = UnsafeMutablePointer<Value>.allocate(capacity: count)
    let predecessor = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    defer {
      tops.deallocate()
      topValues.deallocate()
      predecessor.deallocate()
    }
    var piles = 0
    for index in values.indices {
      let value = values[index]
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
      assert(low <= piles && piles < count && index < count)
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

/// A type whose two values are equal when their bits are: `String` (the same inline
/// bytes, or the same immutable storage) and arrays of strings. The only types
/// ``CartDiff/sameBits(_:_:)`` compares.
protocol SameBitsMeanEqual {}

extension String: SameBitsMeanEqual {}

extension Array: SameBitsMeanEqual where Element == String {}
