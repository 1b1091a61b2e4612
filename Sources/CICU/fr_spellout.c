#include "fr_spellout.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

struct fr_spellout {
    UNumberFormat *format;
    UChar current[64];
};

fr_spellout *fr_spellout_open(const char *language_tag, int32_t *status_out) {
    char full[ULOC_FULLNAME_CAPACITY] = "";
    char locale[ULOC_FULLNAME_CAPACITY] = "";
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    if (language_tag && language_tag[0]) {
        uloc_forLanguageTag(language_tag, full, (int32_t)sizeof full, &parsed, &status);
        if (U_SUCCESS(status)) {
            status = U_ZERO_ERROR;
            uloc_getBaseName(full, locale, (int32_t)sizeof locale, &status);
        }
        if (U_FAILURE(status)) locale[0] = '\0';
    }
    status = U_ZERO_ERROR;
    *status_out = 0;
    UNumberFormat *format = unum_open(UNUM_SPELLOUT, NULL, 0, locale, NULL, &status);
    if (U_SUCCESS(status) && format == NULL) status = U_MEMORY_ALLOCATION_ERROR;
    if (U_FAILURE(status)) {
        *status_out = (int32_t)status;
        return NULL;
    }
    fr_spellout *spellout = calloc(1, sizeof *spellout);
    if (spellout == NULL) {
        unum_close(format);
        *status_out = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    spellout->format = format;
    return spellout;
}

/* The rule set as UTF-16, or 0 when it is too long. */
static int32_t fr_rule_set_name(const char *rule_set, UChar *name, int32_t capacity) {
    size_t length = strlen(rule_set);
    if (length + 1 > (size_t)capacity) return 0;
    u_charsToUChars(rule_set, name, (int32_t)length + 1);
    return (int32_t)length;
}

int fr_spellout_has_rule_set(const fr_spellout *spellout, const char *rule_set) {
    if (rule_set == NULL || rule_set[0] == '\0') return 1;
    UChar name[64];
    if (fr_rule_set_name(rule_set, name, 64) == 0) return 0;
    /* UNUM_PUBLIC_RULESETS is a ';'-separated list of names. */
    UChar list[2048];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = unum_getTextAttribute(spellout->format, UNUM_PUBLIC_RULESETS, list, 2048, &status);
    if (U_FAILURE(status)) return 0;
    int32_t name_length = u_strlen(name);
    for (int32_t start = 0; start < length;) {
        int32_t end = start;
        while (end < length && list[end] != ';') end++;
        if (end - start == name_length && u_strncmp(list + start, name, name_length) == 0) return 1;
        start = end + 1;
    }
    return 0;
}

int32_t fr_spellout_format(fr_spellout *spellout, int64_t value, const char *rule_set,
                           uint16_t *buffer, int32_t capacity, int32_t *status_out) {
    UErrorCode status = U_ZERO_ERROR;
    UChar name[64] = {0};
    *status_out = 0;
    if (rule_set && rule_set[0]) {
        if (fr_rule_set_name(rule_set, name, 64) == 0) {
            *status_out = (int32_t)U_ILLEGAL_ARGUMENT_ERROR;
            return -1;
        }
    }
    if (u_strcmp(name, spellout->current) != 0) {
        if (name[0]) {
            unum_setTextAttribute(spellout->format, UNUM_DEFAULT_RULESET, name, -1, &status);
        } else {
            /* Back to the language's default: every language has "%spellout-numbering". */
            UChar fallback[32];
            u_charsToUChars("%spellout-numbering", fallback, 20);
            unum_setTextAttribute(spellout->format, UNUM_DEFAULT_RULESET, fallback, -1, &status);
        }
        if (U_FAILURE(status)) {
            spellout->current[0] = 0xFFFF;
            *status_out = (int32_t)status;
            return -1;
        }
        u_strcpy(spellout->current, name);
    }
    status = U_ZERO_ERROR;
    int32_t length = unum_formatInt64(spellout->format, value, (UChar *)buffer, capacity, NULL, &status);
    if (U_SUCCESS(status) && (status == U_STRING_NOT_TERMINATED_WARNING || length >= capacity)) {
        status = U_BUFFER_OVERFLOW_ERROR;
    }
    if (U_FAILURE(status)) {
        *status_out = (int32_t)status;
        return -1;
    }
    return length;
}

void fr_spellout_close(fr_spellout *spellout) {
    if (spellout == NULL) return;
    unum_close(spellout->format);
    free(spellout);
}
