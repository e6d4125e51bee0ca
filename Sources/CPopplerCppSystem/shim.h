// poppler-cpp (poppler's Splash renderer, as pdftoppm draws), fenced off: only CSplash's
// folio_splash.cpp includes its C++ headers, and nothing of it is seen from Swift. This
// module gives that target the headers' path and links the library.
