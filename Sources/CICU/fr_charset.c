#include "fr_charset.h"

#include <stdio.h>
#include <string.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucsdet.h>

static void fr_charset_report(char *error, size_t capacity, const char *what, UErrorCode status) {
    if (error && capacity > 0) snprintf(error, capacity, "ICU %s: %s", what, u_errorName(status));
}

int fr_charset_detect(const char *bytes, int32_t length, char *name, size_t name_capacity,
                      int32_t *confidence, char *error, size_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet_open(&status);
    if (U_FAILURE(status)) {
        fr_charset_report(error, error_capacity, "charset detector", status);
        return -1;
    }
    ucsdet_setText(detector, bytes, length, &status);
    const UCharsetMatch *match = U_SUCCESS(status) ? ucsdet_detect(detector, &status) : NULL;
    if (U_FAILURE(status) || match == NULL) {
        fr_charset_report(error, error_capacity, "charset detection", U_FAILURE(status) ? status : U_INVALID_CHAR_FOUND);
        ucsdet_close(detector);
        return -1;
    }
    const char *found = ucsdet_getName(match, &status);
    int32_t found_confidence = ucsdet_getConfidence(match, &status);
    if (U_FAILURE(status) || found == NULL) {
        fr_charset_report(error, error_capacity, "charset name", status);
        ucsdet_close(detector);
        return -1;
    }
    snprintf(name, name_capacity, "%s", found);
    *confidence = found_confidence;
    ucsdet_close(detector);
    return 0;
}

/* Counts undecodable sequences and remembers where the first one starts,
   then substitutes U+FFFD as ICU's own substitute callback would. */
typedef struct {
    const char *start;
    int32_t count;
    int64_t first;
} fr_invalid_log;

static void fr_to_unicode_callback(const void *context, UConverterToUnicodeArgs *args, const char *units,
                                   int32_t length, UConverterCallbackReason reason, UErrorCode *status) {
    if (reason > UCNV_IRREGULAR) return;
    fr_invalid_log *log = (fr_invalid_log *)context;
    if (log->count == 0) log->first = (int64_t)(args->source - log->start) - length;
    log->count += 1;
    static const UChar replacement[] = {0xFFFD};
    *status = U_ZERO_ERROR;
    ucnv_cbToUWriteUChars(args, replacement, 1, 0, status);
}

int32_t fr_charset_to_utf16(const char *charset, const char *bytes, int32_t length,
                            uint16_t *output, int32_t capacity,
                            int32_t *invalid_count, int64_t *first_invalid, int32_t *status_out,
                            char *error, size_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(charset, &status);
    if (status_out) *status_out = (int32_t)status;
    if (U_FAILURE(status) || converter == NULL) {
        if (error && error_capacity > 0) snprintf(error, error_capacity, "unknown encoding '%s'", charset);
        return -1;
    }
    fr_invalid_log log = {bytes, 0, -1};
    ucnv_setToUCallBack(converter, fr_to_unicode_callback, &log, NULL, NULL, &status);
    UChar *target = (UChar *)output;
    const char *source = bytes;
    if (U_SUCCESS(status)) {
        ucnv_toUnicode(converter, &target, (UChar *)output + capacity, &source, bytes + length, NULL, 1, &status);
    }
    ucnv_close(converter);
    if (status_out) *status_out = (int32_t)status;
    if (U_FAILURE(status)) {
        fr_charset_report(error, error_capacity, "conversion", status);
        return -1;
    }
    *invalid_count = log.count;
    *first_invalid = log.first;
    return (int32_t)(target - (UChar *)output);
}
