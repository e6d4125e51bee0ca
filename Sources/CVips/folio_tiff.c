#include "folio_tiff.h"
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

// The bytes libtiff reads, in memory.
typedef struct {
    const unsigned char *bytes;
    toff_t length, at;
} source;

static tsize_t source_read(thandle_t h, tdata_t buffer, tsize_t size) {
    source *s = (source *)h;
    if (size < 0 || s->at >= s->length) return 0;
    toff_t n = (toff_t)size < s->length - s->at ? (toff_t)size : s->length - s->at;
    memcpy(buffer, s->bytes + s->at, n);
    s->at += n;
    return (tsize_t)n;
}
static tsize_t source_write(thandle_t h, tdata_t buffer, tsize_t size) { (void)h; (void)buffer; (void)size; return -1; }
static toff_t source_seek(thandle_t h, toff_t offset, int whence) {
    source *s = (source *)h;
    toff_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? s->at : s->length;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    s->at = base + offset;
    return s->at;
}
static int source_close(thandle_t h) { (void)h; return 0; }
static toff_t source_size(thandle_t h) { return ((source *)h)->length; }
static int source_map(thandle_t h, tdata_t *base, toff_t *size) { (void)h; (void)base; (void)size; return 0; }
static void source_unmap(thandle_t h, tdata_t base, toff_t size) { (void)h; (void)base; (void)size; }

// libtiff's messages go nowhere (the reason is said once, in `error`).
static void quiet(const char *module, const char *format, va_list args) { (void)module; (void)format; (void)args; }

static int say(char *error, size_t capacity, const char *reason) {
    snprintf(error, capacity, "%s", reason);
    return 1;
}

// Sample `i` of a row of `bits`-bit samples, most significant bit first.
static uint32_t sample(const unsigned char *row, uint32_t i, int bits) {
    if (bits == 8) return row[i];
    if (bits == 16) return ((const uint16_t *)row)[i];
    if (bits == 32) return ((const uint32_t *)row)[i];
    uint64_t bit = (uint64_t)i * bits, value = 0;
    for (int k = 0; k < bits; k++, bit++) value = value << 1 | ((row[bit >> 3] >> (7 - (bit & 7))) & 1);
    return (uint32_t)value;
}

// The TIFF in `s`, opened by libtiff with its messages silenced; NULL when it is not one.
static TIFF *open_tiff(source *s) {
    TIFFSetErrorHandler(quiet);
    TIFFSetWarningHandler(quiet);
    return TIFFClientOpen("page", "rm", (thandle_t)s, source_read, source_write, source_seek, source_close, source_size,
                          source_map, source_unmap);
}

