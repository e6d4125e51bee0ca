#include "folio_pixbuf.h"
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    long max_pixels;
    int refused;
    int width, height;
} size_check;

// Called once the header is read, before the loader allocates the image: a size beyond the
// limit is noted, and the loader asked for a 1×1 result so that scaling loaders stop there.
static void on_size(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    size_check *check = data;
    check->width = width;
    check->height = height;
    if (width <= 0 || height <= 0 || (long)width * height > check->max_pixels) {
        check->refused = 1;
        gdk_pixbuf_loader_set_size(loader, 1, 1);
    }
}

static void say(char *error, size_t capacity, const char *text) {
    if (!error || capacity == 0) return;
    size_t n = strcspn(text, "\n");
    if (n >= capacity) n = capacity - 1;
    memcpy(error, text, n);
    error[n] = 0;
}

// `n` with its thousands grouped by commas, as a reader reads it ("12,000"), into `out` (16 bytes).
static void grouped(int n, char *out) {
    char digits[16];
    int count = snprintf(digits, sizeof digits, "%d", n < 0 ? 0 : n), at = 0;
    for (int i = 0; i < count; i++) {
        if (i > 0 && (count - i) % 3 == 0) out[at++] = ',';
        out[at++] = digits[i];
    }
    out[at] = 0;
}

int folio_pixbuf_decode(const void *bytes, size_t length, const char *type, long max_pixels, folio_pixbuf *image,
                        char *error, size_t error_capacity) {
    memset(image, 0, sizeof *image);
    GError *failure = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type(type, &failure);
    if (!loader) {
        say(error, error_capacity, failure ? failure->message : "no loader for this format");
        if (failure) g_error_free(failure);
        return 1;
    }
    size_check check = {max_pixels, 0, 0, 0};
    g_signal_connect(loader, "size-prepared", G_CALLBACK(on_size), &check);
    gboolean wrote = gdk_pixbuf_loader_write(loader, bytes, length, &failure) && !check.refused;
    gboolean closed = gdk_pixbuf_loader_close(loader, wrote ? &failure : NULL);
    GdkPixbuf *pixbuf = wrote && closed ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (check.refused) {
        char width[16], height[16];
        grouped(check.width, width);
        grouped(check.height, height);
        snprintf(error, error_capacity, "is %s×%s, more than %ld megapixels", width, height, max_pixels / 1000000);
    } else if (!pixbuf) {
        say(error, error_capacity, failure ? failure->message : "damaged data");
    }
    if (failure) g_error_free(failure);
    if (!pixbuf || check.refused) { g_object_unref(loader); return 1; }
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    if (gdk_pixbuf_get_bits_per_sample(pixbuf) != 8 || (channels != 3 && channels != 4) || width <= 0 || height <= 0 ||
        (long)width * height > max_pixels || stride < width * channels) {
        say(error, error_capacity, "an unexpected pixel layout");
        g_object_unref(loader);
        return 1;
    }
    // The pixels stay the pixbuf's (no copy); the pixbuf stays alive with its own reference.
    g_object_ref(pixbuf);
    g_object_unref(loader);
    image->pixels = gdk_pixbuf_read_pixels(pixbuf);
    // gdk-pixbuf reads a TIFF through libtiff's RGBA interface, which gives colours already
    // multiplied by their alpha (whether the file's alpha was associated or not): divided
    // back out here, the picture has straight alpha as the caller takes it (it was drawn too
    // dark where it is see-through).
    if (strcmp(type, "tiff") == 0 && channels == 4) {
        unsigned char *pixels = gdk_pixbuf_get_pixels(pixbuf);
        for (int y = 0; y < height; y++) {
            unsigned char *p = pixels + (size_t)y * stride;
            for (int x = 0; x < width; x++, p += 4) {
                unsigned a = p[3];
                if (a == 0 || a == 255) continue;
                for (int c = 0; c < 3; c++) {
                    unsigned v = (p[c] * 255u + a / 2) / a;
                    p[c] = v > 255 ? 255 : (unsigned char)v;
                }
            }
        }
        image->pixels = pixels;
    }
    image->width = width;
    image->height = height;
    image->stride = stride;
    image->channels = channels;
    image->owner = pixbuf;
    return 0;
}

void folio_pixbuf_free(folio_pixbuf *image) {
    if (image->owner) g_object_unref(image->owner);
    memset(image, 0, sizeof *image);
}
