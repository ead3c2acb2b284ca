/// Bytes laid out in place at the end of a growing buffer, with no knowledge of what
/// they are for: money lays its amounts out into one, and the writer that owns the
/// buffer decides what they need first (``HTMLWriter`` lets a formatter write there only
/// when none of the bytes it can write needs an entity).
///
/// `@usableFromInline` so that money's inlinable writes can name it (and so be specialized
/// for the writer of the module that calls them); it makes nothing public.
@usableFromInline
package protocol ByteSink: ~Copyable {
  /// Calls `write` with room for `room` bytes after those written so far; `write`
  /// returns how many it wrote (from 0 to `room`), and those become part of the output.
  mutating func append(room: Int, _ write: (UnsafeMutableRawBufferPointer) -> Int)
}
