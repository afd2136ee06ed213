// Thin shims over ICU's break iterators. ICU names its functions through version-renaming
// macros (ubrk_open is ubrk_open_72 on Debian 12), which Swift cannot import; these plain
// functions hide the macros and the UText plumbing. Offsets are UTF-8 byte offsets.
#ifndef CICU_SHIMS_H
#define CICU_SHIMS_H

#include <stdint.h>

/// An ICU line break iterator (UAX #14 with ICU's default tailoring, as browsers use it).
typedef struct kt_icu_line_iterator kt_icu_line_iterator;

/// Opens a line break iterator for a locale ("" for the root locale, "ja" for Japanese rules).
/// Returns NULL and sets *status (an ICU UErrorCode) on failure.
kt_icu_line_iterator *kt_icu_line_open(const char *locale, int32_t *status);

/// Points the iterator at UTF-8 text, which must stay alive while the iterator is used.
/// Malformed UTF-8 is read as U+FFFD. Returns 0, or sets *status and returns -1.
int kt_icu_line_set_text(kt_icu_line_iterator *iterator, const char *utf8, int64_t length, int32_t *status);

/// The next break position (a UTF-8 offset) after the current one, or -1 at the end.
/// *hard is set to 1 when the break is mandatory (after a line or paragraph separator).
int64_t kt_icu_line_next(kt_icu_line_iterator *iterator, int32_t *hard);

void kt_icu_line_close(kt_icu_line_iterator *iterator);

/// An ICU word break iterator (UAX #29 word boundaries with ICU's dictionaries for Chinese,
/// Japanese, Thai and other scripts written without spaces).
typedef struct kt_icu_word_iterator kt_icu_word_iterator;

/// Opens a word break iterator for a locale ("" for the root locale). Returns NULL and sets
/// *status (an ICU UErrorCode) on failure.
kt_icu_word_iterator *kt_icu_word_open(const char *locale, int32_t *status);

/// Points the iterator at UTF-8 text, which must stay alive while the iterator is used.
/// Returns 0, or sets *status and returns -1.
int kt_icu_word_set_text(kt_icu_word_iterator *iterator, const char *utf8, int64_t length, int32_t *status);

/// The next boundary (a UTF-8 offset) after the current one, or -1 at the end. *word is set to 1
/// when the segment ending there is a word (letters, numbers, kana or ideographs: ICU's rule
/// status is not UBRK_WORD_NONE), 0 for spaces, punctuation and symbols.
int64_t kt_icu_word_next(kt_icu_word_iterator *iterator, int32_t *word);

void kt_icu_word_close(kt_icu_word_iterator *iterator);

/// ICU's name for an error code ("U_MEMORY_ALLOCATION_ERROR").
const char *kt_icu_error_name(int32_t status);

#endif
