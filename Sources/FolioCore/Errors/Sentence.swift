/// The words of a sentence for a person, made safe and plural: what `Console` prints and the
/// window's title are built with these (pure; the printing lives in FolioLibrary).
public enum Sentence {
    /// `text` with C0/C1 controls, DEL and bidirectional formatting marks escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` in quotes, escaped, cut to `limit` characters (an ellipsis marks the cut): a
    /// word from a user's file, quoted in a sentence.
    public static func quoted(_ text: String, limit: Int) -> String {
        let cut = text.count > limit ? text.prefix(max(limit - 1, 0)) + "…" : Substring(text)
        return "\"" + escaped(String(cut)) + "\""
    }

    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1 (tab and newline included)
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return false
        }
    }

    /// `text`'s words in lines of at most `width` characters (a longer word alone on its
    /// line), greedily: the list of keys and `--help` wrap their rows with it.
    public static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// "1 book", "3 books".
    public static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }
}
