// DjVuLibre's decoding API, fenced off: only CVips' folio_djvu.c includes it.
#include <libdjvu/ddjvuapi.h>
#include <libdjvu/miniexp.h>
