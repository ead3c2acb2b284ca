import CartRender
import FormRender
import Foundation
import RenderCore
import StatusRender

// render-bench: CPU microseconds per render, per form parse and per cart diff, then the
// peak memory. Run in release mode: `scripts/bench`, or `swift build -c release
// --static-swift-stdlib --product render-bench` and the binary from `--show-bin-path`
// (README, "Benchmark").
// Figures, not pass/fail: speed targets are read here, never asserted in tests.
//
//     render-bench                 the table
//     render-bench --json          one JSON object per line, the memory line last:
//                                  {"case": "cart", "items": 10, "locale": "en-US", "format": "html", "median_us": 7.9}
//     render-bench --case diff     only the cases named (cart, form, status, parse, diff),
//                                  e.g. under valgrind --tool=callgrind
//     render-bench --items 10      only carts and diffs of that many items
//     render-bench --runs N        no timing: each cart HTML page (bytes) rendered N times
//                                  after one warm-up, for instruction counts under
//                                  callgrind: a page costs (Ir at N − Ir at 0) / N / 2
//                                  (two locales), first-use work (learning, catalogs,
//                                  the page frame) left out
//     render-bench --runs N --text the same for the cart's text snapshot
//
// Every figure is this thread's CPU time (not the wall clock), median of many samples,
// each sample as many runs as fill about 2 ms; the first run (caches filling) is left
// out. Cases: `cart` with items 1 (the seed cart), 10, 100 and 1,000, html and text, in
// en-US and ar-EG; `form` for each request kind (html, en-US; the address form also in
// ja-JP); `status`; `parse` (an address submission); `diff` with items 10, 1,000 and
// 100,000, 10 % changed, and 100,000 shuffled.
//
// What profiling found (perf record -e cpu-clock; valgrind --tool=callgrind, which counts
// instructions and so is not disturbed by other work on the machine), before the speed
// work of issue 10:
// - Start-up: 90 % of `render-cli cart`'s 258 M instructions parsed every locales/*.strings
//   file (the comments trimmed one Character at a time through a reversed Slice) before
//   the first line rendered.
// - Cart HTML: Foundation's Decimal.FormatStyle.Currency, about 2.7 µs per amount (ICU's
//   formatter behind a per-call lock, Decimal to string to ICU), then HTMLWriter appending
//   one Unicode scalar at a time to a String, `String(format:)`-style placeholder scanning
//   per string per render, and attribute arrays built per element.
// - Cart text: a new ICU line-break iterator (ubrk_open) for every paragraph wider than
//   the line, Character-by-Character width sums and trailing-space trims, String copies
//   per segment and per line.
// - Diff: Swift's Hasher (SipHash over the whole id, seeded per call) for every old id
//   and for every new id off its old position: 60 % of the 100,000-item diff.
//
// What changed (issue 10), and what the profile shows now:
// - Money (RenderCore/Money): the pattern Foundation follows per (locale, currency) is
//   learned once and proven on probe values; amounts are written from their digits.
//   All 162,338 pairs of the full matrix compile and match Foundation byte for byte
//   (scripts/money-differential). Learning costs about 15 M instructions per pair.
//   A later round (callgrind, `--runs`, 10-item page, mean of en-US and ar-EG) found an
//   amount at ≈ 715 instructions: the 128-bit read and the public `exponent` and `sign`
//   asked per value, digits and their rounding in a 330-byte scratch buffer behind
//   closures, the 176-byte packed pattern copied per call, a separate length pass, a
//   byte loop per piece. Now a mantissa of at most 64 bits is read in one load and
//   rounded half-even in integer arithmetic (`DecimalDigits.roundedUnits`), its digits
//   made two at a time into a zeroed stack buffer and laid out in one pass straight into
//   the page: affixes and separators one 16-byte word each, a run of ASCII digits one
//   16-byte word, two-byte digits (`٤`) eight at a time, others from a 4-byte table; the
//   packed pattern is two pointers to a plan kept with its text. Other amounts take the
//   general path as before. An amount ≈ 255 instructions, a count ≈ 145 (from ≈ 305),
//   `isSameValue` ≈ 75 (from ≈ 145); a page of 10 / 100 / 1,000 items 55.6 k / 411 k /
//   4.01 M → 42.1 k / 295 k / 2.85 M.
// - Cart HTML / HTMLWriter: one UTF-8 buffer filled with memcpy, escaping by runs; UI
//   strings parsed per language on first use and split once into literal and
//   placeholder segments. A second profile (callgrind, 100 items: 2.6 M instructions a
//   page) found 35 % in money, mostly copying the learned NumberPattern (six arrays
//   retained and released per amount), then a String per amount and per UI string,
//   escaped again; an [Attribute] array per element; a uniqueness check per byte put;
//   StaticString and memcpy call overhead for tiny pieces; and 17 % in the final UTF-8
//   validation. Now: HTMLWriter is ~Copyable (no sharing check) and writes start tags in
//   steps (start, attribute, endStartTag), nothing allocated per element; amounts go
//   from their digits into the page (MoneyFormatter.withUTF8, the same layout code as
//   format(), over a packed pattern that retains nothing); UI templates are written
//   with their arguments, escaped in HTMLWriter; the head, style sheets and session
//   header are written once per context and screen and copied as bytes (a bounded
//   cache, PageShell.Frame). 1.6 M instructions a page, of which the validation of
//   `String(decoding:)` is now a quarter: no public API makes a String from bytes
//   without it. So a second round: every screen hands out its page as UTF-8 bytes
//   (Screen.htmlUTF8, valid UTF-8 by construction; the String API wraps it), and the
//   server, render-cli and replay write those bytes; the `cart` HTML figures here time
//   the byte path, and `"variant": "string"` the same page as a String. HTMLWriter's
//   small writes are @inlinable (they inline into CartRender), short runs are copied
//   as overlapping 8- and 4-byte words instead of a byte loop (12 % of a page), escaping
//   tests eight bytes at a time, and constant attribute values (StaticString) are not
//   scanned. Callgrind, instructions per page (mean of en-US and ar-EG), 1 / 10 / 100 /
//   1,000 items: String path before 224 k / 347 k / 1.62 M / 14.9 M; bytes 116 k /
//   209 k / 1.14 M / 10.7 M; inlined 115 k / 202 k / 1.09 M / 10.2 M; escaping 112 k /
//   192 k / 1.01 M / 9.4 M; word copies 105 k / 171 k / 818 k / 7.6 M; constants
//   unscanned, items not copied into closures 94 k / 166 k / 773 k / 7.1 M. A third
//   round: `isAdjusted` compares the two amounts' parts read from their storage
//   (`Decimal.isSameValue(as:)`, exactly Foundation's `==`, which normalised both sides
//   for ≈ 650 instructions an item; NaN still goes to Foundation), and amounts and
//   counts from a learned pattern proven at learning to hold no `&` `"` `<` `>`
//   (`NumberPattern.isMarkupFree`) are copied unscanned: 84 k / 141 k / 720 k / 6.7 M;
//   items read through a pointer (a `borrowing` parameter given `items[index]` still
//   copied and destroyed each Item, ≈ 250 instructions): 76 k / 139 k / 699 k / 6.5 M.
//   Left per item (≈ 6.2 k): the element closures and escaping of names, templates and
//   lists, the money layout (`NumberPattern.Packed.layout`, a byte loop per piece).
//   A fourth round found that those figures (callgrind over the timed runs) included
//   each context's first page: learning the money pattern (≈ 16 M instructions) and the
//   page frame spread over about 400 pages, ≈ 40 k of the "fixed ≈ 80 k" of a 10-item
//   page. `render-bench --runs N` renders each page N times untimed, so a page's cost
//   is the difference of two runs: 1 / 10 / 100 / 1,000 items 41 k / 99 k / 656 k /
//   6.28 M, ≈ 6.2 k an item and ≈ 37 k a page. Of the fixed part: the page's copy out
//   of the writer into the returned array (`bytes`, a memcpy of the whole page), the
//   frame's key built and hashed field by field (strings, the session header's UI
//   strings made as `String`s), ≈ 10 UI-string look-ups (a `String`-keyed dictionary
//   each, in Locale), the plural rule of the item count (ICU, ≈ 2 k), the summary's
//   closures. Per item: escaping (≈ 1.1 k, ≈ 160 an escaped string: call and loop
//   set-up, tails scanned a byte at a time), one closure call and a capacity check per
//   piece of every tag (`<`, name, ` class="`, value, `">`: ≈ 100 a tag), `memcpy`
//   calls for runs over 16 bytes, money ≈ 500 an amount (digits, two scratch buffers,
//   the byte-loop layout). Now: the page is written straight into the `[UInt8]` handed
//   out (`HTMLWriter(writingInto:)`, moving to its own memory only if the page
//   outgrows the reserve); the frame is found by comparing with the last one used
//   before any hashing, and hashes five short fields; items and the summary are
//   written as flat tags (`HTMLWriter.open(_:class:)`, `end`), no closure per element;
//   a tag checks the capacity once and copies its pieces unchecked; runs up to 32
//   bytes are two 16-byte words; escaping scans a run's last bytes as one word ending
//   at its end. Steady state, 1 / 10 / 100 / 1,000 items: 33 k / 76 k / 510 k /
//   4.89 M (≈ 4.8 k an item, ≈ 28 k a page); by the old measure (first pages
//   included) 10 / 100 items 114 k / 548 k. Tried and dropped: a last-pair fast path
//   in `MoneyFormatter.shared` copied the formatter (its styles) twice, 2.5 k more than
//   the hash it spared. Left: the money path (≈ 500 an amount; `Packed.layout` still
//   a byte loop, left alone rather than re-running the full differential), escaping's
//   per-call cost, the UI-string and plural look-ups per page (Locale), the update
//   path's copy of each `CartUpdate.Row`.
//   A fifth round (callgrind, `--runs`, per page, en-US / ar-EG, 1 / 10 / 100 / 1,000
//   items: before 33 k / 34 k, 74 k / 76 k, 491 k / 532 k, 4.70 M / 5.07 M). Found: per
//   page, ≈ 13 `String`-hashed UI-string look-ups, ICU's plural rule read back as a
//   `String` (≈ 2.5 k), `MoneyFormatter.shared` hashing its key and copying the
//   formatter's styles (≈ 1.7 k); per amount ≈ 700 (digits, a temporary for the layout,
//   the copy into the page, closures); per count ≈ 300; 5 of the item's 13 tags called
//   `open(_:class:)` (≈ 95 each: `@inline(__always)` was not honoured in the long item
//   loop); the UI templates' text escaped per item. Now: a language's messages are
//   resolved once into arrays by `UIStringKey.ordinal` (the case's tag, checked once
//   against `allCases`); plural categories of counts below 1,024 are memoized per
//   language; a formatter is one reference, and `shared` compares with the pair it
//   handed out last before hashing; amounts and counts from a markup-free pattern are
//   laid out straight into the page (`HTMLWriter.appendLaidOut`, the same `layout`);
//   the item's templates are checked once per page (`HTMLWriter.Template`: text without
//   `& " < >` is copied unscanned); the per-item tags and `<bdi>` are `@_transparent`;
//   an update's rows are read in place. After (with `open(_:class:)` alone transparent,
//   not yet `open`, `start`, `end`, the constant attribute and `<bdi>`): 22 k / 26 k, 53 k / 59 k, 403 k / 439 k,
//   3.94 M / 4.31 M (≈ 3.9 k an item, ≈ 15 k a page). Left: money ≈ 650 an amount
//   (`DecimalDigits.withRounded` and `Packed.layout`'s byte loops, left alone: the full
//   differential could not run on the loaded machine), escaping's per-call cost
//   (≈ 130 a string, 7 strings an item), the frame's key built and compared per page.
//   A sixth round (callgrind, `--runs`, mean of en-US and ar-EG, 10-item page 55.6 k):
//   escaping ≈ 185 instructions a string (≈ 55 a page: ids, names, description lines,
//   labels), most of it the loop's set-up and a tail scanned a byte at a time for text
//   that holds no markup at all; the frame's key made per page (a dozen strings and
//   arrays retained and released, the screen's name compared through `elementsEqual`);
//   two checked templates made per page and their segments retained per write. Now
//   clean text is copied while it is tested (`HTMLWriter.copyMarkupFree`: 16-byte
//   vector steps, then overlapping words, no byte outside the text read or written;
//   a test checks every byte value at every offset of every length to 72 and the bytes
//   around the copy), only text with `& " < >` goes through the entity loop; the last
//   frame is compared with the context in place and a key is made only when it differs;
//   checked templates are made once per language (`StringTable.checkedTemplate`) and
//   keep their literal text as bytes and their segments as offsets. 55.6 k → 47.8 k a
//   10-item page (100 items 415 k → 355 k, 1,000 items 4.09 M → 3.45 M), and with the
//   money round above: 1 / 10 / 100 / 1,000 items 15.2 k / 34.3 k / 239 k / 2.29 M.
//   Left: the tags (≈ 40 instructions each, 13 an item), the strings' retains when an
//   item's fields are read, the page's allocation (≈ 700) and the frame's copy. Tried
//   and dropped: sampling the cart cases in rounds (one 2 ms sample of each case per
//   round, against the neighbours' bursts): every HTML figure came out 1.3–2× higher
//   and steadier, each sample now following another case's pages and their memory, so
//   the figures would have measured something other than before.
// - Text: ICU line-break iterators pooled per locale (ubrk_setText), ASCII fast paths
//   for width, breaking, bidi isolation, line feeds and trailing spaces. The profile
//   after that (1,000-item cart, 5.8 ms en-US, 11.5 ms ar-EG): retain/release and
//   String concatenation per line and per row (`prefix + isolated(label) + spaces…`,
//   then every line trimmed again and joined), `TextLayout.row` and `wrap` through
//   Substring and UTF-16 index conversions, `asciiWordBreaks` filling an offsets array,
//   `Sequence.contains` over `String.UTF8View` one byte at a time (line-feed searches),
//   `Character.isWhitespace` (`_swift_stdlib_getBinaryProperties`) and grapheme
//   breaking for every non-ASCII width. Now the page is written once into one UTF-8
//   buffer (`TextLines`: indent, isolates, padding and gutter appended as bytes; each
//   line's end trimmed in place; one `String` at the end), lines are ranges of their
//   paragraph handed to a closure, text of ASCII letters, digits and spaces breaks on
//   its bytes in place, and a width without emoji is summed scalar by scalar. 3.0×
//   fewer instructions (callgrind, 100 items), 2.6–2.9× faster (1,000 items: 2.2 ms
//   en-US, 3.5–4.0 ms ar-EG). Left: the per-row Strings of the money and UI-string
//   APIs, ICU property calls per non-ASCII scalar (ar-EG), line-feed byte searches.
//   A second round (callgrind, `--runs N --text`, 1,000 items, instructions per page,
//   en-US / ar-EG: before 16.6 M / 30.0 M). Found: every text was read four or five
//   times (width, line feeds, bidi isolation, trailing spaces, the ASCII word test),
//   each through `Substring` or `Slice` of `String.UTF8View` (≈ 8 %); four ICU property
//   calls per non-ASCII scalar per read (≈ 10 %, ar-EG); a non-ASCII line's trailing
//   space trimmed by copying it into a `String` and walking its clusters; lines as
//   `[Range<Int>]` turned back into `Substring`s by UTF-8 offsets; `Array.append` of
//   `Repeated` spaces and of 3-byte isolate literals (≈ 6 %); per item the quantity and
//   "was" `String`s made through the UI templates, a `CartUpdate.Row` copied from
//   each item; and the page's final `String(decoding:)` validation (≈ 0.9 M a page,
//   which stays: no public API makes a `String` without it). Now `row` and `wrap` try
//   UTF-8 fast paths first (TextLayout+FastPaths): one pass over a text's bytes
//   (`ScalarLayoutMemo.measure`, printable ASCII eight bytes at a time) gives its width,
//   isolation, line feeds and ASCII-ness; ICU's answers for a non-ASCII scalar are
//   asked once per page (a direct-mapped memo of 1,024 slots in the page's
//   `TextLines`, filled from the same ICU calls; no table of our own); lines are byte
//   ranges written straight into the page; a trailing scalar known to end a visible
//   cluster (Swift's own grapheme rules, asked once per scalar) needs no trim; a path
//   that meets anything it does not know (emoji, a line feed, a label wrapping below
//   its value, non-ASCII words wider than the line) hands the text to the general
//   path before writing a byte. `TextLines` writes into storage of its own through a
//   pointer (copy on write), quantity lines are made once per count per page, and the
//   "was" value is put together in a scratch buffer from the template. Tests render
//   pages and rows by both paths (`generalPathOnly`) over mixed scripts, emoji,
//   combining marks, Thai, jamo and bidi controls and compare the bytes. The blank
//   line between items went through the generic `append(line:)`, which another module
//   calls unspecialized (≈ 280 instructions); a `String` overload now. After: 6.20 M /
//   10.17 M (−63 % / −66 %); timed (medians of five runs each, old and new builds
//   alternating, 21:20 UTC, load 3.2-3.9): en-US 3,223-4,288 µs -> 983-1,375 µs, ar-EG
//   5,649-6,581 µs -> 1,436-2,141 µs (at load 2.8-3.4 before the last change: en-US
//   1,706-2,264 -> 569-668, ar-EG 3,664-4,071 -> 966-1,744). Tried and dropped:
//   amounts from `MoneyFormatter.withUTF8` without
//   a `String` (generic across modules, so ≈ 1.2 k instructions a call of run-time
//   metadata look-ups, more than the `String`). Left: the measures themselves (≈ 1.1 M
//   calls a page pair, ≈ 115 instructions each: a label is measured again each time it
//   is laid out), money formatting (≈ 1.2 k an amount), the final validation, the
//   ASCII word wrapping of each long item name.
// - Start-up: `render-cli cart` 258 M → 28 M instructions, the address form (ja-JP)
//   358 M → 33 M, `--version` 26 M → 11 M (valgrind). Found and changed: the dynamic
//   loader's symbol lookups were 23 M of every run: release builds link the Swift
//   runtime and Foundation statically (`--static-swift-stdlib`); UIStrings layered all 45
//   catalogs at first use (19 M), now one language and its parents when asked; the
//   address data compiled every postal-code pattern twice at load (27 M of the form),
//   now left to a test; the region names were sorted with Foundation's `compare` (a
//   CFLocale per call, about 50 M), now by ICU sort keys, then checked and fixed up
//   with `compare` one name against the next; money learning's probes 167 → 82 per
//   pair (quantities 89 → 32), each kept for a feature it proves (8.7 M per pair now,
//   4 M of it Foundation's own first format). Left: Foundation's region display names
//   (252 ICU look-ups, about 5 M), EmbeddedLocales' 45 dictionaries made at first use
//   (3 M), peak memory (`--version` 19 MiB: file pages of the binary and of both ICUs
//   that the kernel maps around every page touched; 2.5 MiB are dirty).
//   The 1,000-item cart's decoding (118 M of 183 M) now reads amounts from their bytes,
//   makes no JSON path unless there is an error and specializes JSONObjectReader: 104 M.
//   A fourth round (scripts/bench's header has the figures): peak memory is 85 % clean
//   pages of files, which the kernel maps 32-64 KiB around each page touched; release
//   builds now link with lld, relative relocations packed (RELR: 1.8 MiB the loader read)
//   and the functions a run executes laid out together (scripts/render-cli.order). The
//   catalogs are made one by one when asked for, the process environment is read only
//   by `snapshot` and `serve`, likely subtags computed only for the catalogs of the
//   customer's language, each region's address layout decoded when asked for, and
//   standard output written without a `Data` copy. The address form (ja-JP): 32.9 M ->
//   26.8 M instructions; left: 11.2 M region names and their order (Foundation), 7.9 M
//   the dynamic loader (4.5 M of it GnuTLS and what it loads, for libmicrohttpd).
//   A fifth round (the memory target): libmicrohttpd and GnuTLS, which only `serve`
//   calls, were linked into render-cli, so every process mapped them and the eight
//   libraries GnuTLS needs (nettle, hogweed, gmp, p11-kit, idn2, unistring, tasn1, ffi),
//   ran their constructors and resolved their symbols. Now the server opens both with
//   dlopen when it starts (Sources/CMicroHTTPD, Sources/CGnuTLS: their headers give the
//   types, calls go through pointers resolved once) and `ldd render-cli` names neither.
//   Release build, max RSS (/usr/bin/time -v) over nine runs each, before at 17:22 UTC
//   (load 3.4), after at 17:40 (load 19; RSS does not follow the load): the 1,000-item
//   cart 21.8-22.3 -> 18.6-19.3 MiB (target 20: met), the address form (ja-JP) 23.1-23.7
//   -> 20.5-20.9, `--version` 13.1-13.6 -> 10.1-10.8; instructions (callgrind) the seed
//   cart 23.1 M -> 18.3 M, the 1,000-item cart 83.0 M -> 78.2 M, the form 26.8 M ->
//   22.0 M, `--version` 9.97 M -> 5.15 M. Found on the way: valgrind 3.19 (Debian 12)
//   gives up reading render-cli ("Possibly corrupted debuginfo file") once a second C
//   object with DWARF 5 (clang's default) sits beside CICUShim's, even a one-line one,
//   so the loaders are inline functions in the system modules' headers, compiled into
//   the Swift objects (DWARF 4), not C files of their own.
// - Diff: both carts sorted by a key of each id's length and last eight bytes (radix,
//   11 bits a pass), merged; whole ids compared only when keys are equal. Profile now:
//   the alignment's merge and field comparisons (strings on the heap, one cache miss
//   each) about half, the two radix sorts a quarter, the LIS a tenth; amounts are
//   compared word by word inline (a `memcmp` call each was a tenth).
// - Diff, a second round (callgrind, one 100,000-item diff, 10 % changed): 133 M
//   instructions: six radix passes per cart (the length mixed into every key bit, so no
//   pass was skipped) 29 M, keys 19 M, `String ==` on names (through three library
//   layers) 14 M, the merge reading both items per step in key order 17 M, zero-filled
//   scratch arrays 6 M. Now both carts' entries (key of the last eight bytes and length
//   through a bijective mixer, head of the length and first seven bytes: together the
//   whole id up to 15 bytes, so short ids are never read again) go into 2^16 buckets by
//   the key's top bits in one scatter, each bucket insertion-sorted; strings of more
//   than 15 bytes are compared by their bytes first: 84 M. Wall (CPU) time did not
//   follow: back to back under load 9.5 the old and new builds give 22–27 ms and 23–29
//   ms. Under that load the diff is bound by memory, not instructions: it streams both
//   item arrays (10 MB each) and both carts' names (11 MB each) and each phase waits on
//   them (timed: keys 4.7 ms, scatter 3.8 ms, fields 8.5 ms). A fused walk (fields
//   compared while keying, in step) read items once but cost more elsewhere (111 M,
//   slower) and was left out. The target (≤ 20 ms under load) is not met.
// - Diff, a third round (18:28 UTC, load average 15-16: fuzzers and other builds on both
//   cores). This case times `CartDiff(from:to:)` alone: the carts are built before the
//   clock starts (building them is most of the process's profile: Decimal division in
//   `generatedCart`). `unshared()` then copied ids and names but left each item's
//   `descriptions` and `details` storage shared by both carts, which was optimistic: the
//   diff takes an array of the same bits in both items as equal without reading it, so
//   the descriptions cost nothing, where two decoded files have them compared string by
//   string. Since this round `unshared()` copies them too (figures: README). perf record (cpu-clock; this virtual machine has no
//   hardware counters, so `perf stat` reports cache-misses, instructions and cycles as
//   not supported) put the diff's time in the two reads of both item arrays (keys, then
//   fields), the names' `memcmp` (a quarter: waiting on each name's storage), the
//   scatter into 2^16 buckets and the LIS's array appends. Now one walk reads both carts
//   in step, keying each item and looking for a new item's id among the next eight old
//   items after the last match, and compares a pair's fields while both are in the
//   cache; repeats are found by a bit set of the keys (1 MiB for 100,000, which a core's
//   2 MiB L2 holds; ids compared only for keys sharing a bit); only the items left (a
//   tenth here) are sorted. Indexes are `Int32`, the LIS runs on unsafe buffers, and
//   strings and arrays of identical bits are not read. Callgrind: 84 M -> 61 M
//   instructions; back to back under that load the old and new builds give medians of
//   26.1-26.2 ms and 13.3-17.0 ms (shuffled 48-66 and 47-48 ms: nothing is in step, so it
//   is the full sort as before). Left: the names' storage, read once per pair.
let benchUsage = """
  USAGE: render-bench [--json] [--case NAME]... [--items N]... [--runs N [--text]]
    --json        One JSON object per line instead of the table.
    --case NAME   Only this case: cart|form|status|parse|diff (repeatable).
    --items N     Only carts of N items: 1|10|100|1000|100000 (repeatable).
    --runs N      No timing: render each cart HTML page N times after one warm-up
                  (for instruction counts under valgrind --tool=callgrind).
    --text        With --runs: the cart's text snapshot instead of its HTML page.
  Prints CPU microseconds per run (median, fastest) and the peak memory.
  """

