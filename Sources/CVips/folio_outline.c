#define _GNU_SOURCE
// A PDF's outline (its bookmarks: /Outlines, /First, /Next, /Dest) read through poppler's
// index iterators, bounded for a hostile document: an outline may be 100,000 entries long,
// nest without end, loop back on itself, or name pages that do not exist.
#include "folio_pdf.h"
#include "folio_pdf_kept.h"
#include <glib.h>
#include <math.h>
#include <poppler.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

double folio_pdf_seconds_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int folio_pdf_page_of_action(PopplerDocument *document, PopplerAction *action, double *top) {
    *top = -1;
    if (!action || action->type != POPPLER_ACTION_GOTO_DEST || !action->goto_dest.dest) return -1;
    PopplerDest *dest = action->goto_dest.dest, *found = NULL;
    if (dest->type == POPPLER_DEST_NAMED) {
        if (!dest->named_dest) return -1;
        found = poppler_document_find_dest(document, dest->named_dest);
        if (!found) return -1;
        dest = found;
    }
    int number = dest->page_num;
    // Where on the page it goes, for the kinds of destination that name a top (in PDF
    // space, from the page's bottom): as a fraction of the page's height from its top.
    int names_top = dest->change_top && (dest->type == POPPLER_DEST_XYZ || dest->type == POPPLER_DEST_FITH ||
                                         dest->type == POPPLER_DEST_FITBH || dest->type == POPPLER_DEST_FITR);
    if (names_top && isfinite(dest->top) && number >= 1 && number <= poppler_document_get_n_pages(document)) {
        PopplerPage *page = poppler_document_get_page(document, number - 1);
        double width = 0, height = 0;
        if (page) {
            poppler_page_get_size(page, &width, &height);
            g_object_unref(page);
        }
        if (height > 0 && isfinite(height)) {
            double fraction = (height - dest->top) / height;
            *top = fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
        }
    }
    if (found) poppler_dest_free(found);
    return number - 1;
}

// A copy of `title` cut to at most FOLIO_OUTLINE_TITLE_BYTES - 1 bytes on a character's
// boundary (Swift makes it one bounded line).
static char *bounded_title(const char *title) {
    if (!title) return g_strdup("");
    size_t length = strnlen(title, FOLIO_OUTLINE_TITLE_BYTES);
    if (length >= FOLIO_OUTLINE_TITLE_BYTES) {
        length = FOLIO_OUTLINE_TITLE_BYTES - 1;
        while (length > 0 && ((unsigned char)title[length] & 0xC0) == 0x80) length--;
    }
    return g_strndup(title, length);
}

void folio_pdf_outline_free(folio_outline_entry *entries, int count) {
    if (!entries) return;
    for (int i = 0; i < count; i++) g_free(entries[i].title);
    g_free(entries);
}

int folio_pdf_outline(int fd, int max_entries, int max_depth, double max_seconds, folio_outline_entry **entries,
                      char *error, size_t error_capacity) {
    *entries = NULL;
    if (max_entries < 1 || max_depth < 1 || max_depth > 64) { snprintf(error, error_capacity, "bad bounds"); return -1; }
    folio_pdf_kept *k = folio_pdf_take(fd, error, error_capacity);
    if (!k) return -1;
    PopplerDocument *document = folio_pdf_kept_document(k);
    int pages = poppler_document_get_n_pages(document);
    folio_outline_entry *out = g_try_new0(folio_outline_entry, max_entries);
    PopplerIndexIter *stack[64];
    int depth = 0, count = 0;
    long visited = 0, max_visits = 4L * max_entries;
    double deadline = folio_pdf_seconds_now() + max_seconds;
    if (out && (stack[0] = poppler_index_iter_new(document))) depth = 1;
    // Depth first: an item, then its children (while under `max_depth`), then its next
    // sibling, going back up as each level ends.
    while (depth > 0 && count < max_entries && visited < max_visits && folio_pdf_seconds_now() < deadline) {
        PopplerIndexIter *here = stack[depth - 1];
        visited++;
        PopplerAction *action = poppler_index_iter_get_action(here);
        double top = -1;
        int page = folio_pdf_page_of_action(document, action, &top);
        if (page >= 0 && page < pages) {
            char *title = bounded_title(action->any.title);
            if (!title) { poppler_action_free(action); break; }
            out[count++] = (folio_outline_entry){title, depth - 1, page, top};
        }
        if (action) poppler_action_free(action);
        PopplerIndexIter *child = depth < max_depth ? poppler_index_iter_get_child(here) : NULL;
        if (child) {
            stack[depth++] = child;
            continue;
        }
        while (depth > 0 && !poppler_index_iter_next(stack[depth - 1])) poppler_index_iter_free(stack[--depth]);
    }
    while (depth > 0) poppler_index_iter_free(stack[--depth]);
    folio_pdf_give_back(k);
    if (!out) { snprintf(error, error_capacity, "out of memory"); return -1; }
    if (count == 0) { g_free(out); return 0; }
    *entries = out;
    return count;
}

int folio_pdf_page_labels(int fd, int max_pages, double max_seconds, char *labels, char *error, size_t error_capacity) {
    if (max_pages < 1 || !labels) { snprintf(error, error_capacity, "bad bounds"); return -1; }
    folio_pdf_kept *k = folio_pdf_take(fd, error, error_capacity);
    if (!k) return -1;
    PopplerDocument *document = folio_pdf_kept_document(k);
    int pages = poppler_document_get_n_pages(document);
    int count = pages < max_pages ? pages : max_pages;
    double deadline = folio_pdf_seconds_now() + max_seconds;
    int read = 0;
    for (; read < count && folio_pdf_seconds_now() < deadline; read++) {
        PopplerPage *page = poppler_document_get_page(document, read);
        char *label = page ? poppler_page_get_label(page) : NULL;
        char *out = labels + (size_t)read * FOLIO_PAGE_LABEL_BYTES;
        out[0] = 0;
        if (label) {
            // Cut on a character's boundary: Swift makes it one bounded line.
            size_t length = strnlen(label, FOLIO_PAGE_LABEL_BYTES);
            if (length >= FOLIO_PAGE_LABEL_BYTES) {
                length = FOLIO_PAGE_LABEL_BYTES - 1;
                while (length > 0 && ((unsigned char)label[length] & 0xC0) == 0x80) length--;
            }
            memcpy(out, label, length);
            out[length] = 0;
            g_free(label);
        }
        if (page) g_object_unref(page);
    }
    folio_pdf_give_back(k);
    return read;
}
