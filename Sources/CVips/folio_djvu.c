// A DjVu document read by DjVuLibre's decoding API (see folio_djvu.h). DjVuLibre decodes on
// threads of its own and says what it has done in messages; every call here waits for the
// job it started by reading those messages, and answers each request for a file's bytes
// itself: the document's own file (stream 0) from Folio's descriptor, any other (an
// indirect document's pages, an included file) refused.
#include "folio_djvu.h"
#include <glib.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libdjvu/ddjvuapi.h>
#include <libdjvu/miniexp.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static ddjvu_context_t *context;
// The document kept between calls, and what its file was when it was read.
static ddjvu_document_t *kept;
static struct stat kept_stat;
// DjVuLibre's first error message since the last call began, and whether a file other than
// the document's own was asked for.
static char last_error[256];
static int asked_elsewhere;
static char asked_name[128];

// Reads every message waiting (waiting for one first when `wait`): records errors, refuses
// every stream but the document's own.
static void pump(int wait) {
    if (wait) ddjvu_message_wait(context);
    const ddjvu_message_t *message;
    while ((message = ddjvu_message_peek(context))) {
        if (message->m_any.tag == DDJVU_ERROR && !last_error[0] && message->m_error.message)
            snprintf(last_error, sizeof last_error, "%s", message->m_error.message);
        if (message->m_any.tag == DDJVU_NEWSTREAM && message->m_newstream.streamid != 0 && message->m_any.document) {
            if (!asked_elsewhere) snprintf(asked_name, sizeof asked_name, "%s", message->m_newstream.name ? message->m_newstream.name : "");
            asked_elsewhere = 1;
            ddjvu_stream_close(message->m_any.document, message->m_newstream.streamid, 1);
        }
        ddjvu_message_pop(context);
    }
}

static void fail(char *error, size_t capacity, const char *fallback) {
    const char *why = last_error[0] ? last_error : fallback;
    // DjVuLibre's messages may carry a "** " prefix or a second line: one clause is kept.
    while (*why == '*' || *why == ' ') why++;
    snprintf(error, capacity, "%.*s", (int)strcspn(why, "\n\t"), *why ? why : fallback);
}

// What is said of a document that asked for a file beside it (named in `asked_name`).
static void refuse_elsewhere(char *error, size_t capacity) {
    int printable = asked_name[0] != 0;
    for (const char *c = asked_name; *c; c++) if ((unsigned char)*c < 0x20 || *c == 0x7f) printable = 0;
    if (printable)
        snprintf(error, capacity, "it includes %s, a file beside it, and Folio reads nothing outside the file", asked_name);
    else
        snprintf(error, capacity, "it includes a file beside it, and Folio reads nothing outside the file");
}

static int same_file(const struct stat *a, const struct stat *b) {
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec &&
           a->st_ctim.tv_sec == b->st_ctim.tv_sec && a->st_ctim.tv_nsec == b->st_ctim.tv_nsec;
}

void folio_djvu_forget(void) {
    pthread_mutex_lock(&lock);
    if (kept) ddjvu_document_release(kept);
    kept = NULL;
    pthread_mutex_unlock(&lock);
}

