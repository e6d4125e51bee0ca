#ifndef FOLIO_PIXBUF_H
#define FOLIO_PIXBUF_H
// One call into gdk-pixbuf (the loaders the GNOME image viewer uses) for the formats libvips
// does not read: BMP in all its variants, TGA, ICO/CUR, XPM and XBM.
#include <stddef.h>

/// Decodes `length` bytes at `bytes` with gdk-pixbuf's loader for `type` ("bmp", "tga",
/// "ico", "xpm", "xbm"), refusing an image of more than `max_pixels` as soon as its size is
/// known. Returns width×height RGBA pixels, rows packed, alpha straight (free with
/// `folio_pixbuf_free`), or NULL with the reason in `error`.
unsigned char *folio_pixbuf_decode(const void *bytes, size_t length, const char *type, long max_pixels,
                                   int *out_width, int *out_height, char *error, size_t error_capacity);

void folio_pixbuf_free(void *pixels);

#endif
