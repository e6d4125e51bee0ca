/* The bilinear stretch the formats decoded whole are fitted with (Sources/CVips/folio_stretch.c)
 * against SDL's SDL_SoftStretchLinear, the path it replaced (docs/BENCHMARKS.md, "The stretch
 * of the formats decoded whole"): medians of 15 runs on a generated picture.
 *
 *   gcc -O2 -o /tmp/stretch-bench scripts/stretch-bench.c Sources/CVips/folio_stretch.c \
 *       -ISources/CVips/include $(pkg-config --cflags vips) $(pkg-config --cflags --libs sdl2)
 *   /tmp/stretch-bench 2400 3600 1100 1650 4     # source w h, output w h, channels (3 or 4)
 */
#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
void folio_linear_stretch(const unsigned char *source, int source_width, int source_height, int source_stride,
                          int channels, unsigned char *out, int out_width, int out_height);
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int cmp(const void *a, const void *b) { double x = *(double *)a, y = *(double *)b; return x < y ? -1 : x > y; }
int main(int argc, char **argv) {
    int sw = atoi(argv[1]), sh = atoi(argv[2]), dw = atoi(argv[3]), dh = atoi(argv[4]), ch = atoi(argv[5]), n = 15;
    unsigned char *src = malloc((size_t)sw * sh * ch);
    for (size_t i = 0; i < (size_t)sw * sh * ch; i++) src[i] = (unsigned char)((i * 2654435761u) >> 13);
    unsigned char *out = malloc((size_t)dw * dh * 4);
    double a[32], b[32];
    for (int k = 0; k < n; k++) {
        double t0 = now();
        folio_linear_stretch(src, sw, sh, sw * ch, ch, out, dw, dh);
        a[k] = now() - t0;
    }
    Uint32 fmt = ch == 4 ? SDL_PIXELFORMAT_RGBA32 : SDL_PIXELFORMAT_RGB24;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom(src, sw, sh, ch * 8, sw * ch, fmt);
    SDL_Surface *d = SDL_CreateRGBSurfaceWithFormat(0, dw, dh, 32, SDL_PIXELFORMAT_RGBA32);
    for (int k = 0; k < n; k++) {
        double t0 = now();
        /* the old path: an RGB24 source was converted to RGBA32 first */
        SDL_Surface *rgba = ch == 4 ? s : SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
        SDL_Rect r = {0, 0, sw, sh}, w = {0, 0, dw, dh};
        if (SDL_SoftStretchLinear(rgba, &r, d, &w) != 0) { fprintf(stderr, "%s\n", SDL_GetError()); return 1; }
        if (rgba != s) SDL_FreeSurface(rgba);
        b[k] = now() - t0;
    }
    qsort(a, n, sizeof a[0], cmp); qsort(b, n, sizeof b[0], cmp);
    printf("%dx%d (%d ch) -> %dx%d: folio_linear_stretch %.1f ms, SDL_SoftStretchLinear %.1f ms (medians of %d)\n", sw, sh, ch, dw, dh, a[n/2]*1e3, b[n/2]*1e3, n);
    return 0;
}