// The document behind `fd`, the kept one when it is the same file. Called with the lock held.
static ddjvu_document_t *take(int fd, char *error, size_t capacity) {
    last_error[0] = 0;
    asked_elsewhere = 0;
    asked_name[0] = 0;
    struct stat now;
    if (fstat(fd, &now) != 0 || !S_ISREG(now.st_mode)) { snprintf(error, capacity, "not a regular file"); return NULL; }
    if (kept && same_file(&now, &kept_stat)) return kept;
    if (kept) ddjvu_document_release(kept);
    kept = NULL;
    if (now.st_size > FOLIO_DJVU_MAX_BYTES) {
        snprintf(error, capacity, "a DjVu file of %lld MB, more than the %d MB Folio reads", (long long)(now.st_size >> 20),
                 FOLIO_DJVU_MAX_BYTES >> 20);
        return NULL;
    }
    char head[8];
    if (pread(fd, head, sizeof head, 0) != (ssize_t)sizeof head || memcmp(head, "AT&TFORM", 8) != 0) {
        snprintf(error, capacity, "not a DjVu file");
        return NULL;
    }
    if (!context && !(context = ddjvu_context_create("folio"))) { snprintf(error, capacity, "DjVuLibre could not start"); return NULL; }
    ddjvu_document_t *document = ddjvu_document_create(context, NULL, 0);
    if (!document) { snprintf(error, capacity, "DjVuLibre could not start"); return NULL; }
    // The whole file as stream 0, read from the descriptor Folio opened.
    char *buffer = g_try_malloc(1 << 20);
    if (!buffer) { ddjvu_document_release(document); snprintf(error, capacity, "out of memory"); return NULL; }
    off_t offset = 0;
    ssize_t got;
    while (offset < now.st_size && (got = pread(fd, buffer, 1 << 20, offset)) > 0) {
        ddjvu_stream_write(document, 0, buffer, (unsigned long)got);
        offset += got;
    }
    g_free(buffer);
    ddjvu_stream_close(document, 0, 0);
    while (!ddjvu_job_done(ddjvu_document_job(document))) pump(1);
    pump(0);
    if (asked_elsewhere) {
        refuse_elsewhere(error, capacity);
        ddjvu_document_release(document);
        return NULL;
    }
    if (ddjvu_job_error(ddjvu_document_job(document))) {
        // The error's message comes from DjVuLibre's thread and may follow the job's end by
        // a moment: waited for (at most 0.1 s, on this failing path only) so it is named.
        for (int i = 0; i < 50 && !last_error[0]; i++) {
            usleep(2000);
            pump(0);
        }
        fail(error, capacity, "damaged data");
        ddjvu_document_release(document);
        return NULL;
    }
    ddjvu_document_type_t type = ddjvu_document_get_type(document);
    if (type == DDJVU_DOCTYPE_INDIRECT || type == DDJVU_DOCTYPE_OLD_INDEXED) {
        snprintf(error, capacity, "an indirect DjVu document, whose pages are files beside it; Folio reads bundled ones");
        ddjvu_document_release(document);
        return NULL;
    }
    kept = document;
    kept_stat = now;
    return kept;
}

// A miniexp read with `read` until DjVuLibre has it (miniexp_dummy means "not yet").
#define WAITING_FOR(expression) ({ miniexp_t found_; while ((found_ = (expression)) == miniexp_dummy) pump(1); found_; })

static int page_info(ddjvu_document_t *document, int page, ddjvu_pageinfo_t *info, char *error, size_t capacity) {
    if (page < 0 || page >= ddjvu_document_get_pagenum(document)) { snprintf(error, capacity, "pages out of range"); return 1; }
    ddjvu_status_t status;
    while ((status = ddjvu_document_get_pageinfo(document, page, info)) < DDJVU_JOB_OK) pump(1);
    if (status >= DDJVU_JOB_FAILED || info->width < 1 || info->height < 1) { fail(error, capacity, "its page cannot be read"); return 1; }
    if (info->dpi < 1) info->dpi = 300;
    return 0;
}

// Points (1/72 in) for `pixels` at `dpi`, rounded.
static int points(int pixels, int dpi) {
    double value = rint((double)pixels * 72.0 / dpi);
    return value < 1 ? 1 : value > INT_MAX ? INT_MAX : (int)value;
}

// A metadata value of the document's annotations, copied into `out` (empty when none).
static void metadata(ddjvu_document_t *document, const char *key, char *out, size_t capacity) {
    out[0] = 0;
    miniexp_t annotations = WAITING_FOR(ddjvu_document_get_anno(document, 1));
    if (annotations == miniexp_nil || annotations == miniexp_symbol("failed")) return;
    const char *value = ddjvu_anno_get_metadata(annotations, miniexp_symbol(key));
    if (value) snprintf(out, capacity, "%s", value);
    ddjvu_miniexp_release(document, annotations);
}