int folio_tiff_read(const void *bytes, size_t length, long max_pixels, unsigned char **pixels, int *width, int *height,
                    char *error, size_t error_capacity) {
    *pixels = NULL;
    *width = *height = 0;
    source s = {bytes, length, 0};
    TIFF *tif = open_tiff(&s);
    if (!tif) return say(error, error_capacity, "not a TIFF libtiff reads");
    uint32_t w = 0, h = 0;
    uint16_t bits = 1, spp = 1, format = SAMPLEFORMAT_UINT, planar = PLANARCONFIG_CONTIG, photometric = PHOTOMETRIC_MINISBLACK;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h);
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &spp);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
    if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &photometric)) photometric = PHOTOMETRIC_MINISBLACK;
    int result = 1;
    const char *why = NULL;
    unsigned char *row = NULL, *out = NULL;
    float *grey = NULL;
    if (w == 0 || h == 0) why = "it gives an empty picture";
    else if (w > 16384 || h > 16384 || (long)w * (long)h > max_pixels) why = "too large";
    else if (TIFFIsTiled(tif)) why = "its tiles of these samples are not read";
    else if (planar != PLANARCONFIG_CONTIG) why = "its planes of these samples are not read";
    else if (!(spp == 1 || spp == 3 || spp == 4)) why = "it has a number of samples a pixel Folio does not read";
    else if (bits < 1 || bits > 32 || (format == SAMPLEFORMAT_IEEEFP && bits != 32) || (bits > 16 && bits != 32 && format != SAMPLEFORMAT_IEEEFP))
        why = "its samples are of a width Folio does not read";
    else if (!(format == SAMPLEFORMAT_UINT || format == SAMPLEFORMAT_IEEEFP || format == SAMPLEFORMAT_VOID)) why = "its samples are signed";
    else if (spp == 1 && !(photometric == PHOTOMETRIC_MINISBLACK || photometric == PHOTOMETRIC_MINISWHITE)) why = "its colours are not read";
    else if (spp > 1 && photometric != PHOTOMETRIC_RGB) why = "its colours are not read";
    if (why) goto done;
    tmsize_t line = TIFFScanlineSize(tif);
    if (line <= 0 || (uint64_t)line * 8 < (uint64_t)w * spp * bits) { why = "its rows are damaged"; goto done; }
    row = malloc((size_t)line);
    out = calloc((size_t)w * h, 4);
    int isFloat = format == SAMPLEFORMAT_IEEEFP;
    if (isFloat) grey = malloc((size_t)w * h * spp * sizeof(float));
    if (!row || !out || (isFloat && !grey)) { why = "out of memory"; goto done; }
    uint64_t top = bits >= 32 ? UINT32_MAX : ((uint64_t)1 << bits) - 1;
    float lo = INFINITY, hi = -INFINITY;
    uint32_t y = 0;
    for (; y < h; y++) {
        if (TIFFReadScanline(tif, row, y, 0) < 0) break;
        for (uint32_t x = 0; x < w; x++) {
            unsigned char *p = out + ((size_t)y * w + x) * 4;
            p[3] = 255;
            for (int c = 0; c < spp; c++) {
                uint32_t i = x * spp + c;
                if (isFloat) {
                    float v = ((const float *)row)[i];
                    grey[(size_t)y * w * spp + i] = v;
                    if (isfinite(v)) { if (v < lo) lo = v; if (v > hi) hi = v; }
                    continue;
                }
                unsigned char v = (unsigned char)(((uint64_t)sample(row, i, bits) * 255 + top / 2) / top);
                if (spp == 1) { p[0] = p[1] = p[2] = photometric == PHOTOMETRIC_MINISWHITE ? 255 - v : v; }
                else p[c] = v;
            }
        }
    }
    if (y == 0) { why = "its rows cannot be read"; goto done; }
    if (isFloat) {
        // Floats have no fixed range: their own, lowest black, highest white.
        float span = hi > lo ? hi - lo : 1;
        for (uint32_t yy = 0; yy < y; yy++) {
            for (uint32_t x = 0; x < w; x++) {
                unsigned char *p = out + ((size_t)yy * w + x) * 4;
                for (int c = 0; c < spp; c++) {
                    float v = grey[(size_t)yy * w * spp + x * spp + c];
                    float t = isfinite(v) ? (v - lo) / span : 0;
                    unsigned char b = (unsigned char)lrintf(fminf(fmaxf(t, 0), 1) * 255);
                    if (spp == 1) p[0] = p[1] = p[2] = photometric == PHOTOMETRIC_MINISWHITE ? 255 - b : b;
                    else p[c] = b;
                }
            }
        }
    }
    *pixels = out;
    out = NULL;
    *width = (int)w;
    *height = (int)h;
    result = 0;
done:
    if (why) say(error, error_capacity, why);
    free(row);
    free(out);
    free(grey);
    TIFFClose(tif);
    return result;
}

void folio_tiff_free(unsigned char *pixels) { free(pixels); }

int folio_tiff_size(const void *bytes, size_t length, int *width, int *height) {
    *width = *height = 0;
    source s = {bytes, length, 0};
    TIFF *tif = open_tiff(&s);
    if (!tif) return 0;
    uint32_t w = 0, h = 0;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h);
    TIFFClose(tif);
    if (w == 0 || h == 0 || w > INT32_MAX || h > INT32_MAX) return 0;
    *width = (int)w;
    *height = (int)h;
    return 1;
}
