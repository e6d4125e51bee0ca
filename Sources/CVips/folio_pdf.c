#define _GNU_SOURCE
#include "folio_pdf.h"
#include "folio_pdf_kept.h"
#include "folio_splash.h"
#include "folio_vips.h"
#include <cairo.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <malloc.h>
#include <math.h>
#include <poppler.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vips/vips.h>

// Bytes read from each end of the file for its identity: a PDF's header is at the start, its
// cross-reference table and trailer at the end.
enum { END_BYTES = 4096 };

// What a file is, by its descriptor. File times tick only every few milliseconds, so a file
// rewritten in place twice in one tick keeps its times; its ends tell most such rewrites.
typedef struct {
    dev_t device;
    ino_t inode;
    off_t size;
    struct timespec modified, changed;
    size_t ends_length;
    unsigned char ends[2 * END_BYTES];
} identity;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

struct folio_pdf_kept {
    identity id;
    PopplerDocument *document;
    // Bytes its page tree may take beyond the worker's own limit.
    size_t allowance;
};
typedef struct folio_pdf_kept kept;

// Poppler keeps what it parses of a document (objects, fonts, every page read and the page
// tree up to it) for as long as the document is open, so a document kept open grows with
// the pages drawn from it until it ends the worker (DecoderProcess.memoryLimit, 160 MB).
// Once the heap in use passes this after a page, the document is closed, and the next page
// opens it afresh: what it held is let go, at the cost of one parse. (The page tree up to
// the page asked for is parsed again each time: a document of about 100,000 pages still
// needs more than the worker has to reach its last pages.)
static size_t kept_heap_limit = 112 << 20;

// Bytes the heap holds in use: the arenas' blocks and those mapped on their own.
static size_t heap_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}

size_t folio_pdf_set_kept_growth_limit(size_t bytes) {
    pthread_mutex_lock(&lock);
    size_t old = kept_heap_limit;
    kept_heap_limit = bytes;
    pthread_mutex_unlock(&lock);
    return old;
}

// The document kept between calls, while no call is using it.
static kept *idle;
// Documents opened by this process so far.
static int opened_count;

static int identify(int fd, identity *id) {
    struct stat st;
    if (fstat(fd, &st) != 0) return 1;
    id->device = st.st_dev;
    id->inode = st.st_ino;
    id->size = st.st_size;
    id->modified = st.st_mtim;
    id->changed = st.st_ctim;
    ssize_t head = pread(fd, id->ends, END_BYTES, 0);
    if (head < 0) return 1;
    ssize_t tail = 0;
    if (st.st_size > END_BYTES) {
        tail = pread(fd, id->ends + head, END_BYTES, st.st_size - END_BYTES);
        if (tail < 0) return 1;
    }
    id->ends_length = (size_t)head + (size_t)tail;
    return 0;
}

static int same_time(struct timespec a, struct timespec b) { return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec; }

static int same(const identity *a, const identity *b) {
    return a->device == b->device && a->inode == b->inode && a->size == b->size && same_time(a->modified, b->modified) &&
           same_time(a->changed, b->changed) && a->ends_length == b->ends_length &&
           memcmp(a->ends, b->ends, a->ends_length) == 0;
}

// The worker's own data limit and what each page of an open document adds to it (0: the
// limit is left as it is).
static size_t heap_base, page_tree_bytes;
static int page_tree_pages;

void folio_pdf_set_page_tree_allowance(size_t base_bytes, size_t page_bytes, int max_pages) {
    heap_base = base_bytes;
    page_tree_bytes = page_bytes;
    page_tree_pages = max_pages;
}

// Raises the data segment's soft limit to the worker's own plus `allowance` (within the hard
// limit confinement set). Never lowered: the heap a large document left in use may still be
// above the worker's own limit once it is closed, and every mapping (a loader module being
// loaded) would then fail; the hard limit bounds the worker either way.
static void allow(size_t allowance) {
    if (heap_base == 0) return;
    struct rlimit limit;
    if (getrlimit(RLIMIT_DATA, &limit) != 0) return;
    rlim_t wanted = heap_base + allowance;
    if (limit.rlim_max != RLIM_INFINITY && wanted > limit.rlim_max) wanted = limit.rlim_max;
    if (limit.rlim_cur != RLIM_INFINITY && wanted <= limit.rlim_cur) return;
    limit.rlim_cur = wanted;
    setrlimit(RLIMIT_DATA, &limit);
}

