#include "folio_font_fallback.h"
#include <fontconfig/fontconfig.h>
#include <string.h>

// Asks fontconfig, as a desktop's text stack does, for a sans-serif font (a colour emoji one
// for `emoji`) whose character set holds `codepoint`; the match is checked to hold it
// (fontconfig returns its best match even when none does).
int folio_font_for(uint32_t codepoint, int bold, int emoji, char *path, size_t capacity) {
    if (!path || capacity == 0 || !FcInit()) return 0;
    path[0] = 0;
    FcPattern *pattern = FcPatternCreate();
    FcCharSet *wanted = FcCharSetCreate();
    if (!pattern || !wanted) {
        if (pattern) FcPatternDestroy(pattern);
        if (wanted) FcCharSetDestroy(wanted);
        return 0;
    }
    FcCharSetAddChar(wanted, codepoint);
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)(emoji ? "emoji" : "sans-serif"));
    FcPatternAddCharSet(pattern, FC_CHARSET, wanted);
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    if (emoji) FcPatternAddBool(pattern, FC_COLOR, FcTrue);
    else FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    int found = 0;
    if (match) {
        FcCharSet *has = NULL;
        FcChar8 *file = NULL;
        if (FcPatternGetCharSet(match, FC_CHARSET, 0, &has) == FcResultMatch && FcCharSetHasChar(has, codepoint)
            && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && file) {
            size_t length = strlen((const char *)file);
            if (length < capacity) {
                memcpy(path, file, length + 1);
                found = 1;
            }
        }
        FcPatternDestroy(match);
    }
    FcCharSetDestroy(wanted);
    FcPatternDestroy(pattern);
    return found;
}
