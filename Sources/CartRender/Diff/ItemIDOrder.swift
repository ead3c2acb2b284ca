import Foundation
import RenderCore

/// A cart's item positions sorted by id, so two carts' items are matched by merging two
/// sorted lists and repeated ids stand side by side: ``CartDiff``'s matcher, in
/// O(*n* log *n*) with no hash table and no hashing of whole ids.
///
/// Items are first ordered by a 64-bit key made of the id's length and its last eight
/// UTF-8 bytes (where point-of-sale ids usually differ: `SKU-10041`, `SKU-10042`), with
/// an LSD radix sort that keeps equal keys in position order; only runs of equal keys
/// are then sorted by their whole UTF-8 bytes. Ids are compared byte for byte, not by
/// Swift's canonical equivalence: `"é"` and `"e\u{301}"` are two ids.
struct ItemIDOrder {
  /// Item positions, by (key, UTF-8 bytes, position).
  private(set) var positions: [Int]
  /// `keys[k]` is the key of the item at `positions[k]`.
  private(set) var keys: [UInt64]

  init(_ items: [ShoppingCart.Item]) {
    var keys: [UInt64] = []
    keys.reserveCapacity(items.count)
    // By index: a closure over the items would copy each whole item.
    for index in items.indices { keys.append(Self.key(items[index].id)) }
    var positions = Array(items.indices)
    Self.radixSort(&keys, &positions)
    // Equal keys: the whole ids decide, then the position (the first of a repeat leads).
    var runStart = 0
    while runStart < keys.count {
      var runEnd = runStart + 1
      while runEnd < keys.count, keys[runEnd] == keys[runStart] { runEnd += 1 }
      if runEnd - runStart > 1 {
        positions[runStart..<runEnd].sort { lhs, rhs in
          let order = Self.compare(items[lhs].id, items[rhs].id)
          return order != 0 ? order < 0 : lhs < rhs
        }
      }
      runStart = runEnd
    }
    self.positions = positions
    self.keys = keys
  }

  /// Each repeated id's later positions with the position of its first item, in
  /// position order: `[(index: 3, first: 0)]` when items 0 and 3 share an id.
  func repeats(in items: [ShoppingCart.Item]) -> [(index: Int, first: Int)] {
    var found: [(index: Int, first: Int)] = []
    var groupFirst = 0
    for slot in positions.indices.dropFirst() {
      let previous = positions[slot - 1]
      let current = positions[slot]
      if keys[slot] == keys[slot - 1], Self.compare(items[previous].id, items[current].id) == 0 {
        found.append((current, positions[groupFirst]))
      } else {
        groupFirst = slot
      }
    }
    return found.sorted { $0.index < $1.index }
  }

  /// Three-way comparison in this order: key, then UTF-8 bytes.
  static func compare(key lhsKey: UInt64, _ lhs: String, key rhsKey: UInt64, _ rhs: String) -> Int {
    if lhsKey != rhsKey { return lhsKey < rhsKey ? -1 : 1 }
    return compare(lhs, rhs)
  }

  /// Three-way comparison of the UTF-8 bytes: negative, zero or positive.
  static func compare(_ lhs: String, _ rhs: String) -> Int {
    func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
      let common = min(left.count, right.count)
      if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
        let order = memcmp(leftBase, rightBase, common)
        if order != 0 { return Int(order) }
      }
      return left.count - right.count
    }
    let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in compare(left, right) }
    }
    if let fast, let order = fast { return order }
    var left = lhs
    var right = rhs
    return left.withUTF8 { left in right.withUTF8 { right in compare(left, right) } }
  }

  /// The id's length mixed with its last eight UTF-8 bytes: equal ids have equal keys.
  static func key(_ id: String) -> UInt64 {
    func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
      var tail: UInt64 = 0
      for index in max(0, bytes.count - 8)..<bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
      return tail ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    }
    if let found = id.utf8.withContiguousStorageIfAvailable(key) { return found }
    var contiguous = id
    return contiguous.withUTF8(key)
  }

  /// Sorts `keys` ascending, moving `positions` along; stable (LSD, 11 bits a pass, six
  /// passes). One read counts every digit; a digit that is the same in every key costs
  /// no pass.
  private static func radixSort(_ keys: inout [UInt64], _ positions: inout [Int]) {
    let count = keys.count
    guard count > 1 else { return }
    // Small carts: the histograms would cost more than a comparison sort.
    if count < 512 {
      let sorted = zip(keys, positions).sorted { ($0.0, $0.1) < ($1.0, $1.1) }
      keys = sorted.map(\.0)
      positions = sorted.map(\.1)
      return
    }
    let bits = 11
    let buckets = 1 << bits
    let passes = (64 + bits - 1) / bits
    var counts = [Int](repeating: 0, count: passes * buckets)
    counts.withUnsafeMutableBufferPointer { counts in
      keys.withUnsafeBufferPointer { keys in
        for key in keys {
          for pass in 0..<passes {
            counts[pass * buckets + Int(truncatingIfNeeded: key >> UInt64(bits * pass)) & (buckets - 1)] += 1
          }
        }
      }
    }
    var otherKeys = [UInt64](repeating: 0, count: count)
    var otherPositions = [Int](repeating: 0, count: count)
    for pass in 0..<passes {
      let base = pass * buckets
      if counts[base..<(base + buckets)].contains(count) { continue }
      var total = 0
      for slot in base..<(base + buckets) {
        let here = counts[slot]
        counts[slot] = total
        total += here
      }
      let shift = UInt64(bits * pass)
      counts.withUnsafeMutableBufferPointer { counts in
        keys.withUnsafeBufferPointer { keys in
          positions.withUnsafeBufferPointer { positions in
            otherKeys.withUnsafeMutableBufferPointer { otherKeys in
              otherPositions.withUnsafeMutableBufferPointer { otherPositions in
                for index in 0..<count {
                  let bucket = base + Int(truncatingIfNeeded: keys[index] >> shift) & (buckets - 1)
                  let target = counts[bucket]
                  counts[bucket] = target + 1
                  otherKeys[target] = keys[index]
                  otherPositions[target] = positions[index]
                }
              }
            }
          }
        }
      }
      swap(&keys, &otherKeys)
      swap(&positions, &otherPositions)
    }
  }
}