size_t folio_pdf_heap_limit(void) {
    struct rlimit limit;
    return getrlimit(RLIMIT_DATA, &limit) == 0 ? (size_t)limit.rlim_cur : 0;
}

static void close_kept(kept *k) {
    if (!k) return;
    g_object_unref(k->document);
    g_free(k);
}

// The PDF behind `fd` opened by poppler, once its bytes are checked to be a PDF; NULL with
// the reason in `error`.
static kept *open_document(int fd, const identity *id, char *error, size_t capacity) {
    if (folio_vips_document_check(fd, error, capacity) != 0) return NULL;
    // Poppler owns the descriptor it is given, and closes it with the document.
    int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (own < 0) { snprintf(error, capacity, "%s", strerror(errno)); return NULL; }
    GError *failure = NULL;
    PopplerDocument *document = poppler_document_new_from_fd(own, NULL, &failure);
    kept *opened = document ? g_try_new(kept, 1) : NULL;
    if (opened) {
        opened->id = *id;
        opened->document = document;
        // Its page tree, as poppler will parse it, gets room of its own.
        int pages = poppler_document_get_n_pages(document);
        opened->allowance = (size_t)(pages < 0 ? 0 : pages < page_tree_pages ? pages : page_tree_pages) * page_tree_bytes;
        allow(opened->allowance);
        __atomic_add_fetch(&opened_count, 1, __ATOMIC_RELAXED);
    } else {
        snprintf(error, capacity, "%s", failure ? failure->message : "out of memory");
        if (document) g_object_unref(document);
    }
    if (failure) g_error_free(failure);
    return opened;
}

// The document behind `fd` for this call alone: the kept one when it is the same file, else
// opened (after the kept one is closed, so one caller never holds two).
kept *folio_pdf_take(int fd, char *error, size_t capacity) {
    identity *id = g_try_new(identity, 1);
    if (!id || identify(fd, id) != 0) {
        snprintf(error, capacity, "%s", id ? strerror(errno) : "out of memory");
        g_free(id);
        return NULL;
    }
    pthread_mutex_lock(&lock);
    kept *found = idle;
    idle = NULL;
    pthread_mutex_unlock(&lock);
    if (!found || !same(&found->id, id)) {
        close_kept(found);
        found = open_document(fd, id, error, capacity);
    }
    g_free(id);
    return found;
}

// Keeps `k` for the next call, closing whatever another thread left meanwhile; or closes
// `k` itself once the heap in use has passed `kept_heap_limit`.
void folio_pdf_give_back(kept *k) {
    size_t now = heap_in_use();
    pthread_mutex_lock(&lock);
    int outgrown = now >= kept_heap_limit + k->allowance;
    kept *old = outgrown ? NULL : idle;
    if (!outgrown) idle = k;
    pthread_mutex_unlock(&lock);
    close_kept(old);
    if (outgrown) close_kept(k);
}

PopplerDocument *folio_pdf_kept_document(kept *k) { return k->document; }

void folio_pdf_forget(void) {
    pthread_mutex_lock(&lock);
    kept *old = idle;
    idle = NULL;
    pthread_mutex_unlock(&lock);
    close_kept(old);
}

int folio_pdf_documents_opened(void) { return __atomic_load_n(&opened_count, __ATOMIC_RELAXED); }

PopplerPage *folio_pdf_kept_page(kept *k, int page, char *error, size_t capacity) {
    if (page < 0 || page >= poppler_document_get_n_pages(k->document)) {
        snprintf(error, capacity, "pages out of range");
        return NULL;
    }
    PopplerPage *p = poppler_document_get_page(k->document, page);
    // Poppler-glib's own words count pages from 0 ("unable to load page 0" for the first).
    if (!p) snprintf(error, capacity, "poppler cannot load the page: the document's page tree or the page's objects are damaged");
    return p;
}