int folio_djvu_document_read(int fd, folio_vips_document *out, char *error, size_t error_capacity) {
    pthread_mutex_lock(&lock);
    int result = 1;
    ddjvu_document_t *document = take(fd, error, error_capacity);
    ddjvu_pageinfo_t info;
    if (document) {
        out->pages = ddjvu_document_get_pagenum(document);
        out->width = out->height = 0;
        if (out->pages > 0 && page_info(document, 0, &info, error, error_capacity) == 0) {
            out->width = points(info.width, info.dpi);
            out->height = points(info.height, info.dpi);
        }
        metadata(document, "title", out->title, sizeof out->title);
        metadata(document, "author", out->author, sizeof out->author);
        result = 0;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

int folio_djvu_page_size(int fd, int page, int *width, int *height, char *error, size_t error_capacity) {
    pthread_mutex_lock(&lock);
    int result = 1;
    ddjvu_document_t *document = take(fd, error, error_capacity);
    ddjvu_pageinfo_t info;
    if (document && page_info(document, page, &info, error, error_capacity) == 0) {
        *width = points(info.width, info.dpi);
        *height = points(info.height, info.dpi);
        result = 0;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

static int whole(double length) {
    if (!(length >= 1)) return 1;
    return length >= INT_MAX ? INT_MAX : (int)rint(length);
}

unsigned char *folio_djvu_draw(int fd, int page, int width, int height, int crop, int *out_width, int *out_height,
                               char *error, size_t error_capacity) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384) { snprintf(error, error_capacity, "a box of no size"); return NULL; }
    pthread_mutex_lock(&lock);
    unsigned char *pixels = NULL;
    ddjvu_document_t *document = take(fd, error, error_capacity);
    ddjvu_page_t *p = NULL;
    if (document && page >= 0 && page < ddjvu_document_get_pagenum(document))
        p = ddjvu_page_create_by_pageno(document, page);
    else if (document)
        snprintf(error, error_capacity, "pages out of range");
    if (p) {
        while (!ddjvu_job_done(ddjvu_page_job(p))) pump(1);
        pump(0);
        int pw = ddjvu_page_get_width(p), ph = ddjvu_page_get_height(p);
        if (asked_elsewhere) {
            refuse_elsewhere(error, error_capacity);
        } else if (ddjvu_job_error(ddjvu_page_job(p)) || pw < 1 || ph < 1) {
            fail(error, error_capacity, "its page cannot be read");
        } else {
            double hs = (double)width / pw, vs = (double)height / ph, scale = crop ? fmax(hs, vs) : fmin(hs, vs);
            ddjvu_rect_t whole_page = {0, 0, (unsigned)whole(pw * scale), (unsigned)whole(ph * scale)};
            int w = crop ? (int)fmin(width, whole_page.w) : (int)whole_page.w;
            int h = crop ? (int)fmin(height, whole_page.h) : (int)whole_page.h;
            ddjvu_rect_t shown = {((int)whole_page.w - w) / 2, ((int)whole_page.h - h) / 2, (unsigned)w, (unsigned)h};
            // R, G, B in the bytes' order on a little-endian machine, alpha set by the xor.
            unsigned int masks[4] = {0x000000ff, 0x0000ff00, 0x00ff0000, 0xff000000};
            ddjvu_format_t *format = ddjvu_format_create(DDJVU_FORMAT_RGBMASK32, 4, masks);
            if (w > width + 1 || h > height + 1 || !format) {
                snprintf(error, error_capacity, "its page would be drawn at %d×%d pixels", w, h);
            } else if (!(pixels = g_try_malloc((size_t)w * h * 4))) {
                snprintf(error, error_capacity, "out of memory");
            } else {
                ddjvu_format_set_row_order(format, 1);
                ddjvu_format_set_y_direction(format, 1);
                if (!ddjvu_page_render(p, DDJVU_RENDER_COLOR, &whole_page, &shown, format, (unsigned long)w * 4, (char *)pixels))
                    memset(pixels, 0xff, (size_t)w * h * 4);  // a page with nothing to draw is blank paper
                *out_width = w;
                *out_height = h;
            }
            if (format) ddjvu_format_release(format);
        }
        ddjvu_page_release(p);
    }
    pthread_mutex_unlock(&lock);
    return pixels;
}

// The page (from 0) a link or bookmark names: "#12" (the 12th page), "#+1"/"#-1" (from
// `from`), or "#id" (a page's file id, name or title); -1 for none in the document.
static int page_named(ddjvu_document_t *document, const char *url, int from) {
    if (!url || url[0] != '#') return -1;
    const char *name = url + 1;
    int count = ddjvu_document_get_pagenum(document);
    char *end;
    if (*name == '+' || *name == '-') {
        long step = strtol(name, &end, 10);
        if (*end || end == name + 1 || from < 0) return -1;
        long page = from + step;
        return page >= 0 && page < count ? (int)page : -1;
    }
    long number = strtol(name, &end, 10);
    if (*name >= '0' && *name <= '9' && !*end) return number >= 1 && number <= count ? (int)number - 1 : -1;
    int files = ddjvu_document_get_filenum(document);
    for (int i = 0; i < files; i++) {
        ddjvu_fileinfo_t info;
        if (ddjvu_document_get_fileinfo(document, i, &info) != DDJVU_JOB_OK || info.type != 'P') continue;
        if ((info.id && !strcmp(info.id, name)) || (info.name && !strcmp(info.name, name)) || (info.title && !strcmp(info.title, name)))
            return info.pageno >= 0 && info.pageno < count ? info.pageno : -1;
    }
    return -1;
}

typedef struct {
    ddjvu_document_t *document;
    folio_outline_entry *entries;
    int count, max_entries, max_depth, visited;
} outline_walk;

// Bookmarks are ("title" "url" child…); entries without a page are left out, their children kept.
static void walk_bookmarks(outline_walk *walk, miniexp_t list, int level) {
    for (; miniexp_consp(list) && walk->count < walk->max_entries && walk->visited < 4 * walk->max_entries; list = miniexp_cdr(list)) {
        walk->visited++;
        miniexp_t entry = miniexp_car(list);
        if (!miniexp_consp(entry) || !miniexp_stringp(miniexp_car(entry))) continue;
        const char *title = miniexp_to_str(miniexp_car(entry));
        miniexp_t url = miniexp_cadr(entry);
        int page = miniexp_stringp(url) ? page_named(walk->document, miniexp_to_str(url), -1) : -1;
        if (page >= 0) {
            folio_outline_entry *e = &walk->entries[walk->count++];
            e->title = g_strndup(title, FOLIO_OUTLINE_TITLE_BYTES - 1);
            e->level = level;
            e->page = page;
            e->top = -1;
        }
        if (level + 1 < walk->max_depth) walk_bookmarks(walk, miniexp_cddr(entry), level + 1);
    }
}

int folio_djvu_outline(int fd, int max_entries, int max_depth, folio_outline_entry **entries, char *error,
                       size_t error_capacity) {
    *entries = NULL;
    if (max_entries < 1 || max_depth < 1) return 0;
    pthread_mutex_lock(&lock);
    int count = -1;
    ddjvu_document_t *document = take(fd, error, error_capacity);
    if (document) {
        miniexp_t outline = WAITING_FOR(ddjvu_document_get_outline(document));
        outline_walk walk = {document, g_try_new0(folio_outline_entry, max_entries), 0, max_entries, max_depth, 0};
        if (!walk.entries) {
            snprintf(error, error_capacity, "out of memory");
        } else {
            if (miniexp_consp(outline) && miniexp_car(outline) == miniexp_symbol("bookmarks"))
                walk_bookmarks(&walk, miniexp_cdr(outline), 0);
            count = walk.count;
            if (count == 0) g_free(walk.entries); else *entries = walk.entries;
        }
        if (outline != miniexp_nil) ddjvu_miniexp_release(document, outline);
    }
    pthread_mutex_unlock(&lock);
    return count;
}

int folio_djvu_page_labels(int fd, int max_pages, char *labels, char *error, size_t error_capacity) {
    pthread_mutex_lock(&lock);
    int written = -1;
    ddjvu_document_t *document = take(fd, error, error_capacity);
    if (document) {
        int pages = ddjvu_document_get_pagenum(document), files = ddjvu_document_get_filenum(document);
        written = pages < max_pages ? pages : max_pages;
        if (written < 0) written = 0;
        memset(labels, 0, (size_t)written * FOLIO_PAGE_LABEL_BYTES);
        for (int i = 0; i < files; i++) {
            ddjvu_fileinfo_t info;
            if (ddjvu_document_get_fileinfo(document, i, &info) != DDJVU_JOB_OK || info.type != 'P') continue;
            if (info.pageno < 0 || info.pageno >= written || !info.title) continue;
            if ((info.id && !strcmp(info.title, info.id)) || (info.name && !strcmp(info.title, info.name))) continue;
            // Cut on a character's boundary (UTF-8 continuation bytes are 10xxxxxx).
            size_t length = strlen(info.title);
            if (length > FOLIO_PAGE_LABEL_BYTES - 1) {
                length = FOLIO_PAGE_LABEL_BYTES - 1;
                while (length > 0 && ((unsigned char)info.title[length] & 0xC0) == 0x80) length--;
            }
            memcpy(labels + (size_t)info.pageno * FOLIO_PAGE_LABEL_BYTES, info.title, length);
        }
    }
    pthread_mutex_unlock(&lock);
    return written;
}

// The bounding box of a map area's shape, (rect|oval|text x y w h) or (poly|line x y x y …),
// in the page's pixels from its bottom left. 0 when the shape is none of these.
static int area_box(miniexp_t area, double *x0, double *y0, double *x1, double *y1) {
    if (!miniexp_consp(area) || !miniexp_symbolp(miniexp_car(area))) return 0;
    const char *shape = miniexp_to_name(miniexp_car(area));
    int numbers[64], n = 0;
    for (miniexp_t rest = miniexp_cdr(area); miniexp_consp(rest) && n < 64; rest = miniexp_cdr(rest)) {
        if (!miniexp_numberp(miniexp_car(rest))) return 0;
        numbers[n++] = miniexp_to_int(miniexp_car(rest));
    }
    if (!strcmp(shape, "rect") || !strcmp(shape, "oval") || !strcmp(shape, "text")) {
        if (n < 4 || numbers[2] <= 0 || numbers[3] <= 0) return 0;
        *x0 = numbers[0]; *y0 = numbers[1];
        *x1 = (double)numbers[0] + numbers[2]; *y1 = (double)numbers[1] + numbers[3];
        return 1;
    }
    if ((!strcmp(shape, "poly") || !strcmp(shape, "line")) && n >= 4) {
        *x0 = *x1 = numbers[0]; *y0 = *y1 = numbers[1];
        for (int i = 2; i + 1 < n; i += 2) {
            *x0 = fmin(*x0, numbers[i]); *x1 = fmax(*x1, numbers[i]);
            *y0 = fmin(*y0, numbers[i + 1]); *y1 = fmax(*y1, numbers[i + 1]);
        }
        return *x1 > *x0 && *y1 > *y0;
    }
    return 0;
}

// Clamps a box in the page's pixels (from its bottom left) into fractions from its top left.
static void to_fractions(double x0, double y0, double x1, double y1, int pw, int ph, double *x, double *y, double *w, double *h) {
    x0 = fmax(0, fmin(pw, x0)); x1 = fmax(0, fmin(pw, x1));
    y0 = fmax(0, fmin(ph, y0)); y1 = fmax(0, fmin(ph, y1));
    *x = x0 / pw; *w = (x1 - x0) / pw;
    *y = (ph - y1) / ph; *h = (y1 - y0) / ph;
}

// True for an address with a scheme ("http:", "mailto:"): letters, digits, + - . before ':'.
static int has_scheme(const char *url) {
    if (!((url[0] | 0x20) >= 'a' && (url[0] | 0x20) <= 'z')) return 0;
    for (const char *c = url; *c; c++) {
        if (*c == ':') return 1;
        if (!(((*c | 0x20) >= 'a' && (*c | 0x20) <= 'z') || (*c >= '0' && *c <= '9') || *c == '+' || *c == '-' || *c == '.')) return 0;
    }
    return 0;
}

int folio_djvu_links(int fd, int page, int max_links, folio_page_link **links, double *page_aspect, char *error,
                     size_t error_capacity) {
    *links = NULL;
    pthread_mutex_lock(&lock);
    int count = -1;
    ddjvu_document_t *document = take(fd, error, error_capacity);
    ddjvu_pageinfo_t info;
    if (document && page_info(document, page, &info, error, error_capacity) == 0) {
        *page_aspect = (double)info.width / info.height;
        count = 0;
        miniexp_t annotations = WAITING_FOR(ddjvu_document_get_pageanno(document, page));
        miniexp_t *areas = miniexp_consp(annotations) ? ddjvu_anno_get_hyperlinks(annotations) : NULL;
        int total = 0;
        while (areas && areas[total]) total++;
        folio_page_link *found = total > 0 && max_links > 0 ? g_try_new0(folio_page_link, total < max_links ? total : max_links) : NULL;
        for (int i = 0; found && i < total && count < max_links; i++) {
            // (maparea url comment area …), url a string or (url "href" "target").
            miniexp_t url = miniexp_cadr(areas[i]);
            if (miniexp_consp(url)) url = miniexp_cadr(url);
            if (!miniexp_stringp(url)) continue;
            const char *address = miniexp_to_str(url);
            double x0, y0, x1, y1;
            if (!area_box(miniexp_nth(3, areas[i]), &x0, &y0, &x1, &y1)) continue;
            folio_page_link link = {0};
            link.top = -1;
            link.page = -1;
            if (address[0] == '#') {
                if ((link.page = page_named(document, address, page)) < 0) continue;
            } else if (has_scheme(address)) {
                size_t length = strlen(address);
                if (length >= FOLIO_LINK_URI_BYTES) link.unkept_bytes = length;
                else link.uri = g_strdup(address);
            } else {
                continue;  // another file beside this one
            }
            to_fractions(x0, y0, x1, y1, info.width, info.height, &link.x, &link.y, &link.width, &link.height);
            if (link.width <= 0 || link.height <= 0) { g_free(link.uri); continue; }
            found[count++] = link;
        }
        free(areas);
        if (count == 0) g_free(found); else *links = found;
        if (annotations != miniexp_nil) ddjvu_miniexp_release(document, annotations);
    }
    pthread_mutex_unlock(&lock);
    return count;
}

typedef struct {
    folio_djvu_word *words;
    int count, max_words, width, height;
} text_walk;

// A text zone is (kind x0 y0 x1 y1 child…); a zone whose child is a string is a word (or a
// line or more, where the layer is coarser).
static void walk_text(text_walk *walk, miniexp_t zone, int depth) {
    if (depth > 16 || !miniexp_consp(zone) || walk->count >= walk->max_words) return;
    miniexp_t rest = miniexp_cdr(zone);
    int box[4];
    for (int i = 0; i < 4; i++, rest = miniexp_cdr(rest)) {
        if (!miniexp_numberp(miniexp_car(rest))) return;
        box[i] = miniexp_to_int(miniexp_car(rest));
    }
    for (; miniexp_consp(rest) && walk->count < walk->max_words; rest = miniexp_cdr(rest)) {
        miniexp_t child = miniexp_car(rest);
        if (miniexp_stringp(child)) {
            const char *text = miniexp_to_str(child);
            if (!*text || box[2] <= box[0] || box[3] <= box[1]) continue;
            folio_djvu_word *word = &walk->words[walk->count++];
            word->text = g_strndup(text, 256);
            to_fractions(box[0], box[1], box[2], box[3], walk->width, walk->height, &word->x, &word->y, &word->width, &word->height);
        } else {
            walk_text(walk, child, depth + 1);
        }
    }
}

void folio_djvu_words_free(folio_djvu_word *words, int count) {
    if (!words) return;
    for (int i = 0; i < count; i++) g_free(words[i].text);
    g_free(words);
}

int folio_djvu_words(int fd, int page, int max_words, folio_djvu_word **words, double *page_aspect, char *error,
                     size_t error_capacity) {
    *words = NULL;
    if (max_words < 1) return 0;
    pthread_mutex_lock(&lock);
    int count = -1;
    ddjvu_document_t *document = take(fd, error, error_capacity);
    ddjvu_pageinfo_t info;
    if (document && page_info(document, page, &info, error, error_capacity) == 0) {
        *page_aspect = (double)info.width / info.height;
        miniexp_t text = WAITING_FOR(ddjvu_document_get_pagetext(document, page, "word"));
        text_walk walk = {g_try_new0(folio_djvu_word, max_words), 0, max_words, info.width, info.height};
        if (!walk.words) {
            snprintf(error, error_capacity, "out of memory");
        } else {
            walk_text(&walk, text, 0);
            count = walk.count;
            if (count == 0) g_free(walk.words); else *words = walk.words;
        }
        if (text != miniexp_nil) ddjvu_miniexp_release(document, text);
    }
    pthread_mutex_unlock(&lock);
    return count;
}