/// The command line, or exit 64 with one line naming what is wrong.
func benchArguments(_ arguments: [String]) -> (
  json: Bool, cases: Set<String>, items: Set<Int>, runs: Int?, text: Bool
) {
  if arguments.contains("--help") || arguments.contains("-h") {
    print(benchUsage)
    exit(0)
  }
  func refuse(_ message: String) -> Never {
    FileHandle.standardError.write(Data("render-bench: \(message); see 'render-bench --help'\n".utf8))
    exit(64)
  }
  var parsed = (json: false, cases: Set<String>(), items: Set<Int>(), runs: Int?.none, text: false)
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    switch argument {
    case "--json": parsed.json = true
    case "--case":
      let name = rest.popFirst() ?? ""
      guard ["cart", "form", "status", "parse", "diff"].contains(name) else {
        refuse("unknown case '\(name)'; use cart, form, status, parse or diff")
      }
      parsed.cases.insert(name)
    case "--items":
      let text = rest.popFirst() ?? ""
      guard let count = Int(text), [1, 10, 100, 1000, 100_000].contains(count) else {
        refuse("unknown size '\(text)' for --items; use 1, 10, 100, 1000 or 100000")
      }
      parsed.items.insert(count)
    case "--runs":
      let text = rest.popFirst() ?? ""
      guard let runs = Int(text), runs >= 0 else { refuse("'\(text)' for --runs is not a count") }
      parsed.runs = runs
    case "--text": parsed.text = true
    default: refuse("unknown argument '\(argument)'")
    }
  }
  if parsed.text, parsed.runs == nil { refuse("--text counts instructions: give it with --runs N") }
  return parsed
}
let (json, only, onlyItems, fixedRuns, fixedRunsText) = benchArguments(Array(CommandLine.arguments.dropFirst()))
@MainActor func wanted(_ name: String) -> Bool { only.isEmpty || only.contains(name) }
@MainActor func wanted(items: Int) -> Bool { onlyItems.isEmpty || onlyItems.contains(items) }