// A length in points or pixels rounded to a whole number as libvips rounds it (rint),
// clamped to what an int holds.
static int whole(double length) {
    if (!(length > 0)) return 0;
    return length >= INT_MAX ? INT_MAX : (int)rint(length);
}

int folio_pdf_page_size(int fd, int page, int *width, int *height, char *error, size_t error_capacity) {
    kept *k = folio_pdf_take(fd, error, error_capacity);
    if (!k) return 1;
    PopplerPage *p = folio_pdf_kept_page(k, page, error, error_capacity);
    if (p) {
        double w = 0, h = 0;
        poppler_page_get_size(p, &w, &h);
        *width = whole(w);
        *height = whole(h);
        g_object_unref(p);
    }
    folio_pdf_give_back(k);
    return p ? 0 : 1;
}

// `text` (poppler's, may be NULL) into `out` (capacity bytes, NUL-terminated; "" for none):
// cut to fit, then to its longest valid UTF-8 prefix.
static void copy_text(const char *text, char *out, size_t capacity) {
    out[0] = 0;
    if (!text) return;
    size_t length = strnlen(text, capacity - 1);
    memcpy(out, text, length);
    out[length] = 0;
    const gchar *end = NULL;
    if (!g_utf8_validate(out, -1, &end)) out[end - out] = 0;
}

int folio_pdf_document_read(int fd, folio_vips_document *document, char *error, size_t error_capacity) {
    memset(document, 0, sizeof *document);
    kept *k = folio_pdf_take(fd, error, error_capacity);
    if (!k) return 1;
    document->pages = poppler_document_get_n_pages(k->document);
    PopplerPage *first = document->pages > 0 ? folio_pdf_kept_page(k, 0, error, error_capacity) : NULL;
    if (first) {
        double w = 0, h = 0;
        poppler_page_get_size(first, &w, &h);
        document->width = whole(w);
        document->height = whole(h);
        g_object_unref(first);
    }
    gchar *title = poppler_document_get_title(k->document), *author = poppler_document_get_author(k->document);
    copy_text(title, document->title, sizeof document->title);
    copy_text(author, document->author, sizeof document->author);
    g_free(title);
    g_free(author);
    folio_pdf_give_back(k);
    if (document->pages < 1) {
        snprintf(error, error_capacity, "it has no pages");
        return 1;
    }
    return 0;
}

// The shrink libvips' thumbnail takes from an image of `w`×`h` to a `width`×`height` box
// (vips_thumbnail_calculate_shrink): the same on both axes, fitting inside the box or, when
// `crop`, covering it, never so far that a side becomes 0.
static void shrink_for(int w, int h, int width, int height, int crop, double *hshrink, double *vshrink) {
    double hs = (double)w / width, vs = (double)h / height;
    int horizontal = crop ? hs < vs : !(hs < vs);
    if (horizontal) vs = hs; else hs = vs;
    *hshrink = hs < w ? hs : w;
    *vshrink = vs < h ? vs : h;
}

// Cairo's premultiplied BGRA to straight RGBA, in place, as libvips' pdfload converts it.
static void to_rgba(unsigned char *p, size_t count) {
    for (size_t i = 0; i < count; i++, p += 4) {
        unsigned b = p[0], g = p[1], r = p[2], a = p[3];
        if (a != 0 && a != 255) {
            r = 255 * r / a; g = 255 * g / a; b = 255 * b / a;
            if (r > 255) r = 255;
            if (g > 255) g = 255;
            if (b > 255) b = 255;
        }
        p[0] = r; p[1] = g; p[2] = b; p[3] = a;
    }
}

// The page drawn at `scale` into `w`×`h` pixels, as pdfload draws it (cairo, on opaque
// white); when cairo fails (a page it would need gigabytes for, a size it refuses), or when
// `splash` asks for it, as pdftoppm draws it (poppler's Splash, CSplash). NULL with the
// reason in `error` when neither can.
static unsigned char *render(PopplerPage *page, int fd, int index, double scale, int w, int h, int splash,
                             char *error, size_t capacity) {
    size_t stride = (size_t)w * 4;
    unsigned char *pixels = g_try_malloc(stride * h);
    if (!pixels) { snprintf(error, capacity, "out of memory"); return NULL; }
    int failed = 1;
    if (!splash) {
        memset(pixels, 0xff, stride * h);
        cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, w, h, (int)stride);
        cairo_t *cr = cairo_create(surface);
        cairo_surface_destroy(surface);
        cairo_scale(cr, scale, scale);
        poppler_page_render(page, cr);
        failed = cairo_status(cr) != CAIRO_STATUS_SUCCESS;
        cairo_destroy(cr);
    }
    if (failed && folio_splash_draw(fd, index, scale, w, h, pixels, error, capacity) != 0) {
        g_free(pixels);
        return NULL;
    }
    to_rgba(pixels, (size_t)w * h);
    return pixels;
}

