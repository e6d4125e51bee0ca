#define _GNU_SOURCE
#include "folio_vips.h"
#include "folio_jpeg.h"
#include <vips/vips.h>
#include <dlfcn.h>
#include <gmodule.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void take_error(char *error, size_t capacity) {
    const char *text = vips_error_buffer();
    if (error && capacity > 0) {
        // The first line only: libvips stacks one line per layer that gave up.
        size_t n = strcspn(text, "\n");
        if (n >= capacity) n = capacity - 1;
        memcpy(error, text, n);
        error[n] = 0;
    }
    vips_error_clear();
}

// libvips' warnings about a damaged file would reach the terminal raw; Folio reports each
// file once, in its own sentence, from the error the call returns.
static void drop_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static int only_needed_modules = 0;

void folio_vips_load_only_needed_modules(void) {
    only_needed_modules = 1;
    // libvips loads every module in $VIPSHOME/lib/vips-modules-X.Y as it starts; pointed at a
    // folder that has none, it loads none, and folio_vips_start opens the ones Folio needs.
    setenv("VIPSHOME", "/nonexistent/folio-loads-its-own-modules", 1);
}

// Opens libvips' modules for the loaders Folio takes (poppler for PDFs, libheif, libjxl)
// from the folder beside libvips itself, leaving out ImageMagick's and OpenSlide's, whose
// loaders Folio never uses. A module that is missing leaves its formats unreadable, as
// when libvips loads them itself.
static void open_needed_modules(void) {
    Dl_info info;
    if (!dladdr((void *)vips_init, &info) || !info.dli_fname) return;
    char *libdir = g_path_get_dirname(info.dli_fname);
    const char *names[] = {"vips-poppler.so", "vips-heif.so", "vips-jxl.so"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/vips-modules-%d.%d/%s", libdir, VIPS_MAJOR_VERSION, VIPS_MINOR_VERSION, names[i]);
        // Resident: libvips' types live in it from now on.
        GModule *module = g_module_open(path, G_MODULE_BIND_LAZY);
        if (module) g_module_make_resident(module);
    }
    g_free(libdir);
}

int folio_vips_start(void) {
    static int started = -1;
    if (started >= 0) return started;
    if (VIPS_INIT("folio") != 0) { started = 1; return 1; }
    if (only_needed_modules) open_needed_modules();
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_DEBUG,
                      drop_message, NULL);
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    // Every loader off, libvips' own list of untrusted operations off, then only the loaders
    // Folio takes on again. The list is the policy, so it comes last: libvips 8.14 counts
    // pdfload (poppler), svgload (librsvg), jxlload and jp2kload as untrusted, and calling
    // vips_block_untrusted_set() after this loop would silently turn them off again. Their
    // libraries are fuzzed upstream (OSS-Fuzz); Folio bounds what reaches them (regular files
    // only, headers and sizes checked first, one page rendered at a time at the drawn size).
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_block_untrusted_set(TRUE);
    const char *trusted[] = {"VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp",
                             "VipsForeignLoadNsgif", "VipsForeignLoadTiff", "VipsForeignLoadHeif",
                             "VipsForeignLoadJxl", "VipsForeignLoadJp2k", "VipsForeignLoadPpm",
                             "VipsForeignLoadSvg", "VipsForeignLoadPdf"};
    for (size_t i = 0; i < sizeof trusted / sizeof *trusted; i++) vips_operation_block_set(trusted[i], FALSE);
    started = 0;
    return 0;
}

// The loaders each slot takes. libvips picks a loader by the bytes, not the name, so a PDF
// or an SVG stored under an image's name would otherwise reach poppler or librsvg: only
// raster loaders fill an image slot, an SVG's loader only a slot named .svg, and poppler
// only a document's page.
static const char *const raster_loaders[] = {
    "VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadWebp", "VipsForeignLoadNsgif",
    "VipsForeignLoadTiff", "VipsForeignLoadHeif", "VipsForeignLoadJxl", "VipsForeignLoadJp2k",
    "VipsForeignLoadPpm", NULL};

static int has_prefix_in(const char *loader, const char *const *prefixes) {
    for (; *prefixes; prefixes++) if (strncmp(loader, *prefixes, strlen(*prefixes)) == 0) return 1;
    return 0;
}

