#ifndef FOLIO_SPLASH_H
#define FOLIO_SPLASH_H
// A PDF page drawn by poppler's own Splash renderer (through poppler-cpp), as pdftoppm draws
// it: the second opinion for a page cairo cannot draw (CVips' folio_pdf.c).
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Page `page` (from 0) of the PDF behind `fd` drawn on opaque white at `scale` pixels a
/// point (its rotation applied), the top-left `width`×`height` pixels of it written into
/// `bgra` (`width * 4` bytes a row, blue, green, red, alpha in memory, as cairo's ARGB32;
/// white where the page falls short of the box by rounding).
/// The file is mapped read-only for the call and parsed afresh: nothing is kept. Returns 0;
/// otherwise 1 with the reason in `error`.
int folio_splash_draw(int fd, int page, double scale, int width, int height, unsigned char *bgra,
                      char *error, size_t error_capacity);

#ifdef __cplusplus
}
#endif
#endif
