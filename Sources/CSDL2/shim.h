#ifndef FOLIO_CSDL2_SHIM_H
#define FOLIO_CSDL2_SHIM_H
#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <malloc.h>
#endif
