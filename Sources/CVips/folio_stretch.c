#include "folio_vips.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// Bilinear: output pixel centres mapped onto the source's in 16.16 fixed point, each channel
// weighed from the four source pixels around (straight alpha, as the source's).

// Where output pixel `i` of `out` falls among `source` pixels: the two around it and the
// weight of the second.
static void place(int i, int source, int out, int *first, int *second, int64_t *weight) {
    const int64_t one = 1 << 16;
    int64_t step = ((int64_t)source << 16) / out;
    int64_t f = step / 2 + (int64_t)i * step - one / 2;
    if (f < 0) f = 0;
    *first = (int)(f >> 16);
    *second = *first + 1 < source ? *first + 1 : *first;
    if (*first >= source) *first = *second = source - 1;
    *weight = f & (one - 1);
}

// A 16.16 weight as 0…256 (32-bit sums, at most a level from 16-bit weights).
static inline uint32_t coarse(int64_t weight) { return (uint32_t)((weight + 128) >> 8); }

// A pixel's four channels, 16 bits apart in one word (a missing alpha opaque).
static inline uint64_t lanes(const unsigned char *p, int channels) {
    uint64_t c0 = p[0], c1 = channels > 1 ? p[1] : 255, c2 = channels > 2 ? p[2] : 255, c3 = channels > 3 ? p[3] : 255;
    return c0 | c1 << 16 | c2 << 32 | c3 << 48;
}

// Four bytes (RGBA) spread 16 bits apart.
static inline uint64_t spread(const unsigned char *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    uint64_t w = v;
    w = (w | w << 16) & 0x0000FFFF0000FFFFull;
    return (w | w << 8) & 0x00FF00FF00FF00FFull;
}

// One source row scaled across into `into`: each pixel's four channels, 256 times their
// value, 16 bits apart.
static void across(const unsigned char *row, int channels, const size_t *firsts, const uint32_t *weights, int out_width,
                   uint64_t *into) {
    if (channels == 4) {
        for (int x = 0; x < out_width; x++) {
            uint64_t w = weights[x];
            into[x] = spread(row + firsts[2 * x]) * (256 - w) + spread(row + firsts[2 * x + 1]) * w;
        }
    } else {
        for (int x = 0; x < out_width; x++) {
            uint64_t w = weights[x];
            into[x] = lanes(row + firsts[2 * x], channels) * (256 - w) + lanes(row + firsts[2 * x + 1], channels) * w;
        }
    }
}

void folio_linear_stretch(const unsigned char *source, int source_width, int source_height, int source_stride,
                          int channels, unsigned char *out, int out_width, int out_height) {
    if (source_width <= 0 || source_height <= 0 || out_width <= 0 || out_height <= 0) return;
    // Each column's two source pixels (as byte offsets in a row) and weight, placed once; the
    // two source rows an output row mixes, scaled across, kept while the next one uses them.
    size_t n = (size_t)out_width;
    size_t *firsts = malloc(sizeof(size_t) * 2 * n);
    uint32_t *weights = malloc(sizeof(uint32_t) * n);
    uint64_t *rows = malloc(sizeof(uint64_t) * 2 * n);
    if (!firsts || !weights || !rows) {
        free(firsts);
        free(weights);
        free(rows);
        return;
    }
    for (int x = 0; x < out_width; x++) {
        int x0, x1;
        int64_t weight;
        place(x, source_width, out_width, &x0, &x1, &weight);
        weights[x] = coarse(weight);
        firsts[2 * x] = (size_t)x0 * channels;
        firsts[2 * x + 1] = (size_t)x1 * channels;
    }
    uint64_t *kept[2] = {rows, rows + n};
    int keptRow[2] = {-1, -1};
    // Down the column: channels 0 and 2, then 1 and 3, in 32-bit lanes (256 × 255 × 256 fits).
    const uint64_t evens = 0x0000FFFF0000FFFFull, round = 0x0000800000008000ull;
    for (int y = 0; y < out_height; y++) {
        int y0, y1;
        int64_t weight;
        place(y, source_height, out_height, &y0, &y1, &weight);
        uint64_t wy = coarse(weight);
        uint64_t *top = keptRow[0] == y0 ? kept[0] : keptRow[1] == y0 ? kept[1] : NULL;
        uint64_t *bottom = keptRow[0] == y1 ? kept[0] : keptRow[1] == y1 ? kept[1] : NULL;
        if (!top) {
            int slot = bottom == kept[0] ? 1 : 0;
            across(source + (size_t)y0 * source_stride, channels, firsts, weights, out_width, kept[slot]);
            keptRow[slot] = y0;
            top = kept[slot];
            if (y1 == y0) bottom = top;
        }
        if (!bottom) {
            int slot = top == kept[0] ? 1 : 0;
            across(source + (size_t)y1 * source_stride, channels, firsts, weights, out_width, kept[slot]);
            keptRow[slot] = y1;
            bottom = kept[slot];
        }
        unsigned char *to = out + (size_t)y * n * 4;
        for (size_t x = 0; x < n; x++) {
            uint64_t t = top[x], b = bottom[x];
            uint64_t even = ((t & evens) * (256 - wy) + (b & evens) * wy + round) >> 16;
            uint64_t odd = (((t >> 16) & evens) * (256 - wy) + ((b >> 16) & evens) * wy + round) >> 16;
            to[4 * x] = (unsigned char)even;
            to[4 * x + 1] = (unsigned char)odd;
            to[4 * x + 2] = (unsigned char)(even >> 32);
            to[4 * x + 3] = (unsigned char)(odd >> 32);
        }
    }
    free(firsts);
    free(weights);
    free(rows);
}
