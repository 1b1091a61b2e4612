#include "fr_charset.h"

#include <stdio.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucsdet.h>

int32_t fr_charset_detect(const char *bytes, int32_t length, char *name, size_t name_capacity, int32_t *confidence) {
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet_open(&status);
    if (U_SUCCESS(status) && detector == NULL) status = U_MEMORY_ALLOCATION_ERROR;
    if (U_FAILURE(status)) return (int32_t)status;
    ucsdet_setText(detector, bytes, length, &status);
    const UCharsetMatch *match = U_SUCCESS(status) ? ucsdet_detect(detector, &status) : NULL;
    if (U_SUCCESS(status) && match == NULL) status = U_INVALID_CHAR_FOUND;
    const char *found = U_SUCCESS(status) ? ucsdet_getName(match, &status) : NULL;
    int32_t found_confidence = U_SUCCESS(status) ? ucsdet_getConfidence(match, &status) : 0;
    if (U_SUCCESS(status) && found == NULL) status = U_INVALID_CHAR_FOUND;
    if (U_SUCCESS(status)) {
        snprintf(name, name_capacity, "%s", found);
        *confidence = found_confidence;
    }
    ucsdet_close(detector);
    return U_FAILURE(status) ? (int32_t)status : 0;
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
                            int32_t *invalid_count, int64_t *first_invalid, int32_t *status_out) {
    UErrorCode status = U_ZERO_ERROR;
    UConverter *converter = ucnv_open(charset, &status);
    if (U_SUCCESS(status) && converter == NULL) status = U_MEMORY_ALLOCATION_ERROR;
    *status_out = U_FAILURE(status) ? (int32_t)status : 0;
    if (U_FAILURE(status)) return -1;
    fr_invalid_log log = {bytes, 0, -1};
    ucnv_setToUCallBack(converter, fr_to_unicode_callback, &log, NULL, NULL, &status);
    UChar *target = (UChar *)output;
    const char *source = bytes;
    if (U_SUCCESS(status)) {
        ucnv_toUnicode(converter, &target, (UChar *)output + capacity, &source, bytes + length, NULL, 1, &status);
    }
    ucnv_close(converter);
    *status_out = U_FAILURE(status) ? (int32_t)status : 0;
    if (U_FAILURE(status)) return -2;
    *invalid_count = log.count;
    *first_invalid = log.first;
    return (int32_t)(target - (UChar *)output);
}
