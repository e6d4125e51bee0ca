#ifndef FOLIO_PNG_H
#define FOLIO_PNG_H
// Two calls that write 8-bit PNGs, a frame and a thumbnail with its text (libpng reports
// errors by longjmp, which Swift cannot catch, so the jump lands here).
#include <stddef.h>

/// Writes `height` rows of `width` pixels, 4 bytes each (red, green, blue, then one dropped),
/// rows `pitch` bytes apart, as an RGB PNG at `path`. `level` is zlib's (0-9); `filter` one PNG row filter for every row (0 none,
/// 1 sub, 2 up, 3 average, 4 Paeth) or -1 for libpng's adaptive choice. Returns 0 on
/// success; otherwise writes the reason into `error`.
int folio_png_write_rgbx(const char *path, const void *pixels, int width, int height, size_t pitch,
                         int level, int filter, char *error, size_t error_capacity);

/// Writes `height` rows of `width` RGBA pixels (`alpha` 0: as RGB, the fourth byte dropped)
/// at zlib's level 6 with libpng's adaptive filters, and `count` (at most 16) uncompressed
/// text chunks, keyword `keys[i]` (Latin-1, 1-79 bytes) and value `values[i]`, into a new
/// private file (0600; refused when anything, a link included, is at `path`). Returns 0 on
/// success; otherwise writes the reason into `error`.
int folio_png_write_text(const char *path, const void *pixels, int width, int height, size_t pitch, int alpha,
                         const char *const *keys, const char *const *values, int count,
                         char *error, size_t error_capacity);

/// `folio_png_write_text` into the open file `fd` (written from its offset; `fd` stays open,
/// the caller closes it), for a file made inside a folder's descriptor.
int folio_png_write_text_fd(int fd, const void *pixels, int width, int height, size_t pitch, int alpha,
                            const char *const *keys, const char *const *values, int count,
                            char *error, size_t error_capacity);

/// `folio_png_write_rgbx` into the open file `fd` (which stays open).
int folio_png_write_rgbx_fd(int fd, const void *pixels, int width, int height, size_t pitch,
                            int level, int filter, char *error, size_t error_capacity);

#endif
