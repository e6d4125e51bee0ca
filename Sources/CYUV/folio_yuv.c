#include "folio_yuv.h"

// BT.709 limited range in 8-bit fixed point (the coefficients × 256, rounded so that each
// chroma row adds up to 0 and the luma row to 220 × 256 / 255, as white must):
//   Y = 16 + ( 47 R + 157 G +  16 B) / 256
//   U = 128 + (-26 R -  86 G + 112 B) / 256
//   V = 128 + (112 R - 102 G -  10 B) / 256
// The video is tagged so (VideoEncoder): players convert HD video with BT.709's matrix.
// Written as plain loops over bytes so the compiler vectorises them.

static inline uint8_t luma(const uint8_t *p) {
    return (uint8_t)(((47 * p[0] + 157 * p[1] + 16 * p[2] + 128) >> 8) + 16);
}

// The chroma of four pixels whose red, green and blue add up to `r`, `g` and `b`.
static inline void chroma(int r, int g, int b, uint8_t *u, uint8_t *v) {
    *u = (uint8_t)(((-26 * r - 86 * g + 112 * b + 512) >> 10) + 128);
    *v = (uint8_t)(((112 * r - 102 * g - 10 * b + 512) >> 10) + 128);
}

size_t folio_i420_size(int width, int height) {
    if (width <= 0 || height <= 0) return 0;
    size_t cw = ((size_t)width + 1) / 2, ch = ((size_t)height + 1) / 2;
    return (size_t)width * (size_t)height + 2 * cw * ch;
}

// An AVX2 build beside the baseline one, chosen when the program loads: 0.68 against 0.93 ms a
// 1280×800 frame on this project's machine. The choice is made by an ifunc resolver, which
// runs before a sanitizer's runtime is set up and crashes it: a build with a C sanitizer
// (`make tsan`) keeps the baseline build alone.
#if defined(__has_feature)
#  if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#    define FOLIO_SANITIZED 1
#  endif
#endif
#if !defined(FOLIO_SANITIZED) && defined(__x86_64__)
__attribute__((target_clones("avx2", "default")))
#endif
void folio_rgbx_to_i420(const uint8_t *restrict rgbx, int width, int height, size_t pitch, uint8_t *restrict out) {
    if (width <= 0 || height <= 0) return;
    const size_t w = (size_t)width, h = (size_t)height, cw = (w + 1) / 2, ch = (h + 1) / 2;
    uint8_t *restrict yPlane = out, *restrict uPlane = out + w * h, *restrict vPlane = uPlane + cw * ch;
    for (size_t y = 0; y < h; y++) {
        const uint8_t *row = rgbx + y * pitch;
        uint8_t *dst = yPlane + y * w;
        for (size_t x = 0; x < w; x++) dst[x] = luma(row + 4 * x);
    }
    for (size_t cy = 0; cy < ch; cy++) {
        const uint8_t *r0 = rgbx + 2 * cy * pitch;
        // At an odd bottom edge the last row stands in for the missing one.
        const uint8_t *r1 = 2 * cy + 1 < h ? r0 + pitch : r0;
        uint8_t *u = uPlane + cy * cw, *v = vPlane + cy * cw;
        // Whole pairs of columns, then at an odd right edge the last column for both.
        const size_t pairs = w / 2;
        for (size_t cx = 0; cx < pairs; cx++) {
            const uint8_t *a = r0 + 8 * cx, *b = r1 + 8 * cx;
            chroma(a[0] + a[4] + b[0] + b[4], a[1] + a[5] + b[1] + b[5], a[2] + a[6] + b[2] + b[6], &u[cx], &v[cx]);
        }
        if (pairs < cw) {
            const uint8_t *a = r0 + 8 * pairs, *b = r1 + 8 * pairs;
            chroma(2 * (a[0] + b[0]), 2 * (a[1] + b[1]), 2 * (a[2] + b[2]), &u[pairs], &v[pairs]);
        }
    }
}