/// One figure, as a JSON line or a table row.
struct Figure {
  var name: String
  var items: Int?
  var locale: String?
  var format: String?
  /// The request kind of a form, the change pattern of a diff.
  var variant: String?
  var timing: Timing
  /// Changes the diff found, for the table.
  var changes: Int?

  var jsonLine: String {
    var fields = ["\"case\": \"\(name)\""]
    if let items { fields.append("\"items\": \(items)") }
    if let locale { fields.append("\"locale\": \"\(locale)\"") }
    if let format { fields.append("\"format\": \"\(format)\"") }
    if let variant { fields.append("\"\(name == "form" ? "request" : "variant")\": \"\(variant)\"") }
    fields.append("\"median_us\": " + String(format: "%.1f", timing.median))
    fields.append("\"fastest_us\": " + String(format: "%.1f", timing.fastest))
    return "{" + fields.joined(separator: ", ") + "}"
  }

  var tableRow: String {
    func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
    return pad(name, 8) + pad(items.map(String.init) ?? "", 8) + pad(locale ?? "", 8) + pad(format ?? "", 7)
      + pad(variant ?? "", 13)
      + String(format: "%12.1f %12.1f", timing.median, timing.fastest)
      + (changes.map { String(format: "   %d changes", $0) } ?? "")
  }
}

