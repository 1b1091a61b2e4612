#ifndef FR_SPELLOUT_H
#define FR_SPELLOUT_H

/* A narrow door onto ICU's rule-based number format (RBNF) spellout rules:
   the number words of a language ("eighteen eighty-eight", "quatorze",
   "der Achte") come from CLDR's rules, not from tables of our own. */

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fr_spellout fr_spellout;

/* Opens the spellout rules of a BCP 47 language tag ("en", "fr", "de-AT").
   Returns NULL on failure with ICU's UErrorCode in `status`
   (U_MEMORY_ALLOCATION_ERROR when the shim's own allocation failed). */
fr_spellout *fr_spellout_open(const char *language_tag, int32_t *status);

/* Writes `value` spelled out with the rule set `rule_set` ("%spellout-numbering-year",
   "%spellout-ordinal", …; NULL or "" for the language's default) as UTF-16 into
   `buffer`. Returns the length in UTF-16 units, or -1 with ICU's UErrorCode
   in `status`: U_ILLEGAL_ARGUMENT_ERROR when the language has no such rule
   set (or its name is too long), U_BUFFER_OVERFLOW_ERROR when the text does
   not fit. */
int32_t fr_spellout_format(fr_spellout *spellout, int64_t value, const char *rule_set,
                           uint16_t *buffer, int32_t capacity, int32_t *status);

/* Whether the language's rules have the public rule set `rule_set`. */
int fr_spellout_has_rule_set(const fr_spellout *spellout, const char *rule_set);

void fr_spellout_close(fr_spellout *spellout);

#ifdef __cplusplus
}
#endif

#endif
