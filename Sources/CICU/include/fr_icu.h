#ifndef FR_ICU_H
#define FR_ICU_H

/* A narrow door onto ICU's break iterators. ICU's own headers are not
   exposed: their symbols are version-suffixed macros Swift cannot see, and
   their types clash with Foundation's private copy of ICU. */

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    FR_BREAK_SENTENCE = 0,
    FR_BREAK_WORD = 1
} fr_break_kind;

/* Rule status classes of a word segment (ICU's UWordBreak ranges). */
typedef enum {
    FR_WORD_NONE = 0,
    FR_WORD_NUMBER = 1,
    FR_WORD_LETTER = 2,
    FR_WORD_KANA = 3,
    FR_WORD_IDEO = 4
} fr_word_class;

typedef struct fr_break_iterator fr_break_iterator;

/* Opens an iterator for a BCP 47 language tag (e.g. "en", "ja", "fr-CA";
   "" or "und" for the root rules), with no text yet. Extensions and
   keywords in the tag are ignored so that segmentation depends only on the
   language, script and region. Returns NULL on failure with ICU's
   UErrorCode in `status` (U_MEMORY_ALLOCATION_ERROR when the shim's own
   allocation failed). */
fr_break_iterator *fr_break_open(fr_break_kind kind, const char *language_tag, int32_t *status);

/* Points the iterator at a UTF-16 buffer that the caller keeps alive while
   iterating, and moves to its start. A NULL buffer of length 0 detaches the
   iterator from any earlier text. Returns 0, or ICU's UErrorCode. */
int32_t fr_break_set_text(fr_break_iterator *iterator, const uint16_t *text, int32_t length);

/* ICU's name for a UErrorCode (`U_ILLEGAL_ARGUMENT_ERROR`). */
const char *fr_icu_error_name(int32_t status);

/* The next boundary after the current one, or -1 at the end. */
int32_t fr_break_next(fr_break_iterator *iterator);

/* The class of the segment that ends at the current boundary (word iterators). */
fr_word_class fr_break_word_class(const fr_break_iterator *iterator);

void fr_break_close(fr_break_iterator *iterator);

/* ICU's version, e.g. "72.1". */
const char *fr_icu_version(void);

#ifdef __cplusplus
}
#endif

#endif