@MainActor func report(_ figure: Figure) { print(json ? figure.jsonLine : figure.tableRow) }

if !json, fixedRuns == nil {
  print("render-bench: CPU microseconds per run (median, fastest sample)")
  print("case    items   locale  format variant        median µs   fastest µs")
}

let configuration = SessionConfiguration(
  currency: "USD", region: "US", privacyPolicyURL: "https://example.com/privacy", storeName: "Oakbrook Mall",
  deviceName: "Emily")

if let fixedRuns {
  // Instruction counts only: the same pages as the timed cart case, no clock read.
  var sink = 0
  for locale in ["en-US", "ar-EG"] {
    let context = RenderContext(configuration: configuration, localeTag: locale)
    for count in [1, 10, 100, 1000] where wanted(items: count) {
      let cart = count == 1 ? seedCart() : generatedCart(count)
      func render() -> Int {
        fixedRunsText
          ? CartText.render(cart, context: context).utf8.count : CartHTML.renderUTF8(cart, context: context).count
      }
      sink &+= render()
      for _ in 0..<fixedRuns { sink &+= render() }
    }
  }
  print("render-bench: \(sink) bytes written")
  exit(0)
}

if wanted("cart") {
  let carts: [(Int, ShoppingCart)] = [(1, seedCart())] + [10, 100, 1000].map { ($0, generatedCart($0)) }
  for locale in ["en-US", "ar-EG"] {
    let context = RenderContext(configuration: configuration, localeTag: locale)
    for (count, cart) in carts where wanted(items: count) {
      let samples = count >= 1000 ? 21 : 101
      // The bytes, as a server answers with them; then the same page as a String.
      let html = measure(samples: samples) { CartHTML.renderUTF8(cart, context: context).count }
      report(Figure(name: "cart", items: count, locale: locale, format: "html", timing: html))
      let string = measure(samples: samples) { CartHTML.render(cart, context: context).utf8.count }
      report(Figure(name: "cart", items: count, locale: locale, format: "html", variant: "string", timing: string))
      let text = measure(samples: samples) { CartText.render(cart, context: context).utf8.count }
      report(Figure(name: "cart", items: count, locale: locale, format: "text", timing: text))
    }
  }
}

