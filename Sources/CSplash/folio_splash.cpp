#include "folio_splash.h"
#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-image.h>
#include <poppler-page-renderer.h>
#include <poppler-page.h>
#include <climits>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <sys/mman.h>
#include <sys/stat.h>

namespace {

// Poppler's complaints about a damaged file go nowhere: the caller words its own.
void quiet(const std::string &, void *) {}

// The file behind a descriptor, mapped read-only for as long as this lives.
struct Mapping {
    void *bytes = MAP_FAILED;
    size_t length = 0;
    ~Mapping() { if (bytes != MAP_FAILED) munmap(bytes, length); }
};

int failed(char *error, size_t capacity, const char *why) {
    snprintf(error, capacity, "%s", why);
    return 1;
}

} // namespace

extern "C" int folio_splash_draw(int fd, int page, double scale, int width, int height, unsigned char *bgra,
                                 char *error, size_t error_capacity) {
    if (width < 1 || height < 1 || !(scale > 0)) return failed(error, error_capacity, "an empty page");
    try {
        poppler::set_debug_error_function(quiet, nullptr);
        struct stat status;
        if (fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) return failed(error, error_capacity, "the file cannot be read");
        if (status.st_size <= 0 || status.st_size > INT_MAX) return failed(error, error_capacity, "the file is empty or too large");
        Mapping map;
        map.length = static_cast<size_t>(status.st_size);
        map.bytes = mmap(nullptr, map.length, PROT_READ, MAP_PRIVATE, fd, 0);
        if (map.bytes == MAP_FAILED) return failed(error, error_capacity, "the file cannot be mapped");
        std::unique_ptr<poppler::document> document(
            poppler::document::load_from_raw_data(static_cast<const char *>(map.bytes), static_cast<int>(map.length)));
        if (!document) return failed(error, error_capacity, "PDF document is damaged");
        if (document->is_locked()) return failed(error, error_capacity, "Document is encrypted");
        if (page < 0 || page >= document->pages()) return failed(error, error_capacity, "pages out of range");
        std::unique_ptr<poppler::page> drawn(document->create_page(page));
        if (!drawn) return failed(error, error_capacity, "unable to load the page");
        poppler::page_renderer renderer;
        renderer.set_render_hints(poppler::page_renderer::antialiasing | poppler::page_renderer::text_antialiasing);
        renderer.set_image_format(poppler::image::format_argb32);
        renderer.set_paper_color(0xffffffff);
        // The whole page: its sides at this scale may round a pixel either way of the box's.
        poppler::image image = renderer.render_page(drawn.get(), 72.0 * scale, 72.0 * scale);
        if (!image.is_valid() || image.format() != poppler::image::format_argb32)
            return failed(error, error_capacity, "out of memory");
        const char *rows = image.const_data();
        size_t row = static_cast<size_t>(width) * 4, stride = static_cast<size_t>(image.bytes_per_row());
        size_t kept = static_cast<size_t>(image.width() < width ? image.width() : width) * 4;
        int keptRows = image.height() < height ? image.height() : height;
        memset(bgra, 0xff, row * static_cast<size_t>(height));
        for (int y = 0; y < keptRows; y++) memcpy(bgra + y * row, rows + y * stride, kept);
        return 0;
    } catch (const std::bad_alloc &) {
        return failed(error, error_capacity, "out of memory");
    } catch (...) {
        return failed(error, error_capacity, "PDF document is damaged");
    }
}