// What vips_thumbnail_image makes of `w`×`h` drawn pixels for the box (crop centred when
// `crop`). A page drawn at the scale the box needs has nothing left to shrink, so only the
// crop is done here; otherwise libvips finishes it. Takes `pixels`; NULL on failure.
static unsigned char *fit(unsigned char *pixels, int w, int h, int width, int height, int crop, int *out_width,
                          int *out_height, char *error, size_t capacity) {
    double hs, vs;
    shrink_for(w, h, width, height, crop, &hs, &vs);
    if (hs == 1.0 && vs == 1.0) {
        int cw = crop && width < w ? width : w, ch = crop && height < h ? height : h;
        int left = (w - cw) / 2, top = (h - ch) / 2;
        for (int y = 0; y < ch; y++) memmove(pixels + (size_t)y * cw * 4, pixels + ((size_t)(top + y) * w + left) * 4, (size_t)cw * 4);
        *out_width = cw;
        *out_height = ch;
        return pixels;
    }
    VipsImage *drawn = vips_image_new_from_memory(pixels, (size_t)w * h * 4, w, h, 4, VIPS_FORMAT_UCHAR), *thumb = NULL;
    if (drawn) drawn->Type = VIPS_INTERPRETATION_sRGB;
    size_t size = 0;
    void *out = NULL;
    if (drawn && vips_thumbnail_image(drawn, &thumb, width, "height", height, "crop",
                                      crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, NULL) == 0 &&
        thumb->Bands == 4 && thumb->BandFmt == VIPS_FORMAT_UCHAR)
        out = vips_image_write_to_memory(thumb, &size);
    if (out) {
        *out_width = thumb->Xsize;
        *out_height = thumb->Ysize;
    } else {
        const char *why = vips_error_buffer();
        snprintf(error, capacity, "%.*s", (int)strcspn(why, "\n"), *why ? why : "the page could not be fitted");
        vips_error_clear();
    }
    if (thumb) g_object_unref(thumb);
    if (drawn) g_object_unref(drawn);
    g_free(pixels);
    return out;
}

unsigned char *folio_pdf_draw(int fd, int page, int width, int height, int crop, int splash, int *out_width,
                              int *out_height, char *error, size_t error_capacity) {
    if (width < 1 || height < 1) { snprintf(error, error_capacity, "an empty box"); return NULL; }
    kept *k = folio_pdf_take(fd, error, error_capacity);
    if (!k) return NULL;
    PopplerPage *p = folio_pdf_kept_page(k, page, error, error_capacity);
    unsigned char *pixels = NULL;
    if (p) {
        // As libvips' thumbnail does: the shrink from the page's size in whole points, the
        // page drawn at its inverse (each side rounded to the nearest pixel).
        double pw = 0, ph = 0, hs, vs;
        poppler_page_get_size(p, &pw, &ph);
        shrink_for(whole(pw), whole(ph), width, height, crop, &hs, &vs);
        double scale = 1.0 / (hs < vs ? hs : vs);
        int w = whole(pw * scale), h = whole(ph * scale);
        // Fitted, a page is at most the box; cropped, at most a pixel or so past it.
        if (w < 1 || h < 1 || w > 2 * width + 2 || h > 2 * height + 2)
            snprintf(error, error_capacity, "its page would be drawn at %d×%d pixels", w, h);
        else if ((pixels = render(p, fd, page, scale, w, h, splash, error, error_capacity)))
            pixels = fit(pixels, w, h, width, height, crop, out_width, out_height, error, error_capacity);
        g_object_unref(p);
    }
    folio_pdf_give_back(k);
    return pixels;
}
