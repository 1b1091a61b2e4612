#ifndef FR_CHARSET_H
#define FR_CHARSET_H

/* ICU charset detection (ucsdet) and conversion (ucnv) behind plain C types,
   like fr_icu.h: no ICU type is visible to Swift. */

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Guesses the charset of `bytes`: writes ICU's name for it (e.g.
   "Shift_JIS", "GB18030", "windows-1252") into `name` and its confidence
   (0-100) into `confidence`. Returns 0, or ICU's UErrorCode
   (U_INVALID_CHAR_FOUND when ICU found no charset at all). */
int32_t fr_charset_detect(const char *bytes, int32_t length, char *name, size_t name_capacity, int32_t *confidence);

/* Converts `bytes` in `charset` to UTF-16 in `output` (capacity in code
   units; 2 * length + 2 always suffices). Undecodable byte sequences become
   U+FFFD; `invalid_count` gets how many there were and `first_invalid` the
   byte offset of the first (-1 when none). Returns the number of code units
   written, or -1 when ICU cannot open `charset` (unknown: U_FILE_ACCESS_ERROR;
   a name too long: U_ILLEGAL_ARGUMENT_ERROR) and -2 when the conversion
   failed (overflow), with ICU's UErrorCode in `status` (0 on success). */
int32_t fr_charset_to_utf16(const char *charset, const char *bytes, int32_t length,
                            uint16_t *output, int32_t capacity,
                            int32_t *invalid_count, int64_t *first_invalid, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
