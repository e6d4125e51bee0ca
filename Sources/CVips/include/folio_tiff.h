#ifndef FOLIO_TIFF_H
#define FOLIO_TIFF_H

#include <stddef.h>

/// Reads a TIFF that libvips and gdk-pixbuf refuse for its samples, as Pillow reads it: one
/// image of strips, one plane (grey, min-is-black or min-is-white, the photometric tag
/// assumed min-is-black when missing) or three or four samples (RGB, RGBA), of any integer
/// width from 1 to 32 bits (scaled to 8 bits by their largest value) or 32-bit floats (their
/// range found and scaled to 0…255), in any compression libtiff reads. The `length` bytes at
/// `bytes` are read in place. An image of more than `max_pixels` is refused before its pixels
/// are read. Returns 0 with `*pixels` (RGBA, `width` × 4 bytes a row; free with
/// `folio_tiff_free`), or 1 with the reason in `error`.
int folio_tiff_read(const void *bytes, size_t length, long max_pixels, unsigned char **pixels, int *width, int *height,
                    char *error, size_t error_capacity);

void folio_tiff_free(unsigned char *pixels);

/// The width and height of the TIFF's first image, as libtiff reads its directory (wherever in
/// the file it lies); 0 when it is not one libtiff opens, 1 otherwise.
int folio_tiff_size(const void *bytes, size_t length, int *width, int *height);

#endif
