#ifndef FOLIO_DJVU_H
#define FOLIO_DJVU_H
// A DjVu document's pages, contents, links, labels and hidden text, read by DjVuLibre's
// decoding API (ddjvuapi) from a document kept open between calls, as folio_pdf.c keeps a
// PDF. The file's bytes are handed to DjVuLibre by Folio, from the descriptor it opened:
// DjVuLibre opens no file itself, so an indirect document (pages in files beside it) or a
// page that includes another file by name is refused rather than read from elsewhere.
// Every call is safe from any thread (one lock for the kept document).
#include <stddef.h>
#include "folio_pdf.h"

/// Largest DjVu file Folio reads: DjVuLibre holds the file's bytes in the worker's capped
/// heap while the document is open.
enum { FOLIO_DJVU_MAX_BYTES = 96 << 20 };

/// The page count, the first page's size in points (its pixels at its resolution, 72 to the
/// inch), and the title and author of the document's metadata (empty when none). Returns 0,
/// or 1 with DjVuLibre's reason (or Folio's: "not a DjVu file", "an indirect DjVu document")
/// in `error`.
int folio_djvu_document_read(int fd, folio_vips_document *document, char *error, size_t error_capacity);

/// Page `page`'s (from 0) size in points, each side rounded. 0, or 1 with the reason.
int folio_djvu_page_size(int fd, int page, int *width, int *height, char *error, size_t error_capacity);

/// Page `page` as RGBA pixels (8-bit, opaque), fitted inside `width`×`height` (then
/// `out_width`/`out_height` may be smaller) or covering it and cropped centred when `crop`.
/// Free with `folio_vips_free`. NULL with the reason in `error`.
unsigned char *folio_djvu_draw(int fd, int page, int width, int height, int crop, int *out_width, int *out_height,
                               char *error, size_t error_capacity);

/// The document's outline (its bookmarks), depth first: at most `max_entries` entries with a
/// page in the document (others left out, their children read), `max_depth` levels. The
/// count, entries in `*entries` (free with `folio_pdf_outline_free`; NULL when none), or -1.
int folio_djvu_outline(int fd, int max_entries, int max_depth, folio_outline_entry **entries, char *error,
                       size_t error_capacity);

/// The pages' titles (`djvused set-page-title`) as labels, `FOLIO_PAGE_LABEL_BYTES` a page
/// into `labels`, at most `max_pages`; a page whose title is its file's name has none. The
/// number of pages written, or -1.
int folio_djvu_page_labels(int fd, int max_pages, char *labels, char *error, size_t error_capacity);

/// Page `page`'s hyperlinks (map areas) to a page of the document or to an address with a
/// scheme, at most `max_links`, their areas as fractions of the page from its top left. The
/// count, links in `*links` (free with `folio_pdf_links_free`; NULL when none), or -1.
int folio_djvu_links(int fd, int page, int max_links, folio_page_link **links, double *page_aspect, char *error,
                     size_t error_capacity);

/// A word (or line, where the text layer has no words) of a page's hidden text and its box,
/// as fractions of the page from its top left.
typedef struct {
    char *text;
    double x, y, width, height;
} folio_djvu_word;

/// Page `page`'s hidden text, at most `max_words` words in reading order. The count, words
/// in `*words` (free with `folio_djvu_words_free`; NULL when none), or -1.
int folio_djvu_words(int fd, int page, int max_words, folio_djvu_word **words, double *page_aspect, char *error,
                     size_t error_capacity);
void folio_djvu_words_free(folio_djvu_word *words, int count);

/// Closes the kept document (tests).
void folio_djvu_forget(void);

#endif
