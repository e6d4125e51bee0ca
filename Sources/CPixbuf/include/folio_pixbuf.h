#ifndef FOLIO_PIXBUF_H
#define FOLIO_PIXBUF_H
// One call into gdk-pixbuf (the loaders the GNOME image viewer uses) for the formats libvips
// does not read: TGA, ICO/CUR, XPM and XBM, and the TIFFs libvips refuses.
#include <stddef.h>

/// A decoded image: 8-bit RGB (3 channels) or RGBA with straight alpha (4), rows `stride`
/// bytes apart, owned by gdk-pixbuf until `folio_pixbuf_free`.
typedef struct {
    const unsigned char *pixels;
    int width, height, stride, channels;
    void *owner;
} folio_pixbuf;

/// Decodes `length` bytes at `bytes` with gdk-pixbuf's loader for `type` ("tga", "ico",
/// "xpm", "xbm", "tiff"), refusing an image of more than `max_pixels` as soon as its size is
/// known. Returns 0 and fills `image` (free with `folio_pixbuf_free`), or 1 with the reason
/// in `error`.
int folio_pixbuf_decode(const void *bytes, size_t length, const char *type, long max_pixels, folio_pixbuf *image,
                        char *error, size_t error_capacity);

void folio_pixbuf_free(folio_pixbuf *image);

#endif
