#ifndef FOLIO_SDL_IMAGE_H
#define FOLIO_SDL_IMAGE_H
// One call into SDL_image, the decoder worker's reader of QOI (and second reader of TGA):
// plain RGBA pixels come out, so no SDL type reaches the worker's Swift.
#include <stddef.h>

/// Decodes `length` bytes at `bytes` as `type` ("QOI", "TGA"), refusing an image of more
/// than `max_pixels`. Returns 0 with RGBA pixels, rows packed, in `*pixels` (free with
/// `folio_sdl_image_free`) and their size, or 1 with SDL_image's reason in `error`.
int folio_sdl_image_decode(const void *bytes, size_t length, const char *type, long max_pixels, unsigned char **pixels,
                           int *width, int *height, char *error, size_t error_capacity);

void folio_sdl_image_free(unsigned char *pixels);

#endif
