#include <SDL.h>
#include <SDL_image.h>
