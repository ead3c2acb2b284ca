// Stable, ICU-free declarations of the few ICU services the engine uses. ICU's own
// headers stay inside cicu_shim.c: Foundation carries its own ICU, and the two sets of
// headers cannot both be visible to Swift.
#ifndef CICU_SHIM_H
#define CICU_SHIM_H
#include <stdint.h>

/// 1 when the code point is East Asian Wide or Fullwidth (UAX #11).
int cicu_is_east_asian_wide(int32_t c);

/// 1 when the code point takes no column of its own: combining and enclosing marks,
/// format characters, default-ignorables, Hangul medial vowels and final consonants.
int cicu_is_zero_width(int32_t c);

/// 1 when the code point is shown as an emoji by default.
int cicu_is_emoji_presentation(int32_t c);

/// A UAX #14 line-break iterator for `locale` (ICU locale ID, e.g. "ja@lb=strict"), or
/// NULL when ICU fails. Opening loads the rules; ``cicu_line_breaker_run`` reuses them.
void *cicu_line_breaker_open(const char *locale);

/// Points `breaker` at `text` (ubrk_setText) and writes its line-break opportunities
/// (UTF-16 offsets, ascending, the last one `length`) into `out`, at most `capacity`.
/// Returns how many were written, or -1 when ICU fails. One caller at a time.
int32_t cicu_line_breaker_run(void *breaker, const uint16_t *text, int32_t length, int32_t *out,
                              int32_t capacity);

/// Closes an iterator from ``cicu_line_breaker_open``.
void cicu_line_breaker_close(void *breaker);

/// 1 when the NUL-terminated ASCII code is a common, non-deprecated ISO 4217 currency in
/// ICU's CLDR data: not XXX (no currency), XTS (testing), or a withdrawn code such as ESP or DEM.
int cicu_is_current_currency(const char *iso_code);

/// 1 when the NUL-terminated ASCII code is an ISO 3166-1 alpha-2 country in ICU's data
/// (not an exceptional reservation such as EU, nor a deprecated code).
int cicu_is_iso_country(const char *code);

/// 1 when CLDR knows `code` as a region (`uregion_getRegionFromCode`): an ISO 3166-1
/// country, a UN M.49 area such as `419`, or a grouping; 0 otherwise.
int cicu_is_known_region(const char *code);

/// 1 when `code` is a region's own code in CLDR's region data (`uregion_getRegionFromCode`
/// gives back the same code): a territory (`CH`, `XK`), the world (`001`), a continent,
/// subcontinent (`419`) or grouping (`EU`); 0 for an alias (`UK`, `840`), a deprecated
/// code (`AN`), the unknown region (`ZZ`), or anything ICU does not know.
int cicu_is_region_code(const char *code);

/// 1 when ICU has a numbering system named `name` (`latn`, `arab`, `deva`); 0 otherwise.
int cicu_is_numbering_system(const char *name);

/// 1 when the code point needs a bidi isolate in plain text: strong right-to-left
/// letters (R, AL) and the explicit embedding, override and isolate controls.
int cicu_needs_bidi_isolation(int32_t c);

/// Writes ICU's likely-subtags maximization (CLDR likelySubtags) of the BCP 47 `tag` as a
/// BCP 47 tag: `zh-TW` gives `zh-Hant-TW`, `pt` gives `pt-Latn-BR`. Returns its length, or
/// -1 when ICU cannot read the tag or `capacity` is too small.
int32_t cicu_maximize_tag(const char *tag, char *out, int32_t capacity);

/// Writes the CLDR fallback chain of the BCP 47 `tag`, most specific first, as BCP 47 tags
/// separated by spaces and without `root`: the tag itself, then the locale ICU's data has
/// for it and each parent in turn, following CLDR's parent locales (ICU's `%%Parent`
/// resource) where they differ from truncation. `es-MX` gives `es-MX es-419 es`, `zh-TW`
/// gives `zh-TW zh-Hant-TW zh-Hant`, `pt-AO` gives `pt-AO pt-PT pt`. A tag ICU has no data
/// for gives only itself. Returns the length written, or -1 on failure.
int32_t cicu_locale_fallbacks(const char *tag, char *out, int32_t capacity);

/// Writes, as a BCP 47 tag, the locale the BCP 47 `tag` is another name for in ICU's CLDR
/// data: its CLDR parent (ICU's `%%Parent`) when the tag's own locale bundle holds nothing
/// but that parent. `nb` gives `no`: CLDR keeps Norwegian's data under `no` and `nb` as a
/// name for it (older CLDR had the alias the other way, `no` to `nb`). A tag with data of
/// its own (`nn`, `en-AU`) or without a bundle gives nothing. Returns the length written,
/// 0 when there is none, or -1 on failure.
int32_t cicu_same_data_parent(const char *tag, char *out, int32_t capacity);

/// A locale's CLDR plural rules (ICU `UPluralRules`, cardinal). Opaque; thread-safe to
/// select with once opened.
typedef struct cicu_plural_rules cicu_plural_rules;

/// The cardinal plural rules of the BCP 47 `tag`, or NULL when ICU fails.
cicu_plural_rules *cicu_plural_rules_open(const char *tag);

void cicu_plural_rules_close(cicu_plural_rules *rules);

/// Writes the CLDR plural category (`zero`, `one`, `two`, `few`, `many`, `other`) of the
/// integer `n` as ASCII. Returns its length, or -1 on failure.
int32_t cicu_plural_rules_select(const cicu_plural_rules *rules, int64_t n, char *out, int32_t capacity);

/// Writes the categories the rules use, separated by spaces. Returns the length, or -1.
int32_t cicu_plural_rules_categories(const cicu_plural_rules *rules, char *out, int32_t capacity);

/// An ICU collator (`ucol_open`) for `locale`, a BCP 47 tag or an ICU locale ID, with the
/// locale's default attributes (tertiary strength); NULL when ICU fails. Thread-safe to
/// read from once opened.
void *cicu_collator_open(const char *locale);

/// Writes the collator's sort key of the UTF-16 `text` (ucol_getSortKey): comparing two
/// keys byte by byte (memcmp, the shorter first when one is a prefix) orders the texts as
/// `ucol_strcoll` does. Returns the key's whole length, which may exceed `capacity` (then
/// call again with more room), or 0 when ICU fails.
int32_t cicu_collator_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *out,
                               int32_t capacity);

/// Closes a collator from ``cicu_collator_open``.
void cicu_collator_close(void *collator);

#endif
