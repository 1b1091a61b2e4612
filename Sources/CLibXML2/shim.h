/* libxml2 as built by Debian pulls in ICU headers whose types clash with
   Foundation's private ICU; narration never needs libxml2's ICU encoders. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlsave.h>

/* xmlFree is a mutable global function pointer, which Swift 6 refuses to
   touch from concurrent code; this reads it on the C side. */
static inline void fr_xml_free(void *pointer) { xmlFree(pointer); }
