// A plain JPEG page decoded by libjpeg-turbo itself, at the DCT scale that keeps it at least
// the drawn size, then reduced the rest of the way by an area filter. For a 2400×3600 scan on
// a 362×568 page this takes about half of libvips' time: its loader and its reduce cost more
// than libjpeg's decode, for a picture this small (docs/BENCHMARKS.md, issue 23).
//
// Only what libvips would read the same way is taken: greyscale, YCbCr or RGB, no EXIF (its
// orientation is libvips' to apply), and no warning from libjpeg (a damaged or cut-short file
// goes to libvips, which knows how to report it: the decode stops at the first warning, so an
// inconsistent progression of a thousand scans costs one scan, not all of them). Anything
// else returns NULL, and the caller decodes with libvips as before.
//
// A progressive file of more scans than `max_scans` is refused outright (`refused` set): each scan walks every block of the picture, so a 140 KB file of 1,200 near-empty
// scans of 6000×6000 held libjpeg (and would hold libvips, which counts nothing) for 15–20 s.
#include "folio_vips.h"
#include "folio_jpeg.h"
#include <glib.h>
#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>  // before jpeglib.h, which uses FILE
#include <jpeglib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Larger files go to libvips, which streams them.
static const off_t max_bytes = 64 << 20;
// As ImageHeader.maxPixels.
static const uint64_t max_pixels = 100000000;
static const long max_working_bytes = 512L << 20;
// More scans than any encoder writes: libjpeg's simple progression is 10 (6 for greyscale),
// and a script refining every coefficient band a bit at a time stays well under this.
static const int max_scans = FOLIO_JPEG_MAX_SCANS;
// A progressive file is decoded by keeping every DCT coefficient of the whole picture (two
// bytes each, 128 a block): 270 MB for 90 megapixels of 4:2:0 colour, past the worker's
// 160 MB heap (DecoderProcess.memoryLimit), where libjpeg (and libvips, which calls it) failed
// with "Insufficient memory". One that needs more than this is refused before any pixel.
static const uint64_t max_coefficient_bytes = (uint64_t)FOLIO_JPEG_MAX_COEFFICIENT_MB << 20;

double folio_box_factor(int w, int h, int width, int height, int crop) {
    double sx = (double)w / width, sy = (double)h / height;
    return crop ? (sx < sy ? sx : sy) : (sx > sy ? sx : sy);
}

int folio_dct_shrink(int w, int h, int width, int height, int crop) {
    double factor = folio_box_factor(w, h, width, height, crop);
    int shrink = 0;
    for (int s = 2; s <= 8; s *= 2) if (factor >= s) shrink = s;
    return shrink;
}

// Weights are fixed point with 14 bits; each output's weights sum to exactly 1 << 14, so
// flat colour (and the opaque alpha) stays exactly what it was.
enum { weight_bits = 14, one = 1 << weight_bits };

typedef struct {
    int *first;    // the first source index of each output
    int *count;    // how many sources it covers
    int16_t *weights;  // `taps` per output
    int taps;
} area_table;

// The share of source pixels [first, first+count) in each of outputs [offset, offset+n) of
// `source` pixels reduced to `scaled` (scaled <= source): each output covers source/scaled
// of them, the ones at its ends in part.
static int area_table_make(area_table *table, int source, int scaled, int offset, int n) {
    double step = (double)source / scaled;
    table->taps = (int)ceil(step) + 1;
    table->first = malloc(sizeof(int) * n);
    table->count = malloc(sizeof(int) * n);
    table->weights = malloc(sizeof(int16_t) * (size_t)n * table->taps);
    if (!table->first || !table->count || !table->weights) return 1;
    for (int o = 0; o < n; o++) {
        double from = (offset + o) * step, to = from + step;
        int first = (int)floor(from), last = (int)ceil(to);
        if (last > source) last = source;
        if (last - first > table->taps) last = first + table->taps;
        int16_t *w = table->weights + (size_t)o * table->taps;
        int total = 0, largest = 0;
        for (int i = first; i < last; i++) {
            double lo = i > from ? i : from, hi = i + 1 < to ? i + 1 : to;
            w[i - first] = (int16_t)lrint((hi - lo) / step * one);
            total += w[i - first];
            if (w[i - first] > w[largest]) largest = i - first;
        }
        w[largest] += one - total;
        table->first[o] = first;
        table->count[o] = last - first;
    }
    return 0;
}

static void area_table_free(area_table *table) {
    free(table->first);
    free(table->count);
    free(table->weights);
}

