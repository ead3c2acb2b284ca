import Foundation
import RenderCore

/// Both carts' items in one order by a key of their ids, so that the items of one id,
/// in either cart, stand side by side: ``CartAlignment``'s matcher, with no hash table
/// and no hashing of whole ids.
///
/// An id's key is read from its length and its first and last eight UTF-8 bytes (where
/// point-of-sale ids differ: `SKU-10041`, `SKU-10042`), mixed so that its top bits spread
/// evenly: equal ids have equal keys, and ids of up to 16 bytes almost never share one.
/// Items whose keys are equal are told apart by their bytes. Ids are compared byte for
/// byte, not by Swift's canonical equivalence: `"é"` and `"e\u{301}"` are two ids.
///
/// The entries go into 2^*k* buckets by the top *k* bits of the key (*k* about log₂ of
/// the count less two: a counting pass and one scatter), and each bucket, a few entries,
/// is sorted by (key, slot) by insertion. A run of equal keys is then one id in almost
/// every case: the old cart's item before the new cart's.
///
/// - Complexity: O(*n*) expected time for *n* items of both carts, O(*n* log *n*) at
///   worst (ids sharing their length and first and last eight bytes share a key, and are
///   sorted by comparison); O(*n*) memory.
enum ItemIDOrder {
  /// One item of either cart: its key and its slot, the old cart's positions first,
  /// then the new cart's after them.
  struct Entry {
    var key: UInt64
    var slot: Int
  }

  /// `entries` sorted by (key, slot).
  static func sorted(_ entries: [Entry]) -> [Entry] {
    let total = entries.count
    // About four entries a bucket, at most 2^16 buckets (a 512 KiB histogram).
    let bits = min(16, max(0, Int.bitWidth - total.leadingZeroBitCount - 2))
    let shift = UInt64(64 - bits)
    var counts = [Int](repeating: 0, count: 1 << bits)
    counts.withUnsafeMutableBufferPointer { counts in
      for entry in entries { counts[Int(truncatingIfNeeded: entry.key >> shift)] += 1 }
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
          let bucket = Int(truncatingIfNeeded: entry.key >> shift)
          sorted[counts[bucket]] = entry
          counts[bucket] += 1
        }
        initialized = total
        // counts[b] is now the end of bucket b, and the start of bucket b + 1.
        var start = 0
        for end in counts {
          if end - start > 1 { sortBucket(sorted, start..<end) }
          start = end
        }
      }
    }
  }

  /// Sorts one bucket by (key, slot): by insertion when it is small, as it almost always is.
  private static func sortBucket(_ entries: UnsafeMutableBufferPointer<Entry>, _ range: Range<Int>) {
    func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool { (lhs.key, lhs.slot) < (rhs.key, rhs.slot) }
    guard range.count <= 16 else {
      var bucket = UnsafeMutableBufferPointer(rebasing: entries[range])
      bucket.sort(by: precedes)
      return
    }
    for index in range.dropFirst() {
      let entry = entries[index]
      var hole = index
      while hole > range.lowerBound, precedes(entry, entries[hole - 1]) {
        entries[hole] = entries[hole - 1]
        hole -= 1
      }
      entries[hole] = entry
    }
  }

  /// The key of `id` (see the type's description).
  @inline(__always)
  static func key(_ id: String) -> UInt64 {
    func key(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
      let count = bytes.count
      var tail: UInt64 = 0
      var head: UInt64 = 0
      if count >= 8, let base = UnsafeRawPointer(bytes.baseAddress) {
        tail = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        head = base.loadUnaligned(as: UInt64.self)
      } else {
        // The tail alone is the whole id.
        for byte in bytes { tail = tail << 8 | UInt64(byte) }
      }
      return mixed(mixed(tail ^ UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15) ^ head)
    }
    if let found = id.utf8.withContiguousStorageIfAvailable(key) { return found }
    var contiguous = id
    return contiguous.withUTF8(key)
  }

  /// A bijection of 64-bit values whose every output bit depends on every input bit
  /// (the finaliser of Appleby's MurmurHash3), so the buckets fill evenly.
  @inline(__always)
  static func mixed(_ value: UInt64) -> UInt64 {
    var value = value
    value ^= value >> 33
    value &*= 0xFF51_AFD7_ED55_8CCD
    value ^= value >> 33
    value &*= 0xC4CE_B9FE_1A85_EC53
    value ^= value >> 33
    return value
  }

  /// True when the two ids have the same UTF-8 bytes.
  @inline(__always)
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    // Word by word, inline: ids are short, and a `memcmp` call costs more than the words.
    func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
      guard left.count == right.count else { return false }
      guard let leftBase = UnsafeRawPointer(left.baseAddress), let rightBase = UnsafeRawPointer(right.baseAddress)
      else { return true }
      var offset = 0
      while offset + 8 <= left.count {
        guard
          leftBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            == rightBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset += 8
      }
      while offset < left.count {
        guard left[offset] == right[offset] else { return false }
        offset += 1
      }
      return true
    }
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in same(left, right) }
    }
    if let fast, let same = fast { return same }
    return compare(lhs, rhs) == 0
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
}
