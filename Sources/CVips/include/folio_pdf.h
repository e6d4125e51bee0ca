#ifndef FOLIO_PDF_H
#define FOLIO_PDF_H
// A PDF's pages drawn by poppler (through poppler-glib and cairo) from a document kept open
// between calls: one document parsed once for all of its pages, not once a page.
#include <stddef.h>
#include "folio_vips.h"

/// The size in points of page `page` (from 0) of the PDF behind `fd`, each side rounded to
/// the nearest whole point as libvips' pdfload gives it. The document is opened (its first
/// bytes checked to be a PDF, see `folio_vips_document_check`) unless the one kept from the
/// last call is the same file; see `folio_pdf_draw`. Returns 0 on success; otherwise writes
/// poppler's reason into `error` ("Document is encrypted" for a password, "PDF document is
/// damaged", "pages out of range").
int folio_pdf_page_size(int fd, int page, int *width, int *height, char *error, size_t error_capacity);

/// What a library needs of the PDF behind `fd` (its page count, the first page's size in
/// points, its title and author), read by poppler from the document kept between calls,
/// which reads the file where it lies (a PDF of a gigabyte is not held in memory). Returns
/// 0, or 1 with the reason in `error` (poppler's "Document is encrypted" for a password).
int folio_pdf_document_read(int fd, folio_vips_document *document, char *error, size_t error_capacity);

/// Page `page` of the PDF behind `fd` as RGBA pixels (8-bit, straight alpha), what libvips'
/// thumbnail of the page makes: drawn on white (by cairo, as pdfload draws; by poppler's
/// Splash, as pdftoppm draws, when cairo fails or when `splash` is nonzero) at the scale
/// that fits it inside `width`×`height` (then `out_width`/`out_height` may be smaller), or
/// that covers the box when `crop` is nonzero (then cropped centred to the box). The
/// document stays open for the next call, keyed by what the file is: its device, inode,
/// size, modification and change times, and its first and last 4 KB; any difference opens
/// the file again. At most one document is kept, so a different one closes it. Safe from
/// any thread (a document in use by one is not shared with another). Returns the pixels
/// (free with `folio_vips_free`), or NULL with the reason in `error`.
unsigned char *folio_pdf_draw(int fd, int page, int width, int height, int crop, int splash, int *out_width,
                              int *out_height, char *error, size_t error_capacity);

/// Closes the document kept between calls, if any (the next call opens its file again).
void folio_pdf_forget(void);

/// Sets the heap in use (in bytes) past which a kept document is closed after the call that
/// used it, rather than kept; returns the limit it replaces (112 MB at first; tests lower it).
size_t folio_pdf_set_kept_growth_limit(size_t bytes);

/// Poppler holds what it parsed of a document's page tree, every page up to the one asked for
/// (about 1.6 KB a page; pdftoppm takes 172 MB for page 100,000 of a flat tree): a document
/// opened raises the data segment's soft limit to `base_bytes` plus `page_bytes` for each of
/// its pages (at most `max_pages`; never lowered after, within the hard limit), and the heap
/// it may grow to before it is closed after a page grows as much. Without this call (tests,
/// the fuzz targets) no limit is changed.
void folio_pdf_set_page_tree_allowance(size_t base_bytes, size_t page_bytes, int max_pages);

/// The data segment's soft limit now (tests).
size_t folio_pdf_heap_limit(void);

/// How many documents this process has opened for `folio_pdf_page_size` and `folio_pdf_draw`.
int folio_pdf_documents_opened(void);

/// One entry of a document's outline: its title (UTF-8 as poppler gives it, at most
/// `FOLIO_OUTLINE_TITLE_BYTES` bytes, not yet checked), its depth (0 at the top) and its
/// page (from 0), and where on it the entry goes (a fraction of its height from the top),
/// -1 when the destination names no place on the page.
typedef struct {
    char *title;
    int level;
    int page;
    double top;
} folio_outline_entry;