int folio_area_resample(const unsigned char *source, int source_width, int source_height, int scaled_width,
                        int scaled_height, int left, int top, unsigned char *out, int out_width, int out_height) {
    if (scaled_width > source_width || scaled_height > source_height || scaled_width < 1 || scaled_height < 1 ||
        left < 0 || top < 0 || left + out_width > scaled_width || top + out_height > scaled_height) return 1;
    area_table across = {0}, down = {0};
    // One row of the vertical pass, 4 channels: its sums, then those in units of 1/64 (so
    // the horizontal pass keeps the precision the first one had). Each source row is added
    // whole, a loop the compiler turns into vector instructions.
    size_t pitch = (size_t)source_width * 4;
    uint32_t *sums = malloc(sizeof(uint32_t) * pitch);
    uint16_t *row = malloc(sizeof(uint16_t) * pitch);
    int failed = !sums || !row || area_table_make(&across, source_width, scaled_width, left, out_width) ||
                 area_table_make(&down, source_height, scaled_height, top, out_height);
    for (int y = 0; !failed && y < out_height; y++) {
        const int16_t *wy = down.weights + (size_t)y * down.taps;
        const unsigned char *first = source + (size_t)down.first[y] * pitch;
        memset(sums, 0, sizeof(uint32_t) * pitch);
        for (int k = 0; k < down.count[y]; k++) {
            const unsigned char *line = first + k * pitch;
            uint32_t w = (uint32_t)wy[k];
            for (size_t x = 0; x < pitch; x++) sums[x] += w * line[x];
        }
        for (size_t x = 0; x < pitch; x++) row[x] = (uint16_t)((sums[x] + (1 << (weight_bits - 7))) >> (weight_bits - 6));
        unsigned char *to = out + (size_t)y * out_width * 4;
        for (int x = 0; x < out_width; x++) {
            const int16_t *wx = across.weights + (size_t)x * across.taps;
            const uint16_t *from = row + (size_t)across.first[x] * 4;
            uint32_t sum[4] = {0, 0, 0, 0};
            for (int k = 0; k < across.count[x]; k++)
                for (int c = 0; c < 4; c++) sum[c] += (uint32_t)wx[k] * from[k * 4 + c];
            for (int c = 0; c < 4; c++) {
                uint32_t v = (sum[c] + (1u << (weight_bits + 5))) >> (weight_bits + 6);
                to[x * 4 + c] = (unsigned char)(v > 255 ? 255 : v);
            }
        }
    }
    free(sums);
    free(row);
    area_table_free(&across);
    area_table_free(&down);
    return failed;
}

// What a jump back out of libjpeg needs: where to, and what to free. (Reached through
// libjpeg's pointer to it, so nothing here lives only in a register across the jump.)
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    int warnings;
    int refused;
    unsigned char *decoded;
} error_catcher;

static void give_up(j_common_ptr info) { longjmp(((error_catcher *)info->err)->escape, 1); }

// libjpeg's messages never reach the terminal; a warning (level -1) ends the decode at once.
static void stop_at_warning(j_common_ptr info, int level) {
    if (level >= 0) return;
    ((error_catcher *)info->err)->warnings++;
    give_up(info);
}

// Called by libjpeg between rows of each scan it reads: past `max_scans`, the decode ends.
static void count_scans(j_common_ptr info) {
    if (!info->is_decompressor || ((j_decompress_ptr)info)->input_scan_number <= max_scans) return;
    ((error_catcher *)info->err)->refused = FOLIO_JPEG_TOO_MANY_SCANS;
    give_up(info);
}

// The whole file behind `fd` (read with pread: the descriptor's offset is libvips'), or NULL.
static unsigned char *read_whole(int fd, size_t *length) {
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 || st.st_size > max_bytes) return NULL;
    unsigned char *data = malloc((size_t)st.st_size);
    size_t done = 0;
    while (data && done < (size_t)st.st_size) {
        ssize_t n = pread(fd, data + done, (size_t)st.st_size - done, (off_t)done);
        if (n <= 0) { free(data); return NULL; }
        done += (size_t)n;
    }
    *length = done;
    return data;
}

static int has_exif(struct jpeg_decompress_struct *info) {
    for (jpeg_saved_marker_ptr m = info->marker_list; m; m = m->next)
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 && memcmp(m->data, "Exif\0\0", 6) == 0) return 1;
    return 0;
}

// The bytes libjpeg keeps for a whole picture's coefficients: each component's blocks, its
// sides rounded up to whole MCUs as libjpeg allocates them.
static uint64_t folio_jpeg_coefficient_bytes(struct jpeg_decompress_struct *info) {
    uint64_t total = 0;
    for (int c = 0; c < info->num_components; c++) {
        jpeg_component_info *comp = &info->comp_info[c];
        uint64_t across = comp->width_in_blocks, down = comp->height_in_blocks;
        if (comp->h_samp_factor > 0) across = (across + comp->h_samp_factor - 1) / comp->h_samp_factor * comp->h_samp_factor;
        if (comp->v_samp_factor > 0) down = (down + comp->v_samp_factor - 1) / comp->v_samp_factor * comp->v_samp_factor;
        total += across * down * DCTSIZE2 * sizeof(JCOEF);
    }
    return total;
}

