#include "fr_icu.h"

#include <stdio.h>
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uversion.h>

struct fr_break_iterator {
    UBreakIterator *iterator;
};

fr_break_iterator *fr_break_open(fr_break_kind kind, const char *locale,
                                 const uint16_t *text, int32_t length,
                                 char *error, size_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == FR_BREAK_SENTENCE ? UBRK_SENTENCE : UBRK_WORD;
    UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        if (error && error_capacity > 0) {
            snprintf(error, error_capacity, "ICU break iterator: %s", u_errorName(status));
        }
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    fr_break_iterator *wrapper = malloc(sizeof *wrapper);
    if (wrapper == NULL) {
        ubrk_close(iterator);
        if (error && error_capacity > 0) snprintf(error, error_capacity, "out of memory");
        return NULL;
    }
    wrapper->iterator = iterator;
    return wrapper;
}

int32_t fr_break_next(fr_break_iterator *iterator) {
    int32_t next = ubrk_next(iterator->iterator);
    return next == UBRK_DONE ? -1 : next;
}

fr_word_class fr_break_word_class(const fr_break_iterator *iterator) {
    int32_t status = ubrk_getRuleStatus(iterator->iterator);
    if (status >= UBRK_WORD_IDEO && status < UBRK_WORD_IDEO_LIMIT) return FR_WORD_IDEO;
    if (status >= UBRK_WORD_KANA && status < UBRK_WORD_KANA_LIMIT) return FR_WORD_KANA;
    if (status >= UBRK_WORD_LETTER && status < UBRK_WORD_LETTER_LIMIT) return FR_WORD_LETTER;
    if (status >= UBRK_WORD_NUMBER && status < UBRK_WORD_NUMBER_LIMIT) return FR_WORD_NUMBER;
    return FR_WORD_NONE;
}

void fr_break_close(fr_break_iterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->iterator);
    free(iterator);
}

const char *fr_icu_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo version;
    u_getVersion(version);
    u_versionToString(version, text);
    return text;
}
