#include "fr_icu.h"

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uversion.h>

struct fr_break_iterator {
    UBreakIterator *iterator;
};

/* The ICU locale ID (language, script, region only) for a BCP 47 tag; the
   root locale "" when the tag cannot be parsed. */
static void fr_locale_for_tag(const char *tag, char *locale, int32_t capacity) {
    char full[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    locale[0] = '\0';
    if (tag == NULL || tag[0] == '\0') return;
    uloc_forLanguageTag(tag, full, (int32_t)sizeof full, &parsed, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return;
    status = U_ZERO_ERROR;
    uloc_getBaseName(full, locale, capacity, &status);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) locale[0] = '\0';
}

const char *fr_icu_error_name(int32_t status) {
    return u_errorName((UErrorCode)status);
}

fr_break_iterator *fr_break_open(fr_break_kind kind, const char *language_tag, int32_t *status_out) {
    *status_out = 0;
    char locale[ULOC_FULLNAME_CAPACITY];
    fr_locale_for_tag(language_tag, locale, (int32_t)sizeof locale);
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == FR_BREAK_SENTENCE ? UBRK_SENTENCE : UBRK_WORD;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    if (U_SUCCESS(status) && iterator == NULL) status = U_MEMORY_ALLOCATION_ERROR;
    if (U_FAILURE(status)) {
        *status_out = (int32_t)status;
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    fr_break_iterator *wrapper = malloc(sizeof *wrapper);
    if (wrapper == NULL) {
        ubrk_close(iterator);
        *status_out = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    wrapper->iterator = iterator;
    return wrapper;
}

int32_t fr_break_set_text(fr_break_iterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator->iterator, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? (int32_t)status : 0;
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