// The decode itself; `info` and `catcher` belong to the caller, which cleans up after a jump.
static unsigned char *decode_scaled(struct jpeg_decompress_struct *info, const unsigned char *data, size_t length,
                                    int width, int height, int crop, int *decoded_width, int *decoded_height) {
    unsigned char **decoded = &((error_catcher *)info->err)->decoded;
    jpeg_mem_src(info, data, (unsigned long)length);
    jpeg_save_markers(info, JPEG_APP0 + 1, 0xffff);
    if (jpeg_read_header(info, TRUE) != JPEG_HEADER_OK) return NULL;
    if (info->progressive_mode && folio_jpeg_coefficient_bytes(info) > max_coefficient_bytes) {
        ((error_catcher *)info->err)->refused = FOLIO_JPEG_TOO_LARGE_PROGRESSIVE;
        return NULL;
    }
    if (has_exif(info)) return NULL;
    // Bounds before any pixel: the viewer's own limit (ImageHeader.maxPixels, checked before
    // this in the app), and libjpeg's working memory (a progressive file keeps every
    // coefficient of the whole image) capped.
    if ((uint64_t)info->image_width * info->image_height > max_pixels) return NULL;
    info->mem->max_memory_to_use = max_working_bytes;
    J_COLOR_SPACE space = info->jpeg_color_space;
    if (!(space == JCS_GRAYSCALE && info->num_components == 1) &&
        !((space == JCS_YCbCr || space == JCS_RGB) && info->num_components == 3)) return NULL;
    int shrink = folio_dct_shrink((int)info->image_width, (int)info->image_height, width, height, crop);
    if (shrink == 0) return NULL;
    info->scale_num = 1;
    info->scale_denom = (unsigned)shrink;
    info->out_color_space = JCS_EXT_RGBA;
    if (!jpeg_start_decompress(info)) return NULL;
    int w = (int)info->output_width, h = (int)info->output_height;
    *decoded = malloc((size_t)w * h * 4);
    if (!*decoded) return NULL;
    while (info->output_scanline < info->output_height) {
        JSAMPROW line = *decoded + (size_t)info->output_scanline * w * 4;
        if (jpeg_read_scanlines(info, &line, 1) != 1) return NULL;
    }
    jpeg_finish_decompress(info);
    *decoded_width = w;
    *decoded_height = h;
    return *decoded;
}

unsigned char *folio_jpeg_fitted(int fd, const void *bytes, size_t length, int width, int height, int crop,
                                 int *out_width, int *out_height) {
    int refused = 0;
    return folio_jpeg_fitted_checked(fd, bytes, length, width, height, crop, out_width, out_height, &refused);
}

unsigned char *folio_jpeg_fitted_checked(int fd, const void *bytes, size_t length, int width, int height, int crop,
                                         int *out_width, int *out_height, int *refused) {
    *refused = 0;
    if (width < 1 || height < 1) return NULL;
    unsigned char *owned = NULL;
    const unsigned char *data = bytes;
    if (fd >= 0) data = owned = read_whole(fd, &length);
    if (!data || length == 0) return NULL;
    struct jpeg_decompress_struct info;
    error_catcher catcher;
    info.err = jpeg_std_error(&catcher.manager);
    catcher.manager.error_exit = give_up;
    catcher.manager.emit_message = stop_at_warning;
    catcher.warnings = 0;
    catcher.refused = 0;
    catcher.decoded = NULL;
    struct jpeg_progress_mgr progress = {.progress_monitor = count_scans};
    int w = 0, h = 0;
    if (setjmp(catcher.escape)) {
        *refused = catcher.refused;
        jpeg_destroy_decompress(&info);
        free(catcher.decoded);
        free(owned);
        return NULL;
    }
    jpeg_create_decompress(&info);
    info.progress = &progress;
    unsigned char *scaled = decode_scaled(&info, data, length, width, height, crop, &w, &h);
    jpeg_destroy_decompress(&info);
    free(owned);
    unsigned char *decoded = catcher.decoded, *out = NULL;
    *refused = catcher.refused;
    if (!scaled || catcher.warnings > 0) { free(decoded); return NULL; }
    // Sized as libvips' thumbnail sizes it: one scale for both sides, fitted inside the box
    // (or covering it, then cropped centred), each side rounded (halves up).
    double step = folio_box_factor(w, h, width, height, crop);
    int sw = (int)floor(w / step + 0.5), sh = (int)floor(h / step + 0.5);
    if (sw < 1) sw = 1;
    if (sh < 1) sh = 1;
    int ow = crop && sw > width ? width : sw, oh = crop && sh > height ? height : sh;
    if (step >= 1 && sw <= w && sh <= h) out = g_try_malloc((size_t)ow * oh * 4);
    if (!out || folio_area_resample(decoded, w, h, sw, sh, (sw - ow) / 2, (sh - oh) / 2, out, ow, oh) != 0) {
        g_free(out);
        free(decoded);
        return NULL;
    }
    free(decoded);
    *out_width = ow;
    *out_height = oh;
    return out;
}