static int slot_allows(int slot, const char *loader) {
    switch (slot) {
    case FOLIO_SLOT_DOCUMENT: return strncmp(loader, "VipsForeignLoadPdf", 18) == 0;
    case FOLIO_SLOT_VECTOR: return strncmp(loader, "VipsForeignLoadSvg", 18) == 0 || has_prefix_in(loader, raster_loaders);
    default: return has_prefix_in(loader, raster_loaders);
    }
}

// What the bytes are, for the sentence that refuses them.
static const char *kind_of(const char *loader) {
    if (strncmp(loader, "VipsForeignLoadPdf", 18) == 0) return "a PDF document";
    if (strncmp(loader, "VipsForeignLoadSvg", 18) == 0) return "an SVG drawing";
    return "an image";
}

// The loader libvips would use for `source`, if `slot` takes it; NULL with the reason in
// `error` otherwise.
// The loader name used when a document's header is found after leading bytes.
static const char *const pdf_after_junk = "VipsForeignLoadPdfSource (after leading bytes)";

// True when "%PDF-" starts within the first 1024 bytes: poppler (and its own tools) read
// such a file, but libvips looks for the header at the very start only.
static int pdf_header_within_1k(VipsSource *source) {
    unsigned char *data = NULL;
    gint64 count = vips_source_sniff_at_most(source, &data, 1024);
    for (gint64 i = 0; data && i + 5 <= count; i++) if (memcmp(data + i, "%PDF-", 5) == 0) return 1;
    return 0;
}

static const char *checked_loader(VipsSource *source, int slot, char *error, size_t capacity) {
    const char *loader = vips_foreign_find_load_source(source);
    if (!loader && slot == FOLIO_SLOT_DOCUMENT && pdf_header_within_1k(source)) {
        vips_error_clear();
        return pdf_after_junk;
    }
    if (!loader) {
        // libvips says "source is not in a known format": said in a reader's words.
        vips_error_clear();
        if (slot == FOLIO_SLOT_DOCUMENT) snprintf(error, capacity, "it does not begin as a PDF does");
        else snprintf(error, capacity, "its contents are not in any picture format Folio reads");
        return NULL;
    }
    if (!slot_allows(slot, loader)) {
        vips_error_clear();
        if (slot == FOLIO_SLOT_DOCUMENT) snprintf(error, capacity, "not a PDF");
        else snprintf(error, capacity, "its contents are %s, not a picture its name allows", kind_of(loader));
        return NULL;
    }
    return loader;
}

static VipsSource *open_source(int fd, const void *bytes, size_t length) {
    // What an earlier file left in libvips' error buffer (a warning of a decode that still
    // succeeded) must not become this file's reason: a worker serves many files.
    vips_error_clear();
    // The header read and the decode each start from the top of the same descriptor.
    if (fd >= 0 && lseek(fd, 0, SEEK_SET) != 0) return NULL;
    return fd >= 0 ? vips_source_new_from_descriptor(fd) : vips_source_new_from_memory(bytes, length);
}

