#include "folio_vips.h"
#include <stdint.h>

// Bilinear, in 16.16 fixed point: output pixel centres mapped onto the source's, each channel
// weighed from the four source pixels around (straight alpha, as the source's).
void folio_linear_stretch(const unsigned char *source, int source_width, int source_height, int source_stride,
                          int channels, unsigned char *out, int out_width, int out_height) {
    if (source_width <= 0 || source_height <= 0 || out_width <= 0 || out_height <= 0) return;
    const int64_t one = 1 << 16;
    int64_t step_x = ((int64_t)source_width << 16) / out_width, step_y = ((int64_t)source_height << 16) / out_height;
    for (int y = 0; y < out_height; y++) {
        int64_t fy = step_y / 2 + (int64_t)y * step_y - one / 2;
        if (fy < 0) fy = 0;
        int y0 = (int)(fy >> 16), y1 = y0 + 1 < source_height ? y0 + 1 : y0;
        if (y0 >= source_height) y0 = y1 = source_height - 1;
        int64_t wy = fy & (one - 1);
        const unsigned char *r0 = source + (size_t)y0 * source_stride, *r1 = source + (size_t)y1 * source_stride;
        unsigned char *to = out + (size_t)y * out_width * 4;
        for (int x = 0; x < out_width; x++) {
            int64_t fx = step_x / 2 + (int64_t)x * step_x - one / 2;
            if (fx < 0) fx = 0;
            int x0 = (int)(fx >> 16), x1 = x0 + 1 < source_width ? x0 + 1 : x0;
            if (x0 >= source_width) x0 = x1 = source_width - 1;
            int64_t wx = fx & (one - 1);
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
