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

/// Page `page` of `k`'s document (unref when done), or NULL with libvips' reason for it
/// ("pages out of range", "poppler cannot load the page: …").
PopplerPage *folio_pdf_kept_page(folio_pdf_kept *k, int page, char *error, size_t capacity);

/// The page (from 0) `action` goes to in `document`, or -1: a destination in this document,
/// named or explicit; anything else (a link out, a script, none) has no page (folio_outline.c).
/// `*top` is where on the page it goes (a fraction of its height from the top), or -1.
int folio_pdf_page_of_action(PopplerDocument *document, PopplerAction *action, double *top);

/// Seconds on the monotonic clock, for the walks' deadlines (folio_outline.c).
double folio_pdf_seconds_now(void);

#endif
