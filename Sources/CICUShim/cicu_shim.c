// The engine's only use of ICU's C API (Debian's libicu-dev). ICU versions its symbol
// names (ubrk_open_72); going through this file keeps that out of the Swift code.
#include "cicu_shim.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucurr.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/utypes.h>

#include <string.h>

int cicu_is_east_asian_wide(int32_t c) {
  int32_t w = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  return w == U_EA_WIDE || w == U_EA_FULLWIDTH;
}

int cicu_is_zero_width(int32_t c) {
  int8_t t = u_charType(c);
  if (t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK || t == U_FORMAT_CHAR) return 1;
  if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return 1;
  int32_t h = u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE);
  return h == U_HST_VOWEL_JAMO || h == U_HST_TRAILING_JAMO;
}

int cicu_is_emoji_presentation(int32_t c) {
  return u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

void *cicu_line_breaker_open(const char *locale) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *it = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
  if (U_FAILURE(status)) {
    if (it != NULL) ubrk_close(it);
    return NULL;
  }
  return it;
}

int32_t cicu_line_breaker_run(void *breaker, const uint16_t *text, int32_t length, int32_t *out,
                              int32_t capacity) {
  UBreakIterator *it = (UBreakIterator *)breaker;
  UErrorCode status = U_ZERO_ERROR;
  ubrk_setText(it, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -1;
  int32_t count = 0;
  ubrk_first(it);
  for (int32_t p = ubrk_next(it); p != UBRK_DONE && count < capacity; p = ubrk_next(it)) {
    out[count++] = p;
  }
  // The iterator must not keep pointing at text the caller is about to free.
  ubrk_setText(it, NULL, 0, &status);
  return count;
}

void cicu_line_breaker_close(void *breaker) { ubrk_close((UBreakIterator *)breaker); }

int cicu_is_current_currency(const char *iso_code) {
  UErrorCode status = U_ZERO_ERROR;
  UEnumeration *codes = ucurr_openISOCurrencies(UCURR_COMMON | UCURR_NON_DEPRECATED, &status);
  if (U_FAILURE(status)) return 0;
  int found = 0;
  const char *code;
  int32_t length;
  while (!found && (code = uenum_next(codes, &length, &status)) != NULL && U_SUCCESS(status)) {
    found = strcmp(code, iso_code) == 0;
  }
  uenum_close(codes);
  return found;
}

int cicu_is_iso_country(const char *code) {
  for (const char *const *country = uloc_getISOCountries(); *country != NULL; country++) {
    if (strcmp(*country, code) == 0) return 1;
  }
  return 0;
}

int cicu_needs_bidi_isolation(int32_t c) {
  switch (u_charDirection(c)) {
  case U_RIGHT_TO_LEFT:
  case U_RIGHT_TO_LEFT_ARABIC:
  case U_LEFT_TO_RIGHT_EMBEDDING:
  case U_LEFT_TO_RIGHT_OVERRIDE:
  case U_RIGHT_TO_LEFT_EMBEDDING:
  case U_RIGHT_TO_LEFT_OVERRIDE:
  case U_POP_DIRECTIONAL_FORMAT:
  case U_LEFT_TO_RIGHT_ISOLATE:
  case U_RIGHT_TO_LEFT_ISOLATE:
  case U_FIRST_STRONG_ISOLATE:
  case U_POP_DIRECTIONAL_ISOLATE:
    return 1;
  default:
    return 0;
  }
}
