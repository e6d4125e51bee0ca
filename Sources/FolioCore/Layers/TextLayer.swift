/// One line of text drawn flat over the layers: what it says and where, in points. The
/// renderer rasterises it at the output's pixel size and shortens it with an ellipsis to
/// `maxWidth`; everything else about it (when, where, how opaque) is decided here.
public struct TextLayer: Equatable, Hashable, Sendable {
    public enum Weight: Hashable, Sendable {
        case regular, bold
    }

    /// Which point of the line `position` names horizontally.
    public enum Alignment: Hashable, Sendable {
        case leading, center, trailing
    }

    public var text: String
    /// Font size, points (the em).
    public var size: Double
    public var weight: Weight
    /// x of the alignment point and y of the middle of the line box, window points.
    public var position: Point
    public var alignment: Alignment
    public var colour: RGBA
    public var opacity: Double
    /// Widest the line may be drawn, points; longer text ends in "…".
    public var maxWidth: Double
    /// A band of this colour behind the line (its opacity times the text's), for a line that
    /// may sit over a page: a notice.
    public var backing: RGBA?
    /// It may show a frame or a few late (the library grid's titles, many new at once as a
    /// row scrolls in): the renderer makes only a few such lines a frame.
    public var canWait = false

    public init(_ text: String, size: Double, weight: Weight = .regular, position: Point,
                alignment: Alignment = .center, colour: RGBA, opacity: Double = 1, maxWidth: Double) {
        self.text = TextLayer.bounded(text)
        self.size = size
        self.weight = weight
        self.position = position
        self.alignment = alignment
        self.colour = colour
        self.opacity = opacity
        self.maxWidth = maxWidth
    }

    /// Longest text kept, in characters (grapheme clusters) and in Unicode scalars: a title
    /// never needs more on one line, and the scalar bound stops a cluster of a thousand
    /// combining marks.
    public static let maxCharacters = 160
    public static let maxScalars = 480

    /// `text` made safe to draw on one line: control and bidirectional-override characters
    /// dropped, runs of white space (line breaks included) become one space, trimmed, and
    /// cut to the bounds above with "…".
    public static func bounded(_ text: String) -> String {
        isCleanASCII(text) ? text : boundedCharacterByCharacter(text)
    }

    /// Printable ASCII with single spaces between words, within the bounds: what most titles
    /// are, and already what `bounded` makes of them (checked byte by byte, so the lines
    /// drawn every frame skip the walk over grapheme clusters).
    static func isCleanASCII(_ text: String) -> Bool {
        let bytes = text.utf8
        guard bytes.count <= min(maxCharacters, maxScalars), bytes.first != 0x20, bytes.last != 0x20 else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte >= 0x20 && byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return true
    }

    static func boundedCharacterByCharacter(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        var characters = 0
        var truncated = false
        for character in text {
            if character.isWhitespace || character.isNewline {
                pendingSpace = !out.isEmpty
                continue
            }
            let scalars = character.unicodeScalars.filter { !isInvisibleControl($0) }
            guard !scalars.isEmpty else { continue }
            let need = scalars.count + (pendingSpace ? 1 : 0)
            if characters + (pendingSpace ? 1 : 0) >= maxCharacters || out.count + need > maxScalars {
                truncated = true
                break
            }
            if pendingSpace {
                out.append(" ")
                characters += 1
                pendingSpace = false
            }
            out.append(contentsOf: scalars)
            characters += 1
        }
        var result = String(out)
        if truncated {
            if result.count >= maxCharacters { result = String(result.prefix(maxCharacters - 1)) }
            result += "…"
        }
        return result
    }

    /// Controls (C0, C1, DEL) and the bidirectional embeddings, overrides and isolates,
    /// which could reorder the rest of a line.
    static func isInvisibleControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0xFEFF || v == 0xFFFE || v == 0xFFFF
    }
}
