#ifndef FOLIO_YUV_H
#define FOLIO_YUV_H

#include <stddef.h>
#include <stdint.h>

/// Bytes of a planar YUV 4:2:0 frame (I420) of `width` × `height` pixels: the luma plane,
/// then the two chroma planes of ceil(width / 2) × ceil(height / 2) each.
size_t folio_i420_size(int width, int height);

/// Converts `width` × `height` pixels of red, green, blue and a fourth byte (ignored), rows
/// `pitch` bytes apart, into I420 at `out` (folio_i420_size bytes): BT.709, limited range,
/// as ffmpeg converts with `scale=out_color_matrix=bt709:out_range=tv`. Each chroma sample is the mean of its 2 × 2
/// pixels (at an odd edge, of those there are).
void folio_rgbx_to_i420(const uint8_t *rgbx, int width, int height, size_t pitch, uint8_t *out);

#endif
