// libpng, fenced off: only the wrapper in CPNG includes it.
#include <png.h>
