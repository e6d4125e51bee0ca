#ifndef FOLIO_WORKER_H
#define FOLIO_WORKER_H
// What both sides of a decoder worker's pipe need and no decoder: the worker's confinement,
// the shared memory its pixels go through, the buffers pixels are received into, and a
// thumbnail's name as GLib spells it. The viewer links this, never libvips (CVips is the
// worker's alone).
#include <stddef.h>

/// `size` bytes that `folio_pixels_free` frees (NULL when memory is short). libvips' pixels
/// (`folio_vips_thumbnail`) are freed the same way: both are GLib's.
unsigned char *folio_pixels_alloc(size_t size);
void folio_pixels_free(void *pixels);

/// Gives the heap's free memory back to the system (glibc's malloc_trim): after a page or
/// document's large buffers are freed.
void folio_heap_trim(void);

/// Sets glibc's allocator: allocations of `mmap_threshold` bytes or more get mappings of
/// their own, and at most `arenas` heaps serve the process's threads.
void folio_heap_tune(int mmap_threshold, int arenas);

/// Confines the document worker process: it dies with its parent, its data segment (heap and
/// anonymous maps: poppler's allocations) is capped at `data_bytes` (its soft limit), which
/// a document of many pages may raise by at most `page_tree_bytes` (the hard limit; see
/// `folio_pdf_set_page_tree_allowance`), no core dumps. 0 on success.
int folio_worker_confine(unsigned long data_bytes, unsigned long page_tree_bytes);

/// A new anonymous shared memory file (memfd, close-on-exec), where a decoder worker leaves
/// the pixels it decoded for its parent; -1 on failure.
int folio_shared_memory(void);

/// The freedesktop thumbnail names of the file at absolute `path`: its file URI (GLib's
/// escaping, as file managers write it) and that URI's MD5 in hex, the thumbnail's file name
/// without ".png". 0 on success; -1 when the path cannot be a URI or a buffer is too small.
int folio_thumbnail_name(const char *path, char *uri, size_t uri_capacity, char *md5, size_t md5_capacity);

#endif
