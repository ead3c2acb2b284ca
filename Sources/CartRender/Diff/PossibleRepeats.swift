/// Which ids of one cart may repeat, from their keys alone: a bit set with a bit per
/// value of the top *k* bits of ``ItemIDOrder/Key/order`` (at least 32 bits per key, so
/// a few percent of the keys share their bit by chance). Keys whose bit no other key
/// has are ids no other item has; the rest are the candidates, which
/// ``ItemIDOrder/hasRepeats(_:old:new:)`` compares exactly. The set fits in a core's
/// cache (1 MiB for 100,000 keys, both marks), where sorting every item would not.
///
/// - Complexity: O(*n*) time for *n* keys, two passes; O(*n*) memory.
///
/// Safety: the bit words are an array borrowed inside `withUnsafe…BufferPointer`, whose
/// subscripts check their bounds in debug builds; a key's word is below the array's
/// count by construction (`2 << (bits - 6)` words for `bits`-bit keys).
enum PossibleRepeats {
  /// The indexes in `keys`, ascending, of the keys whose bit another key shares: empty
  /// when no two ids can be equal.
  static func candidates(_ keys: UnsafeBufferPointer<ItemIDOrder.Key>) -> [Int] {
    guard keys.count > 1 else { return [] }
    // 2^bits bits, at least 32 per key: in 64-bit words, each word beside the word that
    // marks the bits seen twice, so that one cache line answers both.
    let bits = min(40, max(6, Int.bitWidth - keys.count.leadingZeroBitCount + 5))
    let shift = UInt64(64 - bits)
    var words = [UInt64](repeating: 0, count: 2 << (bits - 6))
    var anyShared = false
    words.withUnsafeMutableBufferPointer { words in
      for key in keys {
        let bit = Int(truncatingIfNeeded: key.order >> shift)
        let word = (bit >> 6) << 1
        let mask: UInt64 = 1 << UInt64(bit & 63)
        if words[word] & mask != 0 {
          words[word + 1] |= mask
          anyShared = true
        } else {
          words[word] |= mask
        }
      }
    }
    guard anyShared else { return [] }
    var candidates: [Int] = []
    words.withUnsafeBufferPointer { words in
      for index in keys.indices {
        let bit = Int(truncatingIfNeeded: keys[index].order >> shift)
        if words[((bit >> 6) << 1) + 1] & (1 << UInt64(bit & 63)) != 0 { candidates.append(index) }
      }
    }
    return candidates
  }
}
