/* libxml2 as built by Debian pulls in ICU headers whose types clash with
   Foundation's private ICU; narration never needs libxml2's ICU encoders. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlreader.h>

/* xmlFree is a mutable global function pointer, which Swift 6 refuses to
   touch from concurrent code; this reads it on the C side. */
static inline void fr_xml_free(void *pointer) { xmlFree(pointer); }

/* libxml2's generic error function is variadic, which Swift cannot write;
   the push parser behind xmlTextReader reports some faults (an encoding
   error) only through it. fr_xml_quiet(1) silences it on this thread while
   a reader reads (the fault still reaches the structured handler or makes
   the read fail), fr_xml_quiet(0) restores libxml2's default. */
static void fr_xml_ignore(void *context, const char *message, ...) { (void)context; (void)message; }
static inline void fr_xml_quiet(int quiet) { xmlSetGenericErrorFunc(NULL, quiet ? fr_xml_ignore : NULL); }
