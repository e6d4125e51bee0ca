#include "folio_sdl_image.h"
#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

static void say(char *error, size_t capacity, const char *why) {
    if (capacity == 0) return;
    snprintf(error, capacity, "%s", why && *why ? why : "");
}

int folio_sdl_image_decode(const void *bytes, size_t length, const char *type, long max_pixels, unsigned char **pixels,
                           int *width, int *height, char *error, size_t error_capacity) {
    *pixels = NULL;
    say(error, error_capacity, "");
    if (length > (size_t)INT32_MAX) {
        say(error, error_capacity, "too many bytes");
        return 1;
    }
    SDL_ClearError();
    SDL_RWops *rw = SDL_RWFromConstMem(bytes, (int)length);
    if (!rw) {
        say(error, error_capacity, SDL_GetError());
        return 1;
    }
    SDL_Surface *loaded = IMG_LoadTyped_RW(rw, 1, type);
    if (!loaded) {
        say(error, error_capacity, SDL_GetError());
        return 1;
    }
    if (loaded->w <= 0 || loaded->h <= 0 || (long)loaded->w > max_pixels / loaded->h) {
        *width = loaded->w;
        *height = loaded->h;
        SDL_FreeSurface(loaded);
        say(error, error_capacity, "too large");
        return 2;
    }
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(loaded);
    if (!rgba) {
        say(error, error_capacity, SDL_GetError());
        return 1;
    }
    size_t row = (size_t)rgba->w * 4;
    unsigned char *out = malloc(row * (size_t)rgba->h);
    if (!out) {
        SDL_FreeSurface(rgba);
        say(error, error_capacity, "out of memory");
        return 1;
    }
    if (SDL_MUSTLOCK(rgba)) SDL_LockSurface(rgba);
    for (int y = 0; y < rgba->h; y++) memcpy(out + y * row, (unsigned char *)rgba->pixels + (size_t)y * rgba->pitch, row);
    if (SDL_MUSTLOCK(rgba)) SDL_UnlockSurface(rgba);
    *width = rgba->w;
    *height = rgba->h;
    *pixels = out;
    SDL_FreeSurface(rgba);
    return 0;
}

void folio_sdl_image_free(unsigned char *pixels) { free(pixels); }
