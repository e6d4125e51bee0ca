#define _GNU_SOURCE
// The decoder worker's process and the names it shares with file managers: its confinement
// (killed with its parent, heap capped, no core files), the shared memory its pixels go
// through, the buffers pixels are received into, and a thumbnail's name as GLib spells it.
#include <malloc.h>
#include "folio_worker.h"
#include <glib.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

int folio_worker_confine(unsigned long data_bytes, unsigned long page_tree_bytes) {
    // Killed with its parent, even mid-page; its heap (and poppler's) capped.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return 1;
    if (getppid() == 1) return 1;  // the parent is already gone
    struct rlimit limit = {data_bytes, data_bytes + page_tree_bytes};
    if (setrlimit(RLIMIT_DATA, &limit) != 0) return 1;
    struct rlimit no_core = {0, 0};
    setrlimit(RLIMIT_CORE, &no_core);
    return 0;
}

unsigned char *folio_pixels_alloc(size_t size) { return g_try_malloc(size); }

void folio_pixels_free(void *pixels) { g_free(pixels); }

void folio_heap_trim(void) { malloc_trim(0); }

void folio_heap_tune(int mmap_threshold, int arenas) {
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
    mallopt(M_ARENA_MAX, arenas);
}

int folio_shared_memory(void) { return memfd_create("folio-pixels", MFD_CLOEXEC); }

int folio_thumbnail_name(const char *path, char *uri, size_t uri_capacity, char *md5, size_t md5_capacity) {
    // GLib's own escaping and checksum, as every file manager names its thumbnails.
    gchar *escaped = g_filename_to_uri(path, NULL, NULL);
    if (!escaped) return -1;
    gchar *sum = g_compute_checksum_for_string(G_CHECKSUM_MD5, escaped, -1);
    int fits = sum && strlen(escaped) < uri_capacity && strlen(sum) < md5_capacity;
    if (fits) {
        strcpy(uri, escaped);
        strcpy(md5, sum);
    }
    g_free(sum);
    g_free(escaped);
    return fits ? 0 : -1;
}
