#include "folio_vips.h"
#include <stdint.h>
#include <stdlib.h>

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

// One output pixel from the four source pixels around it (`channels` of each; a missing
// alpha is opaque), with weights of 0…256: 32-bit sums, at most a level from 16-bit weights.
static inline void blend(const unsigned char *a, const unsigned char *b, const unsigned char *c, const unsigned char *d,
                         int channels, uint32_t wx, uint32_t wy, unsigned char *to) {
    for (int k = 0; k < 4; k++) {
        uint32_t pa = k < channels ? a[k] : 255, pb = k < channels ? b[k] : 255;
        uint32_t pc = k < channels ? c[k] : 255, pd = k < channels ? d[k] : 255;
        uint32_t top = pa * (256 - wx) + pb * wx, bottom = pc * (256 - wx) + pd * wx;
        to[k] = (unsigned char)((top * (256 - wy) + bottom * wy + 32768) >> 16);
    }
}

// A 16.16 weight as 0…256.
static inline uint32_t coarse(int64_t weight) { return (uint32_t)((weight + 128) >> 8); }

void folio_linear_stretch(const unsigned char *source, int source_width, int source_height, int source_stride,
                          int channels, unsigned char *out, int out_width, int out_height) {
    if (source_width <= 0 || source_height <= 0 || out_width <= 0 || out_height <= 0) return;
    // Each column's two source pixels (as byte offsets in a row) and weight, placed once for
    // every row.
    size_t *firsts = malloc(sizeof(size_t) * 2 * (size_t)out_width);
    uint32_t *weights = malloc(sizeof(uint32_t) * (size_t)out_width);
    if (!firsts || !weights) {
        free(firsts);
        free(weights);
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
    for (int y = 0; y < out_height; y++) {
        int y0, y1;
        int64_t weight;
        place(y, source_height, out_height, &y0, &y1, &weight);
        uint32_t wy = coarse(weight);
        const unsigned char *r0 = source + (size_t)y0 * source_stride, *r1 = source + (size_t)y1 * source_stride;
        unsigned char *to = out + (size_t)y * out_width * 4;
        // The usual layouts as constants, so the channel loop unrolls.
        if (channels == 4) {
            for (int x = 0; x < out_width; x++) {
                size_t i = firsts[2 * x], j = firsts[2 * x + 1];
                blend(r0 + i, r0 + j, r1 + i, r1 + j, 4, weights[x], wy, to + x * 4);
            }
        } else if (channels == 3) {
            for (int x = 0; x < out_width; x++) {
                size_t i = firsts[2 * x], j = firsts[2 * x + 1];
                blend(r0 + i, r0 + j, r1 + i, r1 + j, 3, weights[x], wy, to + x * 4);
            }
        } else {
            for (int x = 0; x < out_width; x++) {
                size_t i = firsts[2 * x], j = firsts[2 * x + 1];
                blend(r0 + i, r0 + j, r1 + i, r1 + j, channels, weights[x], wy, to + x * 4);
            }
        }
    }
    free(firsts);
    free(weights);
}
