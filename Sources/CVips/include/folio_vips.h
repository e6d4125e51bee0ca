#ifndef FOLIO_VIPS_H
#define FOLIO_VIPS_H
// Non-variadic wrappers around libvips (Swift cannot call C variadic functions): one header
// read and one shrink-on-load decode, from a file descriptor or from memory.
#include <stddef.h>

/// Starts libvips once: no operation cache, one worker thread per pipeline, and only the
/// loaders Folio trusts with hostile files (JPEG, PNG, WebP, GIF, TIFF, HEIF/AVIF, JPEG XL,
/// JPEG 2000, PPM/PGM/PBM/PNM, SVG, PDF). Returns 0 on success.
int folio_vips_start(void);

/// Called before libvips starts (in a decoder worker, while it has one thread): libvips will
/// load only the modules of the loaders Folio takes (poppler, libheif, libjxl), not
/// ImageMagick's or OpenSlide's.
void folio_vips_load_only_needed_modules(void);

/// What a file fills, and so which loaders may read it: a raster image, a picture named .svg
/// (librsvg too), or a document's page (poppler only).
enum { FOLIO_SLOT_IMAGE = 0, FOLIO_SLOT_VECTOR = 1, FOLIO_SLOT_DOCUMENT = 2 };

/// An image's size (as shown, after its EXIF orientation) and loader, read from its header only (no pixel is decoded).
typedef struct {
    int width;
    int height;
    int pages;         // frames or pages the file holds (1 for most images)
    char loader[32];   // libvips' loader nickname, e.g. "jpegload_source"
} folio_vips_header;

/// Reads the header of the file behind `fd` (or of `length` bytes at `bytes` when fd < 0);
/// of page `page` (from 0) of a document, or of the image itself when `page` < 0. A loader
/// `slot` does not take (a document's page takes only poppler) is refused before it reads.
/// Returns 0 on success; otherwise writes libvips' reason into `error`.
int folio_vips_header_read(int fd, const void *bytes, size_t length, int page, int slot, folio_vips_header *header,
                           char *error, size_t error_capacity);

/// Checks that the file behind `fd` is a PDF as poppler is given one (by its
/// bytes: libvips' PDF loader claims it, or "%PDF-" starts within its first 1 KB), before
/// poppler is let at it. Returns 0 when it is; otherwise 1 with the reason in `error`.
int folio_vips_document_check(int fd, char *error, size_t error_capacity);

/// What a library needs from a PDF: its page count, the first page's size in points and the
/// title and author from its metadata (each "" when it has none; valid UTF-8, cut to fit);
/// filled by `folio_pdf_document_read` (folio_pdf.h).
typedef struct {
    int pages;
    int width;
    int height;
    char title[256];
    char author[256];
} folio_vips_document;

/// Decodes with shrink-on-load to exactly `width`×`height` RGBA pixels: the image (or page
/// `page` of a document when `page` >= 0, rendered at the scale the box needs) scaled to
/// cover the box and cropped centred when `crop` is nonzero, else scaled to fit inside it
/// (then `out_width`/`out_height` may be smaller); the loader checked against `slot` first.
/// An image that ends early is decoded as far as it goes, with `cut_short` set to 1.
/// Returns the pixels (free with `folio_vips_free`), or NULL with libvips' reason in `error`.
unsigned char *folio_vips_thumbnail(int fd, const void *bytes, size_t length, int page, int slot, int width, int height,
                                    int crop, int *out_width, int *out_height, int *cut_short,
                                    char *error, size_t error_capacity);

void folio_vips_free(void *pixels);

/// A plain JPEG (greyscale, YCbCr or RGB; no EXIF; no warning from libjpeg) decoded by
/// libjpeg-turbo at the largest DCT scale (1/2, 1/4, 1/8) still at least the box, then
/// reduced with `folio_area_resample` to the size `folio_vips_thumbnail` gives. NULL for any
/// other file, a damaged one, or one small enough that no DCT scale applies: the caller
/// then decodes with libvips. Free with `folio_vips_free`. (folio_jpeg.c)
unsigned char *folio_jpeg_fitted(int fd, const void *bytes, size_t length, int width, int height, int crop,
                                 int *out_width, int *out_height);

/// The most scans a progressive JPEG may have: one of more is refused, not decoded.
#define FOLIO_JPEG_MAX_SCANS 100
/// The most megabytes of coefficients a progressive JPEG may need (libjpeg keeps all of them
/// for the whole picture): one that needs more is refused before any pixel.
#define FOLIO_JPEG_MAX_COEFFICIENT_MB 96
/// Why `folio_jpeg_fitted_checked` refused a file.
enum { FOLIO_JPEG_TOO_MANY_SCANS = 1, FOLIO_JPEG_TOO_LARGE_PROGRESSIVE = 2 };

/// `folio_jpeg_fitted`, with `refused` set when it declined a file to refuse rather than hand
/// to libvips (which would read every scan, each walking every block of the picture, or run
/// out of memory): a progressive JPEG of more than `FOLIO_JPEG_MAX_SCANS` scans
/// (`FOLIO_JPEG_TOO_MANY_SCANS`), or one needing more than `FOLIO_JPEG_MAX_COEFFICIENT_MB`
/// (`FOLIO_JPEG_TOO_LARGE_PROGRESSIVE`), checked whatever the box.
unsigned char *folio_jpeg_fitted_checked(int fd, const void *bytes, size_t length, int width, int height, int crop,
                                         int *out_width, int *out_height, int *refused);

/// Reduces RGBA `source` (rows packed) to `scaled_width`×`scaled_height`, no larger, by the
/// area each output pixel covers, and writes the `out_width`×`out_height` window at `left`,
/// `top` of that into `out`. 1 when the sizes are not such a reduction, or memory is short.
int folio_area_resample(const unsigned char *source, int source_width, int source_height, int scaled_width,
                        int scaled_height, int left, int top, unsigned char *out, int out_width, int out_height);

/// Scales `source` (8-bit RGB or RGBA by `channels`, rows `source_stride` bytes apart) to
/// `out_width`×`out_height` RGBA, rows packed, in `out`, bilinearly (RGB given opaque alpha).
void folio_linear_stretch(const unsigned char *source, int source_width, int source_height, int source_stride,
                          int channels, unsigned char *out, int out_width, int out_height);

#endif
