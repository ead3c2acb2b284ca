import Foundation
import RenderCore

/// Both carts' items in one order by id, so that matching them, and finding an id that
/// one cart repeats, is a single walk over runs of equal ids: ``CartAlignment``'s
/// matcher, with no hash table and no hashing of whole ids.
///
/// Each id is read once, into two 64-bit keys: `order`, its length and last eight UTF-8
/// bytes passed through a bijective mixer (so equal ids have equal keys and the top bits
/// spread evenly), and `head`, its length (at most 255) and first seven bytes. Together
/// they spell the whole id when it has at most 15 bytes (the ids Swift keeps inline), so
/// such ids are compared by their keys alone and the items are not read again; longer
/// ids with equal keys are compared byte for byte. Ids are compared byte for byte, not by
/// Swift's canonical equivalence: `"é"` and `"e\u{301}"` are two ids.
///
/// The entries go into 2^*k* buckets by the top *k* bits of `order` (*k* about log₂ of
/// the count less two: a counting pass and one scatter), and each bucket, a few entries,
/// is sorted by (order, head, bytes, cart, position). Equal ids then stand side by side,
/// the old cart's before the new cart's, each cart's in position order.
///
/// - Complexity: O(*n*) expected time for *n* items of both carts, O(*n* log *n*) at
///   worst (ids sharing their length and last eight bytes land in one bucket, sorted by
///   comparison); O(*n*) memory.
enum ItemIDOrder {
  /// How the two carts' items pair up by id.
  struct Matches {
    /// For each new item, its index in the old cart, or ``CartAlignment/absent``.
    var oldIndexOfNew: [Int]
    /// For each old item, its index in the new cart, or ``CartAlignment/absent``.
    var newIndexOfOld: [Int]
    /// Each repeated id's later positions in the old cart with the position of its first
    /// item, in position order: `[(index: 3, first: 0)]` when items 0 and 3 share an id.
    var oldRepeats: [(index: Int, first: Int)]
    /// The same for the new cart.
    var newRepeats: [(index: Int, first: Int)]
  }

  /// One item of either cart: its keys and its slot, the old cart's positions first,
  /// then the new cart's after them.
  struct Entry {
    var order: UInt64
    var head: UInt64
    var slot: Int
  }

