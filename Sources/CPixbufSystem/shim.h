// gdk-pixbuf, fenced off: only the wrapper in CPixbuf includes it.
#include <gdk-pixbuf/gdk-pixbuf.h>
