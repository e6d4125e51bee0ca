// GLib, fenced off: only CWorker's C includes it (a thumbnail's name, pixel buffers).
#include <glib.h>
