#include "folio_png.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include <png.h>

typedef struct {
    jmp_buf jump;
    char *error;
    size_t capacity;
} folio_png_context;

static void folio_png_error(png_structp png, png_const_charp message) {
    folio_png_context *context = png_get_error_ptr(png);
    snprintf(context->error, context->capacity, "%s", message);
    longjmp(context->jump, 1);
}

static void folio_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static int folio_png_filter_flag(int filter) {
    switch (filter) {
    case 0: return PNG_FILTER_NONE;
    case 1: return PNG_FILTER_SUB;
    case 2: return PNG_FILTER_UP;
    case 3: return PNG_FILTER_AVG;
    case 4: return PNG_FILTER_PAETH;
    default: return PNG_ALL_FILTERS;
    }
}

// The one writer: RGB (the fourth byte dropped) or RGBA, with `count` text chunks.
// `fresh`: the file must not exist yet, and is made private (0600) and never through a link.
// With no `path`, written to a copy of the descriptor `out` (which stays open).
static int folio_png_write(const char *path, int out, int fresh, const void *pixels, int width, int height, size_t pitch, int alpha,
                           int level, int filter, const char *const *keys, const char *const *values, int count,
                           char *error, size_t error_capacity) {
    folio_png_context context = {.error = error, .capacity = error_capacity};
    if (error_capacity > 0) error[0] = 0;
    FILE *volatile file = NULL;
    if (!path) {
        int fd = fcntl(out, F_DUPFD_CLOEXEC, 0);
        file = fd >= 0 ? fdopen(fd, "wb") : NULL;
        if (fd >= 0 && !file) close(fd);
    } else if (fresh) {
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        file = fd >= 0 ? fdopen(fd, "wb") : NULL;
        if (fd >= 0 && !file) close(fd);
    } else {
        file = fopen(path, "wb");
    }
    if (!file) {
        snprintf(error, error_capacity, "%s", strerror(errno));
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, folio_png_error, folio_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        snprintf(error, error_capacity, "out of memory");
        png_destroy_write_struct(&png, NULL);
        fclose(file);
        return -1;
    }
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, folio_png_filter_flag(filter));
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_text texts[16];
    if (count > 16) count = 16;
    for (int i = 0; i < count; i++) {
        memset(&texts[i], 0, sizeof texts[i]);
        texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
        texts[i].key = (png_charp)keys[i];
        texts[i].text = (png_charp)values[i];
        texts[i].text_length = strlen(values[i]);
    }
    if (count > 0) png_set_text(png, info, texts, count);
    png_write_info(png, info);
    // Without alpha, the fourth byte of each pixel is dropped on the way out.
    if (!alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)pixels + (size_t)y * pitch);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) {
        snprintf(error, error_capacity, "%s", strerror(errno));
        return -1;
    }
    return 0;
}

int folio_png_write_rgbx(const char *path, const void *pixels, int width, int height, size_t pitch,
                         int level, int filter, char *error, size_t error_capacity) {
    return folio_png_write(path, -1, 0, pixels, width, height, pitch, 0, level, filter, NULL, NULL, 0, error, error_capacity);
}

int folio_png_write_text(const char *path, const void *pixels, int width, int height, size_t pitch, int alpha,
                         const char *const *keys, const char *const *values, int count,
                         char *error, size_t error_capacity) {
    return folio_png_write(path, -1, 1, pixels, width, height, pitch, alpha, 6, -1, keys, values, count, error, error_capacity);
}

int folio_png_write_text_fd(int fd, const void *pixels, int width, int height, size_t pitch, int alpha,
                            const char *const *keys, const char *const *values, int count,
                            char *error, size_t error_capacity) {
    return folio_png_write(NULL, fd, 0, pixels, width, height, pitch, alpha, 6, -1, keys, values, count, error, error_capacity);
}

int folio_png_write_rgbx_fd(int fd, const void *pixels, int width, int height, size_t pitch,
                            int level, int filter, char *error, size_t error_capacity) {
    return folio_png_write(NULL, fd, 0, pixels, width, height, pitch, 0, level, filter, NULL, NULL, 0, error, error_capacity);
}