  /// Matches `old` and `new` by id.
  static func matches(_ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item]) -> Matches {
    var oldIndexOfNew = [Int](repeating: CartAlignment.absent, count: new.count)
    var newIndexOfOld = [Int](repeating: CartAlignment.absent, count: old.count)
    var oldRepeats: [(index: Int, first: Int)] = []
    var newRepeats: [(index: Int, first: Int)] = []
    let sorted = sortedEntries(old, new)
    let oldCount = old.count
    sorted.withUnsafeBufferPointer { sorted in
      oldIndexOfNew.withUnsafeMutableBufferPointer { oldIndexOfNew in
        newIndexOfOld.withUnsafeMutableBufferPointer { newIndexOfOld in
          var runStart = 0
          while runStart < sorted.count {
            let first = sorted[runStart]
            var runEnd = runStart + 1
            while runEnd < sorted.count, sameID(first, sorted[runEnd], old, new) { runEnd += 1 }
            if runEnd - runStart == 2, first.slot < oldCount, sorted[runStart + 1].slot >= oldCount {
              // A kept item, by far the most common run.
              let newIndex = sorted[runStart + 1].slot - oldCount
              oldIndexOfNew[newIndex] = first.slot
              newIndexOfOld[first.slot] = newIndex
            } else if runEnd - runStart > 1 {
              var oldFirst = -1
              var newFirst = -1
              for slot in runStart..<runEnd {
                let slot = sorted[slot].slot
                if slot < oldCount {
                  if oldFirst < 0 { oldFirst = slot } else { oldRepeats.append((slot, oldFirst)) }
                } else if newFirst < 0 {
                  newFirst = slot - oldCount
                } else {
                  newRepeats.append((slot - oldCount, newFirst))
                }
              }
              if oldFirst >= 0, newFirst >= 0 {
                oldIndexOfNew[newFirst] = oldFirst
                newIndexOfOld[oldFirst] = newFirst
              }
            }
            runStart = runEnd
          }
        }
      }
    }
    // Runs are visited in key order, not position order.
    oldRepeats.sort { $0.index < $1.index }
    newRepeats.sort { $0.index < $1.index }
    return Matches(
      oldIndexOfNew: oldIndexOfNew, newIndexOfOld: newIndexOfOld, oldRepeats: oldRepeats, newRepeats: newRepeats)
  }

  /// Every item of both carts, by (order, head, bytes, slot).
  static func sortedEntries(_ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item]) -> [Entry] {
    let total = old.count + new.count
    // About four entries a bucket, at most 2^16 buckets (a 512 KiB histogram).
    let bits = min(16, max(0, Int.bitWidth - total.leadingZeroBitCount - 2))
    let shift = UInt64(64 - bits)
    var counts = [Int](repeating: 0, count: 1 << bits)
    let unsorted = [Entry](unsafeUninitializedCapacity: total) { entries, initialized in
      // Through pointers: reading an item from the array would copy the whole item.
      old.withUnsafeBufferPointer { items in
        for index in items.indices { entries[index] = entry(items[index].id, slot: index) }
      }
      new.withUnsafeBufferPointer { items in
        for index in items.indices { entries[old.count + index] = entry(items[index].id, slot: old.count + index) }
      }
      initialized = total
    }
    counts.withUnsafeMutableBufferPointer { counts in
      for entry in unsorted { counts[Int(truncatingIfNeeded: entry.order >> shift)] += 1 }
      // Each bucket's start.
      var start = 0
      for bucket in counts.indices {
        let size = counts[bucket]
        counts[bucket] = start
        start += size
      }
    }
    return [Entry](unsafeUninitializedCapacity: total) { sorted, initialized in
      counts.withUnsafeMutableBufferPointer { counts in
        for entry in unsorted {
          let bucket = Int(truncatingIfNeeded: entry.order >> shift)
          sorted[counts[bucket]] = entry
          counts[bucket] += 1
        }
        initialized = total
        // counts[b] is now the end of bucket b, and the start of bucket b + 1.
        var start = 0
        for end in counts {
          if end - start > 1 { sortBucket(sorted, start..<end, old, new) }
          start = end
        }
      }
    }
  }

  /// Sorts one bucket by (order, head, bytes, slot): by insertion when it is small, as
  /// it almost always is.
  private static func sortBucket(
    _ entries: UnsafeMutableBufferPointer<Entry>, _ range: Range<Int>, _ old: [ShoppingCart.Item],
    _ new: [ShoppingCart.Item]
  ) {
    guard range.count <= 16 else {
      var bucket = UnsafeMutableBufferPointer(rebasing: entries[range])
      bucket.sort { precedes($0, $1, old, new) }
      return
    }
    for index in range.dropFirst() {
      let entry = entries[index]
      var hole = index
      while hole > range.lowerBound, precedes(entry, entries[hole - 1], old, new) {
        entries[hole] = entries[hole - 1]
        hole -= 1
      }
      entries[hole] = entry
    }
  }

  /// True when `lhs` sorts before `rhs`: key, then head, then the whole bytes when the
  /// keys cannot tell, then slot.
  @inline(__always)
  private static func precedes(_ lhs: Entry, _ rhs: Entry, _ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item])
    -> Bool
  {
    if lhs.order != rhs.order { return lhs.order < rhs.order }
    if lhs.head != rhs.head { return lhs.head < rhs.head }
    if keysSpellTheID(lhs.head) { return lhs.slot < rhs.slot }
    let order = compare(id(lhs.slot, old, new), id(rhs.slot, old, new))
    return order != 0 ? order < 0 : lhs.slot < rhs.slot
  }

  /// True when the two entries stand for the same id.
  @inline(__always)
  private static func sameID(_ lhs: Entry, _ rhs: Entry, _ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item])
    -> Bool
  {
    guard lhs.order == rhs.order, lhs.head == rhs.head else { return false }
    return keysSpellTheID(lhs.head) || compare(id(lhs.slot, old, new), id(rhs.slot, old, new)) == 0
  }

  /// The id of the item in `slot`.
  private static func id(_ slot: Int, _ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item]) -> String {
    slot < old.count ? old[slot].id : new[slot - old.count].id
  }

  /// True when the id whose head this is has at most 15 bytes, so its two keys hold it all.
  private static func keysSpellTheID(_ head: UInt64) -> Bool { head >> 56 <= 15 }

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

  /// The keys of `id` (see the type's description), for the item in `slot`.
  @inline(__always)
  static func entry(_ id: String, slot: Int) -> Entry {
    func entry(_ bytes: UnsafeBufferPointer<UInt8>) -> Entry {
      let count = bytes.count
      let length = UInt64(truncatingIfNeeded: min(count, 255)) << 56
      var tail: UInt64 = 0
      var head = length
      if count >= 8, let base = UnsafeRawPointer(bytes.baseAddress) {
        tail = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        head |= UInt64(bigEndian: base.loadUnaligned(as: UInt64.self)) >> 8
      } else {
        // The tail alone is the whole id.
        for byte in bytes { tail = tail << 8 | UInt64(byte) }
      }
      return Entry(
        order: mixed(tail ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15), head: head, slot: slot)
    }
    if let found = id.utf8.withContiguousStorageIfAvailable(entry) { return found }
    var contiguous = id
    return contiguous.withUTF8(entry)
  }

  /// A bijection of 64-bit values whose every output bit depends on every input bit
  /// (the finaliser of Appleby's MurmurHash3), so the buckets fill evenly.
  static func mixed(_ value: UInt64) -> UInt64 {
    var value = value
    value ^= value >> 33
    value &*= 0xFF51_AFD7_ED55_8CCD
    value ^= value >> 33
    value &*= 0xC4CE_B9FE_1A85_EC53
    value ^= value >> 33
    return value
  }
}
