import Foundation
import RenderCore

/// Item ids as sortable keys, and items of both carts in one order by id, so that
/// matching them, and finding an id that one cart repeats, is a walk over runs of equal
/// ids: ``CartAlignment``'s matcher, with no hash table and no hashing of whole ids.
///
/// Each id is read once, into a ``Key`` of two 64-bit words: `order`, its length and
/// last eight UTF-8 bytes passed through a bijective mixer (so equal ids have equal keys
/// and the top bits spread evenly), and `head`, its length (at most 255) and first seven
/// bytes. Together they spell the whole id when it has at most 15 bytes (the ids Swift
/// keeps inline), so such ids are compared by their keys alone and the items are not
/// read again; longer ids with equal keys are compared byte for byte. Ids are compared
/// byte for byte, not by Swift's canonical equivalence: `"é"` and `"e\u{301}"` are two ids.
///
/// ``sorted(_:old:new:)`` puts entries into 2^*k* buckets by the top *k* bits of `order`
/// (*k* about log₂ of the count less two: a counting pass and one scatter), and sorts
/// each bucket, a few entries, by (order, head, bytes, cart, position). Equal ids then
/// stand side by side, the old cart's before the new cart's, each cart's in position
/// order.
///
/// - Complexity: O(*n*) expected time for *n* entries, O(*n* log *n*) at worst (ids
///   sharing their length and last eight bytes land in one bucket, sorted by
///   comparison); O(*n*) memory.
///
/// Safety: buffers are borrowed from arrays inside their `withUnsafe…BufferPointer`
/// calls (their subscripts check bounds in debug builds) or filled whole by
/// `unsafeUninitializedCapacity` before `initialized` is set; an id's bytes are read
/// through the contiguous UTF-8 the string lends, by loads that stay inside it (the
/// word loads of ``key(_:)`` only when it has at least eight bytes).
enum ItemIDOrder {
  /// An id's two keys; see the type's description.
  struct Key: Equatable {
    var order: UInt64
    var head: UInt64

    /// True when the id has at most 15 bytes, so that equal keys mean equal ids.
    var spellsTheID: Bool { head >> 56 <= 15 }
  }

  /// One item of either cart: its keys and its slot, the old cart's positions first,
  /// then the new cart's after them.
  struct Entry {
    var key: Key
    var slot: Int
  }

  /// Each repeated id's later positions in one cart with the position of its first item,
  /// in position order: `[(index: 3, first: 0)]` when items 0 and 3 share an id.
  typealias Repeats = [(index: Int, first: Int)]

  /// Every repeated id of both carts, by sorting all their items; empty when each id
  /// is unique in its cart. Only the error path reads this: ``CartAlignment`` finds
  /// out whether there are repeats more cheaply.
  static func repeats(_ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item]) -> (old: Repeats, new: Repeats) {
    var oldRepeats: Repeats = []
    var newRepeats: Repeats = []
    let entries = [Entry](unsafeUninitializedCapacity: old.count + new.count) { entries, initialized in
      // Through pointers: reading an item from the array would copy the whole item.
      old.withUnsafeBufferPointer { items in
        for index in items.indices { entries[index] = Entry(key: key(items[index].id), slot: index) }
      }
      new.withUnsafeBufferPointer { items in
        for index in items.indices {
          entries[old.count + index] = Entry(key: key(items[index].id), slot: old.count + index)
        }
      }
      initialized = old.count + new.count
    }
    let sorted = sorted(entries, old: old, new: new)
    sorted.withUnsafeBufferPointer { sorted in
      forEachRun(of: sorted, old: old, new: new) { run in
        var oldFirst = -1
        var newFirst = -1
        for entry in run {
          if entry.slot < old.count {
            if oldFirst < 0 { oldFirst = entry.slot } else { oldRepeats.append((entry.slot, oldFirst)) }
          } else if newFirst < 0 {
            newFirst = entry.slot - old.count
          } else {
            newRepeats.append((entry.slot - old.count, newFirst))
          }
        }
      }
    }
    // Runs are visited in key order, not position order.
    oldRepeats.sort { $0.index < $1.index }
    newRepeats.sort { $0.index < $1.index }
    return (oldRepeats, newRepeats)
  }

  /// Calls `body` with each run of entries of one id in `sorted` (as ``sorted(_:old:new:)``
  /// leaves them), runs of one included.
  @inline(__always)
  static func forEachRun(
    of sorted: UnsafeBufferPointer<Entry>, old: [ShoppingCart.Item], new: [ShoppingCart.Item],
    _ body: (Slice<UnsafeBufferPointer<Entry>>) -> Void
  ) {
    var runStart = 0
    while runStart < sorted.count {
      let first = sorted[runStart]
      var runEnd = runStart + 1
      while runEnd < sorted.count, sameID(first, sorted[runEnd], old, new) { runEnd += 1 }
      body(sorted[runStart..<runEnd])
      runStart = runEnd
    }
  }

  /// `entries` by (order, head, bytes, slot).
  static func sorted(_ entries: [Entry], old: [ShoppingCart.Item], new: [ShoppingCart.Item]) -> [Entry] {
    let total = entries.count
    // About four entries a bucket, at most 2^16 buckets (a 512 KiB histogram).
    let bits = min(16, max(0, Int.bitWidth - total.leadingZeroBitCount - 2))
    let shift = UInt64(64 - bits)
    var counts = [Int](repeating: 0, count: 1 << bits)
    counts.withUnsafeMutableBufferPointer { counts in
      for entry in entries { counts[Int(truncatingIfNeeded: entry.key.order >> shift)] += 1 }
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
        for entry in entries {
          let bucket = Int(truncatingIfNeeded: entry.key.order >> shift)
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

  /// True when two of `entries` (all from one cart) have the same id: they are sorted
  /// by comparison, for the few entries ``PossibleRepeats`` leaves.
  static func hasRepeats(_ entries: [Entry], old: [ShoppingCart.Item], new: [ShoppingCart.Item]) -> Bool {
    var entries = entries
    return entries.withUnsafeMutableBufferPointer { entries in
      entries.sort { precedes($0, $1, old, new) }
      for index in entries.indices.dropFirst() where sameID(entries[index - 1], entries[index], old, new) {
        return true
      }
      return false
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
    if lhs.key.order != rhs.key.order { return lhs.key.order < rhs.key.order }
    if lhs.key.head != rhs.key.head { return lhs.key.head < rhs.key.head }
    if lhs.key.spellsTheID { return lhs.slot < rhs.slot }
    let order = compare(id(lhs.slot, old, new), id(rhs.slot, old, new))
    return order != 0 ? order < 0 : lhs.slot < rhs.slot
  }

  /// True when the two entries stand for the same id.
  @inline(__always)
  private static func sameID(_ lhs: Entry, _ rhs: Entry, _ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item])
    -> Bool
  {
    guard lhs.key == rhs.key else { return false }
    return lhs.key.spellsTheID || compare(id(lhs.slot, old, new), id(rhs.slot, old, new)) == 0
  }

  /// The id of the item in `slot`.
  private static func id(_ slot: Int, _ old: [ShoppingCart.Item], _ new: [ShoppingCart.Item]) -> String {
    slot < old.count ? old[slot].id : new[slot - old.count].id
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

  /// The keys of `id` (see the type's description).
  @inline(__always)
  static func key(_ id: String) -> Key {
    func key(_ bytes: UnsafeBufferPointer<UInt8>) -> Key {
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
      return Key(order: mixed(tail ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15), head: head)
    }
    if let found = id.utf8.withContiguousStorageIfAvailable(key) { return found }
    var contiguous = id
    return contiguous.withUTF8(key)
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
