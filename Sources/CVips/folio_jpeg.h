#ifndef FOLIO_JPEG_H
#define FOLIO_JPEG_H
// What folio_vips.c and folio_jpeg.c share about fitting a picture to a page (private to CVips).

/// Source pixels per drawn pixel of a `w`×`h` picture in a `width`×`height` box: one scale for
/// both sides, fitted inside the box, or covering it when `crop`.
double folio_box_factor(int w, int h, int width, int height, int crop);

/// The DCT scale to decode a `w`×`h` JPEG at for that box: the largest of 2, 4 and 8 that
/// keeps the picture at least the size it is drawn at; 0 when none does.
int folio_dct_shrink(int w, int h, int width, int height, int crop);

#endif
