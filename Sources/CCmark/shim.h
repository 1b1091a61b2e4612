/* cmark-gfm, GitHub's CommonMark parser, with its core extensions (tables,
   strikethrough, autolinks). Debian ships no header for the registration
   function of the extensions library, so it is declared here. */
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>

extern void cmark_gfm_core_extensions_ensure_registered(void);
