#define _GNU_SOURCE
// A PDF page's links and a document's text, read through poppler from the document kept
// between calls (folio_pdf.c), bounded for a hostile document: a page may carry thousands of
// links, addresses megabytes long, or a text layer of 50 MB.
#include "folio_pdf.h"
#include "folio_pdf_kept.h"
#include <glib.h>
#include <poppler.h>
#include <stdio.h>
#include <string.h>

static double clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

// A box poppler gives in points from the page's bottom-left corner, as fractions of a
// `w`×`h` page from its top-left corner (clamped to the page); 0 when it has no area.
static int fractions(double x1, double y1, double x2, double y2, double w, double h, double out[4]) {
    if (!(w > 0) || !(h > 0)) return 0;
    double left = clamp01((x1 < x2 ? x1 : x2) / w), right = clamp01((x1 < x2 ? x2 : x1) / w);
    double top = clamp01(1 - (y1 < y2 ? y2 : y1) / h), bottom = clamp01(1 - (y1 < y2 ? y1 : y2) / h);
    if (!(right > left) || !(bottom > top)) return 0;
    out[0] = left;
    out[1] = top;
    out[2] = right - left;
    out[3] = bottom - top;
    return 1;
}

void folio_pdf_links_free(folio_page_link *links, int count) {
    if (!links) return;
    for (int i = 0; i < count; i++) g_free(links[i].uri);
    g_free(links);
}

int folio_pdf_links(int fd, int page, int max_links, folio_page_link **links, double *page_aspect, char *error,
                    size_t error_capacity) {
    *links = NULL;
    *page_aspect = 0;
    if (max_links < 1) { snprintf(error, error_capacity, "bad bounds"); return -1; }
    folio_pdf_kept *k = folio_pdf_take(fd, error, error_capacity);
    if (!k) return -1;
    PopplerDocument *document = folio_pdf_kept_document(k);
    int pages = poppler_document_get_n_pages(document);
    PopplerPage *p = folio_pdf_kept_page(k, page, error, error_capacity);
    if (!p) {
        folio_pdf_give_back(k);
        return -1;
    }
    double w = 0, h = 0;
    poppler_page_get_size(p, &w, &h);
    if (w > 0 && h > 0) *page_aspect = w / h;
    GList *mapping = poppler_page_get_link_mapping(p);
    folio_page_link *out = g_try_new0(folio_page_link, max_links);
    int count = 0;
    for (GList *item = mapping; out && item && count < max_links; item = item->next) {
        PopplerLinkMapping *m = item->data;
        double box[4];
        if (!m || !m->action || !fractions(m->area.x1, m->area.y1, m->area.x2, m->area.y2, w, h, box)) continue;
        folio_page_link link = {box[0], box[1], box[2], box[3], -1, NULL, -1, 0};
        if (m->action->type == POPPLER_ACTION_URI) {
            const char *uri = m->action->uri.uri;
            if (!uri || !*uri) continue;
            size_t length = strnlen(uri, FOLIO_LINK_URI_BYTES + 1);
            // Too long to show or trust: named by its length, never copied nor cut short.
            if (length > FOLIO_LINK_URI_BYTES) link.unkept_bytes = strlen(uri);
            else link.uri = g_strndup(uri, length);
        } else {
            link.page = folio_pdf_page_of_action(document, m->action, &link.top);
            if (link.page < 0 || link.page >= pages) continue;
        }
        out[count++] = link;
    }
    poppler_page_free_link_mapping(mapping);
    g_object_unref(p);
    folio_pdf_give_back(k);
    if (!out) { snprintf(error, error_capacity, "out of memory"); return -1; }
    if (count == 0) { g_free(out); return 0; }
    *links = out;
    return count;
}

void folio_pdf_hits_free(folio_text_hit *hits) { g_free(hits); }

int folio_pdf_find(int fd, const char *text, int first, int count, int max_hits, double max_seconds, folio_text_hit **hits,
                   int *searched, int *has_text, char *error, size_t error_capacity) {
    *hits = NULL;
    *searched = 0;
    *has_text = 0;
    if (!text || !*text || first < 0 || count < 1 || max_hits < 1) { snprintf(error, error_capacity, "bad bounds"); return -1; }
    folio_pdf_kept *k = folio_pdf_take(fd, error, error_capacity);
    if (!k) return -1;
    PopplerDocument *document = folio_pdf_kept_document(k);
    int pages = poppler_document_get_n_pages(document);
    folio_text_hit *out = g_try_new0(folio_text_hit, max_hits);
    int found = 0;
    double deadline = folio_pdf_seconds_now() + max_seconds;
    for (int page = first; out && page < pages && page - first < count && found < max_hits; page++) {
        if (page > first && folio_pdf_seconds_now() > deadline) break;
        PopplerPage *p = poppler_document_get_page(document, page);
        (*searched)++;
        if (!p) continue;
        double w = 0, h = 0;
        poppler_page_get_size(p, &w, &h);
        GList *rects = poppler_page_find_text_with_options(p, text, POPPLER_FIND_DEFAULT);
        int before = found;
        for (GList *item = rects; item && found < max_hits; item = item->next) {
            PopplerRectangle *r = item->data;
            double box[4];
            if (!r || !fractions(r->x1, r->y1, r->x2, r->y2, w, h, box)) continue;
            out[found++] = (folio_text_hit){page, box[0], box[1], box[2], box[3], w / h};
        }
        g_list_free_full(rects, (GDestroyNotify)poppler_rectangle_free);
        if (found > before) {
            *has_text = 1;
        } else if (!*has_text) {
            char *all = poppler_page_get_text(p);
            if (all) {
                for (const char *c = all; *c; c++) {
                    if (!g_ascii_isspace(*c)) { *has_text = 1; break; }
                }
                g_free(all);
            }
        }
        g_object_unref(p);
    }
    folio_pdf_give_back(k);
    if (!out) { snprintf(error, error_capacity, "out of memory"); return -1; }
    if (found == 0) { g_free(out); return 0; }
    *hits = out;
    return found;
}