// Page `page` of a document (or an image, page < 0) as a sequential image: by the loader
// libvips finds, or by poppler itself when the header came after leading bytes.
static VipsImage *open_image(VipsSource *source, const char *loader, const char *options, int page, double scale) {
    if (loader != pdf_after_junk)
        return vips_image_new_from_source(source, options, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    VipsImage *image = NULL;
    if (vips_pdfload_source(source, &image, "page", page < 0 ? 0 : page, "scale", scale,
                            "access", VIPS_ACCESS_SEQUENTIAL, NULL))
        return NULL;
    return image;
}

// The loader options for one page of a document ("" for a plain image).
static void page_options(int page, const char *extra, char *options, size_t capacity) {
    if (page >= 0) snprintf(options, capacity, "%s%spage=%d", extra, *extra ? "," : "", page);
    else snprintf(options, capacity, "%s", extra);
}

int folio_vips_header_read(int fd, const void *bytes, size_t length, int page, int slot, folio_vips_header *header,
                           char *error, size_t error_capacity) {
    VipsSource *source = open_source(fd, bytes, length);
    if (!source) { take_error(error, error_capacity); return 1; }
    const char *loader = checked_loader(source, page >= 0 ? FOLIO_SLOT_DOCUMENT : slot, error, error_capacity);
    if (!loader) { g_object_unref(source); return 1; }
    char options[64];
    page_options(page, "", options, sizeof options);
    VipsImage *image = open_image(source, loader, options, page, 1.0);
    g_object_unref(source);
    if (!image) { take_error(error, error_capacity); return 1; }
    // The size as shown: an EXIF orientation of 5 to 8 turns the picture a quarter.
    int swap = vips_image_get_orientation_swap(image);
    header->width = swap ? vips_image_get_height(image) : vips_image_get_width(image);
    header->height = swap ? vips_image_get_width(image) : vips_image_get_height(image);
    header->pages = vips_image_get_n_pages(image);
    strncpy(header->loader, loader, sizeof header->loader - 1);
    header->loader[sizeof header->loader - 1] = 0;
    g_object_unref(image);
    return 0;
}

int folio_vips_document_check(int fd, char *error, size_t error_capacity) {
    VipsSource *source = open_source(fd, NULL, 0);
    if (!source) { take_error(error, error_capacity); return 1; }
    const char *loader = checked_loader(source, FOLIO_SLOT_DOCUMENT, error, error_capacity);
    g_object_unref(source);
    return loader ? 0 : 1;
}

// The DCT scale to decode a JPEG at for a `width`×`height` box (fitted inside it, or
// covering it when `crop`): the largest of 2, 4 and 8 that keeps the image at least the size
// it is drawn at; 0 when the source is not a JPEG or 1 would do.
static int jpeg_shrink_for(VipsSource *source, const char *loader, int width, int height, int crop) {
    if (strncmp(loader, "VipsForeignLoadJpeg", 19) != 0) return 0;
    VipsImage *header = vips_image_new_from_source(source, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!header) { vips_error_clear(); return 0; }
    // The size as drawn: an EXIF rotation by a quarter turn swaps the sides.
    int swap = vips_image_get_orientation_swap(header);
    int w = swap ? vips_image_get_height(header) : vips_image_get_width(header);
    int h = swap ? vips_image_get_width(header) : vips_image_get_height(header);
    g_object_unref(header);
    return folio_dct_shrink(w, h, width, height, crop);
}

// A TIFF whose samples are signed or 32-bit integers, in 8 bits as ImageMagick and Pillow
// show it: signed 8-bit samples read as their bytes are (both read them so), signed 16-bit
// ones with zero mid-grey (ImageMagick), 32-bit ones by their top 8 bits (ImageMagick: a
// picture of small 32-bit numbers is black). NULL for any other TIFF (left to
// vips_thumbnail_source as it is) or one libvips cannot open.
static VipsImage *tiff_in_eight_bits(VipsSource *source, const char *options) {
    VipsImage *in = vips_image_new_from_source(source, options, NULL);
    if (!in) { vips_error_clear(); return NULL; }
    VipsInterpretation type = in->Bands >= 3 ? VIPS_INTERPRETATION_sRGB : VIPS_INTERPRETATION_B_W;
    double scale = 1.0 / 16777216, offset = 0;
    switch (in->BandFmt) {
    case VIPS_FORMAT_CHAR: scale = 0; break;
    case VIPS_FORMAT_SHORT: scale = 1.0 / 256; offset = 128; break;
    case VIPS_FORMAT_INT: scale = 1.0 / 8388608; break;  // 0 to the largest; below 0 is black
    case VIPS_FORMAT_UINT: break;
    default: g_object_unref(in); return NULL;
    }
    VipsImage *scaled = NULL, *out = NULL;
    if (scale == 0) {
        vips_copy(in, &out, "format", VIPS_FORMAT_UCHAR, "interpretation", type, NULL);
    } else if (!vips_linear1(in, &scaled, scale, offset, "uchar", TRUE, NULL)) {
        vips_copy(scaled, &out, "interpretation", type, NULL);
        g_object_unref(scaled);
    }
    g_object_unref(in);
    return out;
}

// The whole of `image` (4 bands of uchar) computed on this thread, as one region from the
// top: no thread pool to start and hand pages to, which for a page-sized picture costs more
// than the pixels. NULL on a decode failure, with libvips' reason in its error buffer.
static unsigned char *compute(VipsImage *image) {
    size_t row = (size_t)image->Xsize * 4, size = row * image->Ysize;
    if (VIPS_IMAGE_SIZEOF_PEL(image) != 4) { vips_error("folio", "unexpected pixel size"); return NULL; }
    unsigned char *pixels = g_try_malloc(size);
    if (!pixels) { vips_error("folio", "out of memory"); return NULL; }
    VipsRegion *region = vips_region_new(image);
    VipsRect all = {0, 0, image->Xsize, image->Ysize};
    if (!region || vips_region_prepare(region, &all)) {
        if (region) g_object_unref(region);
        g_free(pixels);
        return NULL;
    }
    for (int y = 0; y < image->Ysize; y++) memcpy(pixels + y * row, VIPS_REGION_ADDR(region, 0, y), row);
    g_object_unref(region);
    return pixels;
}

static unsigned char *thumbnail_once(int fd, const void *bytes, size_t length, int page, int slot, int width, int height,
                                     int crop, const char *fail_on, int *out_width, int *out_height,
                                     char *error, size_t error_capacity) {
    VipsSource *source = open_source(fd, bytes, length);
    if (!source) { take_error(error, error_capacity); return NULL; }
    const char *loader = checked_loader(source, page >= 0 ? FOLIO_SLOT_DOCUMENT : slot, error, error_capacity);
    if (!loader) {
        g_object_unref(source);
        return NULL;
    }
    // A plain JPEG larger than the page: libjpeg-turbo and an area filter, in half libvips'
    // time (folio_jpeg.c). Anything it does not take, libvips decodes below.
    if (page < 0 && strcmp(fail_on, "error") == 0 && strncmp(loader, "VipsForeignLoadJpeg", 19) == 0) {
        int refused = 0;
        unsigned char *fitted = folio_jpeg_fitted_checked(fd, bytes, length, width, height, crop, out_width, out_height,
                                                          &refused);
        if (fitted || refused) {
            // Refused, not handed on: libvips would read every scan, or run out of memory.
            if (refused == FOLIO_JPEG_TOO_MANY_SCANS)
                snprintf(error, error_capacity, "a progressive JPEG of more than %d scans", FOLIO_JPEG_MAX_SCANS);
            else if (refused)
                snprintf(error, error_capacity,
                         "a progressive JPEG too large to decode: it needs more than the %d MB of memory Folio gives one",
                         FOLIO_JPEG_MAX_COEFFICIENT_MB);
            g_object_unref(source);
            return fitted;
        }
    }
    VipsImage *thumb = NULL;
    // A document's page is rendered straight at the scale the box needs (pdfload's "scale").
    char options[64], fail[32];
    snprintf(fail, sizeof fail, "fail_on=%s", fail_on);
    page_options(page, fail, options, sizeof options);
    VipsInteresting interesting = crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE;
    int failed;
    int jpeg_shrink = page < 0 ? jpeg_shrink_for(source, loader, width, height, crop) : 0;
    VipsImage *eight = NULL;
    if (loader == pdf_after_junk) {
        // The page drawn at the scale the box needs (its size in points first), then fitted.
        VipsImage *points = open_image(source, loader, "", page, 1.0);
        int pw = points ? vips_image_get_width(points) : 0, ph = points ? vips_image_get_height(points) : 0;
        if (points) g_object_unref(points);
        double sx = pw > 0 ? (double)width / pw : 1, sy = ph > 0 ? (double)height / ph : 1;
        double scale = crop ? (sx > sy ? sx : sy) : (sx < sy ? sx : sy);
        VipsImage *drawn = pw > 0 && ph > 0 ? open_image(source, loader, "", page, scale) : NULL;
        failed = !drawn || vips_thumbnail_image(drawn, &thumb, width, "height", height, "crop", interesting, NULL);
        if (drawn) g_object_unref(drawn);
    } else if (jpeg_shrink > 0) {
        // A JPEG is decoded at the largest DCT scale (1/2, 1/4, 1/8) still at least the page's
        // size, then reduced (lanczos3) the rest of the way. vips_thumbnail itself leaves a
        // factor of two for the reduce: a 2400×3600 scan on a 362×568 page is decoded at
        // 1200×1800, four times the pixels of the 600×900 this decodes.
        snprintf(options, sizeof options, "%s,shrink=%d", fail, jpeg_shrink);
        VipsImage *shrunk = vips_image_new_from_source(source, options, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
        failed = !shrunk || vips_thumbnail_image(shrunk, &thumb, width, "height", height, "crop", interesting, NULL);
        if (shrunk) g_object_unref(shrunk);
    } else if (page < 0 && strncmp(loader, "VipsForeignLoadTiff", 19) == 0 && (eight = tiff_in_eight_bits(source, options))) {
        // A TIFF of signed or 32-bit samples, in 8 bits before it is reduced: the reduce
        // works in signed 32-bit integers, which clipped a 32-bit picture's top half.
        failed = vips_thumbnail_image(eight, &thumb, width, "height", height, "crop", interesting, NULL);
        g_object_unref(eight);
    } else {
        failed = vips_thumbnail_source(source, &thumb, width, "height", height, "option_string", options,
                                       "crop", interesting, NULL);
    }
    g_object_unref(source);
    if (failed) { take_error(error, error_capacity); return NULL; }
    // To 8-bit sRGB with alpha, whatever came in (grey, CMYK, 16-bit, no alpha).
    VipsImage *rgb = NULL, *rgba = NULL, *u8 = NULL;
    // (Each step skipped when there is nothing to do: for a small picture, building a libvips
    // operation costs more than running it.)
    if (thumb->Type == VIPS_INTERPRETATION_sRGB && thumb->BandFmt == VIPS_FORMAT_UCHAR) { rgb = thumb; g_object_ref(rgb); }
    else if (vips_colourspace(thumb, &rgb, VIPS_INTERPRETATION_sRGB, NULL)) goto fail;
    if (vips_image_hasalpha(rgb)) { rgba = rgb; g_object_ref(rgba); }
    else if (vips_bandjoin_const1(rgb, &rgba, 255, NULL)) goto fail;
    if (rgba->BandFmt == VIPS_FORMAT_UCHAR) { u8 = rgba; g_object_ref(u8); }
    else if (vips_cast_uchar(rgba, &u8, NULL)) goto fail;
    unsigned char *pixels = compute(u8);
    if (!pixels) goto fail;
    *out_width = u8->Xsize;
    *out_height = u8->Ysize;
    g_object_unref(u8); g_object_unref(rgba); g_object_unref(rgb); g_object_unref(thumb);
    return pixels;
fail:
    take_error(error, error_capacity);
    if (u8) g_object_unref(u8);
    if (rgba) g_object_unref(rgba);
    if (rgb) g_object_unref(rgb);
    g_object_unref(thumb);
    return NULL;
}

// True when libvips' reason says the file ends early or its data stops making sense part-way
// (libjpeg's "Premature end" and "Corrupt JPEG data", libpng's read error at the end of data,
// libtiff's and libwebp's "not enough data"): what other viewers show as far as it goes.
static int says_cut_short(const char *reason) {
    const char *signs[] = {"Premature end", "premature end", "truncated", "not enough data", "libpng read error",
                           "Read Error", "unexpected end", "out of data", "Corrupt JPEG data"};
    for (size_t i = 0; i < sizeof signs / sizeof *signs; i++) if (strstr(reason, signs[i])) return 1;
    return 0;
}

unsigned char *folio_vips_thumbnail(int fd, const void *bytes, size_t length, int page, int slot, int width, int height,
                                    int crop, int *out_width, int *out_height, int *cut_short,
                                    char *error, size_t error_capacity) {
    // fail_on=error first: a corrupt image is an error, not a half-grey page. An image that
    // only ends early is shown as far as it goes, as other viewers show it, and said so.
    *cut_short = 0;
    unsigned char *pixels = thumbnail_once(fd, bytes, length, page, slot, width, height, crop, "error",
                                           out_width, out_height, error, error_capacity);
    if (pixels || page >= 0 || !says_cut_short(error)) return pixels;
    char again[256];
    pixels = thumbnail_once(fd, bytes, length, page, slot, width, height, crop, "none", out_width, out_height,
                            again, sizeof again);
    if (pixels) *cut_short = 1;
    return pixels;
}

void folio_vips_free(void *pixels) { g_free(pixels); }

