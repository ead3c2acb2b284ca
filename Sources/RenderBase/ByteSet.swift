/// A set of byte values (256 bits): which bytes a learned number pattern can write, so
/// that a writer tells at once whether any of them needs its escaping; which bytes a
/// header's name or host may hold.
///
/// `@usableFromInline` with an inlinable ``isDisjoint(with:)``: the check runs before every
/// amount and UI string a page writes, in another module, and the compiler inlines a
/// `package` type's members there only then. It makes nothing public. The bits are four
/// plain words, not a SIMD vector: the vector's generic operations were not inlined
/// into the check, which then cost a call per amount; with words, a check against a
/// constant set (``init(bitsBelow64:)``) folds into one AND.
@usableFromInline
package struct ByteSet: Sendable, Equatable {
  /// Bit `b % 64` of word `b / 64` is set when byte `b` is in the set.
  @usableFromInline var word0: UInt64 = 0
  @usableFromInline var word1: UInt64 = 0
  @usableFromInline var word2: UInt64 = 0
  @usableFromInline var word3: UInt64 = 0

  package init(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { insert(byte) }
  }

  /// The bytes below 64 whose bit is set in `bits` (bit `b` for byte `b`): a constant
  /// set of ASCII punctuation, made without a loop.
  @inlinable
  package init(bitsBelow64 bits: UInt64) { word0 = bits }

  mutating func insert(_ byte: UInt8) {
    let bit: UInt64 = 1 << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: word0 |= bit
    case 1: word1 |= bit
    case 2: word2 |= bit
    default: word3 |= bit
    }
  }

  @inlinable
  package func contains(_ byte: UInt8) -> Bool {
    let bit: UInt64 = 1 << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return word0 & bit != 0
    case 1: return word1 & bit != 0
    case 2: return word2 & bit != 0
    default: return word3 & bit != 0
    }
  }

  /// True when no byte is in both sets.
  @inlinable
  package func isDisjoint(with other: ByteSet) -> Bool {
    (word0 & other.word0) | (word1 & other.word1) | (word2 & other.word2) | (word3 & other.word3) == 0
  }

  package static func + (lhs: ByteSet, rhs: ByteSet) -> ByteSet {
    var union = lhs
    union.word0 |= rhs.word0
    union.word1 |= rhs.word1
    union.word2 |= rhs.word2
    union.word3 |= rhs.word3
    return union
  }
}
