// poppler-glib and cairo, fenced off: only CVips' folio_pdf.c includes them.
#include <poppler.h>
#include <cairo.h>
