// libvips, fenced off: only the non-variadic wrappers in CVips include it.
#include <vips/vips.h>
