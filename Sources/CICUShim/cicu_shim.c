// The engine's only use of ICU's C API (Debian's libicu-dev). ICU versions its symbol
// names (ubrk_open_72); going through this file keeps that out of the Swift code.
#include "cicu_shim.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/unumsys.h>
#include <unicode/uregion.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
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

int cicu_is_known_region(const char *code) {
  UErrorCode status = U_ZERO_ERROR;
  const URegion *region = uregion_getRegionFromCode(code, &status);
  return U_SUCCESS(status) && region != NULL;
}

int cicu_is_region_code(const char *code) {
  UErrorCode status = U_ZERO_ERROR;
  const URegion *region = uregion_getRegionFromCode(code, &status);
  if (U_FAILURE(status) || region == NULL) return 0;
  URegionType type = uregion_getType(region);
  if (type == URGN_UNKNOWN || type == URGN_DEPRECATED) return 0;
  return strcmp(uregion_getRegionCode(region), code) == 0;
}

int cicu_is_numbering_system(const char *name) {
  UErrorCode status = U_ZERO_ERROR;
  UNumberingSystem *system = unumsys_openByName(name, &status);
  int known = U_SUCCESS(status) && system != NULL;
  if (system != NULL) unumsys_close(system);
  return known;
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

int32_t cicu_maximize_tag(const char *tag, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  char id[ULOC_FULLNAME_CAPACITY];
  char maximized[ULOC_FULLNAME_CAPACITY];
  int32_t parsed = 0;
  uloc_forLanguageTag(tag, id, sizeof id, &parsed, &status);
  uloc_addLikelySubtags(id, maximized, sizeof maximized, &status);
  int32_t length = uloc_toLanguageTag(maximized, out, capacity, 0, &status);
  return U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING ? -1 : length;
}

// Appends the BCP 47 form of the ICU locale ID `id` and a space; 0 on success.
static int append_tag(const char *id, char *out, int32_t capacity, int32_t *used) {
  UErrorCode status = U_ZERO_ERROR;
  char tag[ULOC_FULLNAME_CAPACITY];
  int32_t length = uloc_toLanguageTag(id, tag, sizeof tag, 0, &status);
  if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
  if (*used + length + 2 > capacity) return -1;
  if (*used > 0) out[(*used)++] = ' ';
  memcpy(out + *used, tag, (size_t)length);
  *used += length;
  out[*used] = 0;
  return 0;
}

// The CLDR parent of the locale bundle `id`: its `%%Parent` resource where it has one,
// else truncation (uloc_getParent). Empty at root.
static void parent_locale(const char *id, char *parent, int32_t capacity) {
  parent[0] = 0;
  UErrorCode status = U_ZERO_ERROR;
  UResourceBundle *bundle = ures_openDirect(NULL, id, &status);
  if (U_SUCCESS(status)) {
    int32_t length = 0;
    UErrorCode keyStatus = U_ZERO_ERROR;
    const UChar *value = ures_getStringByKey(bundle, "%%Parent", &length, &keyStatus);
    if (U_SUCCESS(keyStatus) && length < capacity) {
      u_UCharsToChars(value, parent, length);
      parent[length] = 0;
    }
  }
  ures_close(bundle);
  if (parent[0] == 0) {
    status = U_ZERO_ERROR;
    uloc_getParent(id, parent, capacity, &status);
    if (U_FAILURE(status)) parent[0] = 0;
  }
  if (strcmp(parent, "root") == 0) parent[0] = 0;
}

int32_t cicu_locale_fallbacks(const char *tag, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  char id[ULOC_FULLNAME_CAPACITY];
  int32_t parsed = 0;
  int32_t used = 0;
  if (capacity < 1) return -1;
  out[0] = 0;
  uloc_forLanguageTag(tag, id, sizeof id, &parsed, &status);
  if (U_FAILURE(status) || id[0] == 0) return -1;
  if (append_tag(id, out, capacity, &used) != 0) return -1;
  // The bundle ICU loads for the tag: follows aliases (zh_TW is zh_Hant_TW) and falls
  // back (en_XA is en). The process's default locale is no fallback of the customer's.
  UResourceBundle *bundle = ures_open(NULL, id, &status);
  if (U_FAILURE(status) || status == U_USING_DEFAULT_WARNING) {
    ures_close(bundle);
    return used;
  }
  char current[ULOC_FULLNAME_CAPACITY];
  const char *actual = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &status);
  if (U_FAILURE(status) || actual == NULL || strlen(actual) >= sizeof current) {
    ures_close(bundle);
    return used;
  }
  strcpy(current, actual);
  ures_close(bundle);
  if (strcmp(current, "root") == 0) return used;
  if (strcmp(current, id) != 0 && append_tag(current, out, capacity, &used) != 0) return -1;
  // CLDR's parent chains are short (es_MX, es_419, es); the bound only guards a loop.
  for (int step = 0; step < 16; step++) {
    char parent[ULOC_FULLNAME_CAPACITY];
    parent_locale(current, parent, sizeof parent);
    if (parent[0] == 0) break;
    if (append_tag(parent, out, capacity, &used) != 0) return -1;
    strcpy(current, parent);
  }
  return used;
}