/// A request from its JSON text, as `render-cli form` reads it.
func request(_ text: String) -> FormRequest? { try? FormRequest(json: JSONParser.parse(Array(text.utf8))) }

let requests: [(String, String)] = [
  ("customerInfo", #"{"request": "customerInfo", "purpose": "checkIn", "fields": ["emailAddress"]}"#),
  ("address", #"{"request": "address", "purpose": "shipping", "fields": ["emailAddress", "phoneNumber"]}"#),
  (
    "signup",
    #"{"request": "signup", "purpose": "membership", "fields": ["emailAddress", "phoneNumber"], "emailConsent": "visible", "smsConsent": "visible", "termsAndConditions": "**Terms and Conditions**\n\nYour terms, in Markdown."}"#
  ),
]
if wanted("form") {
  for (kind, text) in requests {
    guard let request = request(text) else { fatalError("render-bench: the \(kind) request does not decode") }
    for locale in kind == "address" ? ["en-US", "ja-JP"] : ["en-US"] {
      let context = RenderContext(configuration: configuration, localeTag: locale)
      let html = measure(samples: 101) { FormHTML.render(request, context: context).utf8.count }
      report(Figure(name: "form", locale: locale, format: "html", variant: kind, timing: html))
    }
  }
}

if wanted("status") {
  let context = RenderContext(configuration: configuration, localeTag: "en-US")
  let html = measure(samples: 101) { StatusHTML.render(.paymentCompleted, context: context).utf8.count }
  report(Figure(name: "status", locale: "en-US", format: "html", timing: html))
  let text = measure(samples: 101) { StatusText.render(.paymentCompleted, context: context).utf8.count }
  report(Figure(name: "status", locale: "en-US", format: "text", timing: text))
}

if wanted("parse"), let address = request(requests[1].1) {
  let context = RenderContext(configuration: configuration, localeTag: "en-US")
  let body = Array(
    ("name=Jane+Appleseed&street=1+Infinite+Loop&street=&city=Cupertino&state=CA&postalCode=95014&country=US"
      + "&emailAddress=jane%40example.com&phoneNumber=%2B1+408+555+0100&action=share").utf8)
  let parse = measure(samples: 101) {
    guard let response = try? FormSubmission.parse(body, request: address, context: context, expectedToken: nil)
    else { return -1 }
    return response.json.utf8.count
  }
  report(Figure(name: "parse", locale: "en-US", variant: "address", timing: parse))
}

if wanted("diff") {
  func diffFigure(_ old: ShoppingCart, _ new: ShoppingCart, variant: String, samples: Int) -> Figure {
    var changes = 0
    let timing = measure(samples: samples, sampleMicroseconds: 10_000) {
      guard let diff = try? CartDiff(from: old, to: new) else { return -1 }
      changes = diff.inserted.count + diff.removed.count + diff.moved.count + diff.updated.count
      return changes
    }
    return Figure(name: "diff", items: old.items.count, variant: variant, timing: timing, changes: changes)
  }
  var timings: [Int: Timing] = [:]
  for count in [10, 1000, 100_000] where wanted(items: count) {
    let old = generatedCart(count)
    // Two carts as two decoded files are: no storage shared between them.
    let new = unshared(updatedCart(old, changedPercent: 10, seed: 0x5EED_0000 &+ UInt64(count)))
    let figure = diffFigure(old, new, variant: "10%", samples: count >= 100_000 ? 31 : 101)
    timings[count] = figure.timing
    report(figure)
  }
  if wanted(items: 100_000) {
    // Every item out of place: the binary searches of patience sorting, not its fast path.
    let old = generatedCart(100_000)
    var random = BenchRandom(state: 0x5EED_5AFF)
    var shuffled = old.items
    for index in shuffled.indices.reversed() { shuffled.swapAt(index, random.below(index + 1)) }
    report(diffFigure(old, unshared(ShoppingCart(items: shuffled)), variant: "shuffled", samples: 21))
  }
  if !json, let large = timings[100_000], let small = timings[1000], small.fastest > 0, small.median > 0 {
    let nLogN = (100_000 * log2(100_000.0)) / (1000 * log2(1000.0))
    print(
      String(
        format:
          "diff 100,000 / 1,000 items, 10 %%: time ratio %.1f (fastest), %.1f (median); n log n ratio %.1f; n ratio 100.0",
        large.fastest / small.fastest, large.median / small.median, nLogN))
  }
}

var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let peak = Double(usage.ru_maxrss) / 1024
if json {
  print("{\"case\": \"memory\", \"peak_rss_mib\": " + String(format: "%.1f", peak) + "}")
} else {
  print(String(format: "peak memory: %.1f MiB (maximum resident set size)", peak))
}
