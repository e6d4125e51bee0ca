#ifndef FOLIO_PNG_H
#define FOLIO_PNG_H
// One call that writes a frame as an 8-bit RGB PNG (libpng reports errors by longjmp, which
// Swift cannot catch, so the jump lands here).
#include <stddef.h>

/// Writes `height` rows of `width` pixels, 4 bytes each (red, green, blue, then one dropped),
/// rows `pitch` bytes apart, as an RGB PNG at `path`. `level` is zlib's (0-9); `filter` one PNG row filter for every row (0 none,
/// 1 sub, 2 up, 3 average, 4 Paeth) or -1 for libpng's adaptive choice. Returns 0 on
/// success; otherwise writes the reason into `error`.
int folio_png_write_rgbx(const char *path, const void *pixels, int width, int height, size_t pitch,
                         int level, int filter, char *error, size_t error_capacity);

#endif
