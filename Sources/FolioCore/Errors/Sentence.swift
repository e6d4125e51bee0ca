/// The words of a sentence for a person, made safe and plural: what `Console` prints and the
/// window's title are built with these (pure; the printing lives in FolioLibrary).
public enum Sentence {
    /// `text` with C0/C1 controls, DEL and bidirectional formatting marks escaped, and the
    /// bytes of a file name that are not UTF-8 written as they are (`showingBytes`).
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = escapedByte(scalar) {
                out += byte
            } else if isUnsafe(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The first scalar of those that hold a file name's bytes that are not UTF-8: byte `b` is
    /// held as `byteEscapeBase + b` (FolioLibrary's `FileName` reads and writes them).
    public static let byteEscapeBase: UInt32 = 0x10FF00

    /// `text` with each byte held for a file name written `\xE9` (a Latin-1 "café" reads
    /// "caf\xE9"), the rest as it is: a title made from a file name is shown this way.
    public static func showingBytes(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= byteEscapeBase }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if let byte = escapedByte(scalar) { out += byte } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    private static func escapedByte(_ scalar: Unicode.Scalar) -> String? {
        guard scalar.value >= byteEscapeBase else { return nil }
        let hex = String(scalar.value - byteEscapeBase, radix: 16, uppercase: true)
        return "\\x" + (hex.count < 2 ? "0" : "") + hex
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

    /// `n` with its thousands grouped, as a reader reads it: 1,000,000.
    public static func grouped<N: BinaryInteger>(_ n: N) -> String {
        let digits = Array(String(n.magnitude))
        let text = String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0) ? [",", d] : [d] })
        return n < 0 ? "-" + text : text
    }

    /// A duration as a reader reads it: "20 s", "2.5 s", "0.2 s" (at most one decimal).
    public static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e12 else { return "\(value) s" }
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths / 10)) s" : "\(tenths / 10) s"
    }
}