int32_t cicu_same_data_parent(const char *tag, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  char id[ULOC_FULLNAME_CAPACITY];
  int32_t parsed = 0;
  if (capacity < 1) return -1;
  out[0] = 0;
  uloc_forLanguageTag(tag, id, sizeof id, &parsed, &status);
  if (U_FAILURE(status) || id[0] == 0) return -1;
  // The bundle of exactly this locale, no fallback: its own resources only.
  UResourceBundle *bundle = ures_openDirect(NULL, id, &status);
  if (U_FAILURE(status)) {
    ures_close(bundle);
    return 0;
  }
  int32_t own = ures_getSize(bundle);
  int32_t length = 0;
  UErrorCode keyStatus = U_ZERO_ERROR;
  const UChar *value = ures_getStringByKey(bundle, "%%Parent", &length, &keyStatus);
  char parent[ULOC_FULLNAME_CAPACITY];
  int found = U_SUCCESS(keyStatus) && own == 1 && length > 0 && length < (int32_t)sizeof parent;
  if (found) {
    u_UCharsToChars(value, parent, length);
    parent[length] = 0;
  }
  ures_close(bundle);
  if (!found || strcmp(parent, "root") == 0) return 0;
  int32_t used = 0;
  return append_tag(parent, out, capacity, &used) == 0 ? used : -1;
}

cicu_plural_rules *cicu_plural_rules_open(const char *tag) {
  UErrorCode status = U_ZERO_ERROR;
  char id[ULOC_FULLNAME_CAPACITY];
  int32_t parsed = 0;
  uloc_forLanguageTag(tag, id, sizeof id, &parsed, &status);
  if (U_FAILURE(status)) return NULL;
  UPluralRules *rules = uplrules_open(id, &status);
  if (U_FAILURE(status)) {
    uplrules_close(rules);
    return NULL;
  }
  return (cicu_plural_rules *)rules;
}

void cicu_plural_rules_close(cicu_plural_rules *rules) { uplrules_close((UPluralRules *)rules); }

int32_t cicu_plural_rules_select(const cicu_plural_rules *rules, int64_t n, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UChar keyword[32];
  int32_t length = uplrules_select((const UPluralRules *)rules, (double)n, keyword, 32, &status);
  if (U_FAILURE(status) || length >= 32 || length >= capacity) return -1;
  u_UCharsToChars(keyword, out, length);
  out[length] = 0;
  return length;
}

int32_t cicu_plural_rules_categories(const cicu_plural_rules *rules, char *out, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UEnumeration *keywords = uplrules_getKeywords((const UPluralRules *)rules, &status);
  if (U_FAILURE(status)) return -1;
  int32_t used = 0;
  const char *keyword;
  int32_t length;
  out[0] = 0;
  while ((keyword = uenum_next(keywords, &length, &status)) != NULL && U_SUCCESS(status)) {
    if (used + length + 2 > capacity) {
      used = -1;
      break;
    }
    if (used > 0) out[used++] = ' ';
    memcpy(out + used, keyword, (size_t)length);
    used += length;
    out[used] = 0;
  }
  uenum_close(keywords);
  return used;
}

void *cicu_collator_open(const char *locale) {
  UErrorCode status = U_ZERO_ERROR;
  char id[ULOC_FULLNAME_CAPACITY];
  int32_t parsed = 0;
  // A BCP 47 tag (`ja-JP`, `de-DE-u-co-phonebk`) becomes an ICU locale ID; anything ICU
  // cannot read whole as a tag (`ja_JP`) is taken as an ICU locale ID already.
  uloc_forLanguageTag(locale, id, sizeof id, &parsed, &status);
  const char *chosen = U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING &&
                               parsed == (int32_t)strlen(locale)
                           ? id
                           : locale;
  status = U_ZERO_ERROR;
  UCollator *collator = ucol_open(chosen, &status);
  if (U_FAILURE(status)) {
    if (collator != NULL) ucol_close(collator);
    return NULL;
  }
  return collator;
}

int32_t cicu_collator_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *out,
                               int32_t capacity) {
  return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, out, capacity);
}

void cicu_collator_close(void *collator) { ucol_close((UCollator *)collator); }
