#include "folio_vips.h"
#include <stdint.h>

// Bilinear, in 16.16 fixed point: output pixel centres mapped onto the source's, each channel
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

void folio_linear_stretch(const unsigned char *source, int source_width, int source_height, int source_stride,
                          int channels, unsigned char *out, int out_width, int out_height) {
    if (source_width <= 0 || source_height <= 0 || out_width <= 0 || out_height <= 0) return;
    const int64_t one = 1 << 16;
    for (int y = 0; y < out_height; y++) {
        int y0, y1;
        int64_t wy;
        place(y, source_height, out_height, &y0, &y1, &wy);
        const unsigned char *r0 = source + (size_t)y0 * source_stride, *r1 = source + (size_t)y1 * source_stride;
        unsigned char *to = out + (size_t)y * out_width * 4;
        for (int x = 0; x < out_width; x++) {
            int x0, x1;
            int64_t wx;
            place(x, source_width, out_width, &x0, &x1, &wx);
            const unsigned char *a = r0 + x0 * channels, *b = r0 + x1 * channels, *c = r1 + x0 * channels, *d = r1 + x1 * channels;
            for (int k = 0; k < 4; k++) {
                int64_t pa = k < channels ? a[k] : 255, pb = k < channels ? b[k] : 255;
                int64_t pc = k < channels ? c[k] : 255, pd = k < channels ? d[k] : 255;
                int64_t top = pa * (one - wx) + pb * wx, bottom = pc * (one - wx) + pd * wx;
                int64_t value = (top * (one - wy) + bottom * wy + (one * one / 2)) >> 32;
                to[x * 4 + k] = (unsigned char)(value > 255 ? 255 : value);
            }
        }
    }
}
