#ifndef FOLIO_PDF_KEPT_H
#define FOLIO_PDF_KEPT_H
// The document folio_pdf.c keeps open between calls, shared with folio_outline.c (not part
// of the module's interface).
#include <poppler.h>
#include <stddef.h>

typedef struct folio_pdf_kept folio_pdf_kept;

/// The document behind `fd` for this call alone: the kept one when it is the same file, else
/// opened (its bytes checked to be a PDF). NULL with the reason in `error`.
folio_pdf_kept *folio_pdf_take(int fd, char *error, size_t capacity);

/// Keeps `k` for the next call, or closes it once the heap has grown past the kept limit.
void folio_pdf_give_back(folio_pdf_kept *k);

PopplerDocument *folio_pdf_kept_document(folio_pdf_kept *k);

#endif
