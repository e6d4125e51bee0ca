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

unsigned char *folio_pixbuf_decode(const void *bytes, size_t length, const char *type, long max_pixels,
                                   int *out_width, int *out_height, char *error, size_t error_capacity) {
    GError *failure = NULL;
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type(type, &failure);
    if (!loader) {
        say(error, error_capacity, failure ? failure->message : "no loader for this format");
        if (failure) g_error_free(failure);
        return NULL;
    }
    size_check check = {max_pixels, 0, 0, 0};
    g_signal_connect(loader, "size-prepared", G_CALLBACK(on_size), &check);
    gboolean wrote = gdk_pixbuf_loader_write(loader, bytes, length, &failure) && !check.refused;
    gboolean closed = gdk_pixbuf_loader_close(loader, wrote ? &failure : NULL);
    GdkPixbuf *pixbuf = wrote && closed ? gdk_pixbuf_loader_get_pixbuf(loader) : NULL;
    if (check.refused) {
        snprintf(error, error_capacity, "is %d×%d, more than %ld megapixels", check.width, check.height, max_pixels / 1000000);
    } else if (!pixbuf) {
        say(error, error_capacity, failure ? failure->message : "damaged data");
    }
    if (failure) g_error_free(failure);
    if (!pixbuf || check.refused) { g_object_unref(loader); return NULL; }
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    if (gdk_pixbuf_get_bits_per_sample(pixbuf) != 8 || (channels != 3 && channels != 4) || width <= 0 || height <= 0 ||
        (long)width * height > max_pixels) {
        say(error, error_capacity, "an unexpected pixel layout");
        g_object_unref(loader);
        return NULL;
    }
    const guchar *from = gdk_pixbuf_read_pixels(pixbuf);
    unsigned char *pixels = g_try_malloc((size_t)width * height * 4);
    if (!pixels) { say(error, error_capacity, "out of memory"); g_object_unref(loader); return NULL; }
    for (int y = 0; y < height; y++) {
        const guchar *row = from + (size_t)y * stride;
        unsigned char *to = pixels + (size_t)y * width * 4;
        for (int x = 0; x < width; x++) {
            to[x * 4] = row[x * channels];
            to[x * 4 + 1] = row[x * channels + 1];
            to[x * 4 + 2] = row[x * channels + 2];
            to[x * 4 + 3] = channels == 4 ? row[x * channels + 3] : 255;
        }
    }
    *out_width = width;
    *out_height = height;
    g_object_unref(loader);
    return pixels;
}

void folio_pixbuf_free(void *pixels) { g_free(pixels); }
