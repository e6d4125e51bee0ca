#ifndef FOLIO_FONT_FALLBACK_H
#define FOLIO_FONT_FALLBACK_H

#include <stddef.h>
#include <stdint.h>

/// The file of the font fontconfig picks for `codepoint` (its sans-serif first, or its colour
/// emoji font when `emoji`; bold when `bold`), written into `path` (at most `capacity` bytes,
/// with its zero). Returns 1 when a font that has the character was found, 0 when none has it
/// or the path does not fit. Safe to call from one thread at a time (the text painter's).
int folio_font_for(uint32_t codepoint, int bold, int emoji, char *path, size_t capacity);

#endif