enum { FOLIO_OUTLINE_TITLE_BYTES = 1024 };

/// The outline of the PDF behind `fd` (the document kept between calls, as `folio_pdf_draw`),
/// walked depth first by poppler's index iterators: at most `max_entries` entries with a
/// page in the document (entries without one, or on a page it does not have, are left out
/// but their children read), at most `max_depth` levels, at most `4 × max_entries` items
/// visited and `max_seconds` of walking, whichever ends first. Returns the number of entries
/// in `*entries` (free with `folio_pdf_outline_free`; NULL when none), or -1 with the reason
/// in `error`.
int folio_pdf_outline(int fd, int max_entries, int max_depth, double max_seconds, folio_outline_entry **entries,
                      char *error, size_t error_capacity);

void folio_pdf_outline_free(folio_outline_entry *entries, int count);

enum { FOLIO_PAGE_LABEL_BYTES = 32 };

/// The labels printed on the pages of the PDF behind `fd` (its /PageLabels: "iii", "17",
/// "A-3"; where it has none, poppler gives each page its number), read into `labels`, a
/// buffer of `max_pages` × `FOLIO_PAGE_LABEL_BYTES` bytes, one NUL-ended label each (at most
/// `FOLIO_PAGE_LABEL_BYTES - 1` bytes, cut on a character's boundary, not yet checked), from
/// page 0, for at most `max_pages` pages and `max_seconds`. Returns how many pages were read
/// (the document kept between calls, as `folio_pdf_draw`), or -1 with the reason in `error`.
int folio_pdf_page_labels(int fd, int max_pages, double max_seconds, char *labels, char *error, size_t error_capacity);

/// One link on a page: the area it answers on (fractions of the page, from its top-left
/// corner, clamped to 0…1) and where it goes: a page of this document (from 0, `uri` NULL),
/// or an address outside it (`page` -1, `uri` at most `FOLIO_LINK_URI_BYTES` bytes of
/// UTF-8 as the document gives it, not yet checked; a longer one is not copied: `uri` NULL,
/// `unkept_bytes` its length); for a page, `top` is where on it (a fraction of its height
/// from the top), -1 when the destination names no place.
typedef struct {
    double x, y, width, height;
    int page;
    char *uri;
    double top;
    size_t unkept_bytes;
} folio_page_link;

enum { FOLIO_LINK_URI_BYTES = 2048 };

/// The links on page `page` (from 0) of the PDF behind `fd` (the document kept between
/// calls): those to a page the document has (named or explicit) and those to an address;
/// others (scripts, launches, other files) and areas of no size are left out. At most
/// `max_links`. Returns the count in `*links` (free with `folio_pdf_links_free`; NULL when
/// none), or -1 with the reason in `error`. `*page_aspect` is the page's width over its height.
int folio_pdf_links(int fd, int page, int max_links, folio_page_link **links, double *page_aspect, char *error,
                    size_t error_capacity);

void folio_pdf_links_free(folio_page_link *links, int count);

/// One place text was found: its page (from 0) and its box (fractions of the page, from its
/// top-left corner).
typedef struct {
    int page;
    double x, y, width, height;
    /// The page's width over its height.
    double aspect;
} folio_text_hit;

/// Searches pages `first` onwards (at most `count` of them) of the PDF behind `fd` for
/// `text` (poppler's find: case and accents ignored, words may run across lines), page
/// after page until `max_seconds` have passed after one, or `max_hits` are found. Writes
/// the pages searched into `*searched` and whether any searched page holds text at all into
/// `*has_text` (only looked for on pages with no hit, until one has). Returns the number of
/// hits in `*hits` (free with `folio_pdf_hits_free`; NULL when none), in page order, or -1
/// with the reason in `error`.
int folio_pdf_find(int fd, const char *text, int first, int count, int max_hits, double max_seconds, folio_text_hit **hits,
                   int *searched, int *has_text, char *error, size_t error_capacity);

void folio_pdf_hits_free(folio_text_hit *hits);

#endif
