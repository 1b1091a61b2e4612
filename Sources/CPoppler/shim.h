/* poppler-glib, the GLib C API of the poppler PDF library. */
#include <poppler.h>
