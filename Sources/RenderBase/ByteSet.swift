/// A set of byte values (256 bits): which bytes a learned number pattern can write, so
/// that a writer tells at once whether any of them needs its escaping.
///
/// `@usableFromInline` with an inlinable ``isDisjoint(with:)``: the check runs before every
/// amount and UI string a page writes, in another module, and the compiler inlines a
/// `package` type's members there only then. It makes nothing public.
@usableFromInline
package struct ByteSet: Sendable, Equatable {
  @usableFromInline var bits = SIMD4<UInt64>()

  package init(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { insert(byte) }
  }

  mutating func insert(_ byte: UInt8) {
    bits[Int(byte >> 6)] |= 1 << UInt64(byte & 63)
  }

  func contains(_ byte: UInt8) -> Bool {
    bits[Int(byte >> 6)] & 1 << UInt64(byte & 63) != 0
  }

  /// True when no byte is in both sets.
  @inlinable
  package func isDisjoint(with other: ByteSet) -> Bool { bits & other.bits == SIMD4() }

  static func + (lhs: ByteSet, rhs: ByteSet) -> ByteSet {
    var union = lhs
    union.bits |= rhs.bits
    return union
  }
}
