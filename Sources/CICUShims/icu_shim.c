#include "CICUShims.h"
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct kt_icu_line_iterator {
    UBreakIterator *breaks;
};

kt_icu_line_iterator *kt_icu_line_open(const char *locale, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *breaks = ubrk_open(UBRK_LINE, locale, NULL, 0, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error) || breaks == NULL) { return NULL; }
    kt_icu_line_iterator *iterator = (kt_icu_line_iterator *)malloc(sizeof *iterator);
    if (iterator == NULL) {
        ubrk_close(breaks);
        *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    iterator->breaks = breaks;
    return iterator;
}

int kt_icu_line_set_text(kt_icu_line_iterator *iterator, const char *utf8, int64_t length, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    // The iterator keeps a shallow clone of the UText, so ours can be closed at once.
    UText *text = utext_openUTF8(NULL, utf8, length, &error);
    if (U_SUCCESS(error)) { ubrk_setUText(iterator->breaks, text, &error); }
    utext_close(text);
    *status = (int32_t)error;
    return U_FAILURE(error) ? -1 : 0;
}

int64_t kt_icu_line_next(kt_icu_line_iterator *iterator, int32_t *hard) {
    int32_t position = ubrk_next(iterator->breaks);
    if (position == UBRK_DONE) { return -1; }
    int32_t rule = ubrk_getRuleStatus(iterator->breaks);
    *hard = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    return position;
}

void kt_icu_line_close(kt_icu_line_iterator *iterator) {
    if (iterator == NULL) { return; }
    ubrk_close(iterator->breaks);
    free(iterator);
}

struct kt_icu_word_iterator {
    UBreakIterator *breaks;
};

kt_icu_word_iterator *kt_icu_word_open(const char *locale, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *breaks = ubrk_open(UBRK_WORD, locale, NULL, 0, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error) || breaks == NULL) { return NULL; }
    kt_icu_word_iterator *iterator = (kt_icu_word_iterator *)malloc(sizeof *iterator);
    if (iterator == NULL) {
        ubrk_close(breaks);
        *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    iterator->breaks = breaks;
    return iterator;
}

int kt_icu_word_set_text(kt_icu_word_iterator *iterator, const char *utf8, int64_t length, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UText *text = utext_openUTF8(NULL, utf8, length, &error);
    if (U_SUCCESS(error)) { ubrk_setUText(iterator->breaks, text, &error); }
    utext_close(text);
    *status = (int32_t)error;
    return U_FAILURE(error) ? -1 : 0;
}

int64_t kt_icu_word_next(kt_icu_word_iterator *iterator, int32_t *word) {
    int32_t position = ubrk_next(iterator->breaks);
    if (position == UBRK_DONE) { return -1; }
    *word = ubrk_getRuleStatus(iterator->breaks) >= UBRK_WORD_NONE_LIMIT ? 1 : 0;
    return position;
}

void kt_icu_word_close(kt_icu_word_iterator *iterator) {
    if (iterator == NULL) { return; }
    ubrk_close(iterator->breaks);
    free(iterator);
}

const char *kt_icu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }
