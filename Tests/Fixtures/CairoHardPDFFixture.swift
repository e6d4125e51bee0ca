import FolioSamples
import Foundation

/// One-page PDFs that poppler's cairo renderer cannot draw but its Splash renderer (what
/// pdftoppm draws with) draws at once. Each page is filled with `background` first, so a
/// drawn page shows that colour at its centre.
public enum CairoHardPDFFixture {
    public static let background = (r: UInt8(40), g: UInt8(80), b: UInt8(220))
    public static let side = 200

    /// A function-based shading turned 45° in a corner of the page: cairo subdivides it for
    /// minutes, Splash draws it in milliseconds.
    public static func turnedShading() -> Data {
        let content = "\(fill) q 0 0 60 60 re W n /S sh Q"
        let shading = "<< /ShadingType 1 /ColorSpace /DeviceRGB /Domain [0 1 0 1] /Matrix [30 30 -30 30 30 0] /Function 6 0 R >>"
        let function = stream("/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1]", "{ 2 copy mul }")
        return page(content: content, resources: "/Shading << /S 5 0 R >>", extra: [shading, function])
    }

    /// Text in a Type 3 font whose glyph writes in a second Type 3 font, whose glyph is
    /// filled with a tiling pattern that writes in the first again: cairo recurses until it
    /// runs out of memory, Splash notices the cycle.
    public static func cyclicType3() -> Data {
        let content = "\(fill) BT 2 Tr /A 20 Tf 20 20 Td (aa) Tj ET"
        func type3(_ character: Int, _ glyph: String, scale: String, width: Int, resources: String) -> String {
            "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 750 750] /FontMatrix [\(scale) 0 0 \(scale) 0 0]"
                + " /Encoding << /Type /Encoding /Differences [\(character) /\(glyph)] >> /FirstChar \(character) /LastChar \(character)"
                + " /Widths [\(width)] /CharProcs << /\(glyph) \(character == 97 ? 6 : 8) 0 R >> /Resources << \(resources) >> >>"
        }
        let first = type3(97, "box", scale: ".01", width: 1000, resources: "/Font << /B 7 0 R >>")
        let firstGlyph = stream("", "1000 0 d0 20 w 1 0 0 RG 0 0 750 750 re s BT /B 50 Tf (ccc) Tj ET")
        let second = type3(99, "inner", scale: ".004", width: 900, resources: "/Font << /H 10 0 R >> /Pattern << /P 9 0 R >>")
        let secondGlyph = stream("", "900 0 d0 2 Tr 10 w 0 0 1 RG /Pattern cs /P scn BT /H 60 Tf 30 0 0 30 15 15 Tm -3 Tc 0 Tw (ab) Tj ET")
        let pattern = stream("/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 2 /Matrix [0.9 0 0 0.9 0 0] /XStep 55 /YStep 32"
                             + " /BBox [0 0 60 60] /Resources << /Font << /A 5 0 R >> >>", "BT /A 4 Tf 10 0 0 10 1 1 Tm 1 0 1 rg (aa) Tj ET")
        let helvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
        return page(content: content, resources: "/Font << /A 5 0 R >>", extra: [first, firstGlyph, second, secondGlyph, pattern, helvetica])
    }

    private static var fill: String {
        func f(_ v: UInt8) -> String { String(format: "%.4f", Double(v) / 255) }
        return "\(f(background.r)) \(f(background.g)) \(f(background.b)) rg 0 0 \(side) \(side) re f"
    }

    private static func stream(_ dictionary: String, _ body: String) -> String {
        "<< \(dictionary) /Length \(body.utf8.count) >>\nstream\n\(body)\nendstream"
    }

    /// Objects 1–4 are the catalog, the pages, the page and its content; `extra` are 5 on.
    private static func page(content: String, resources: String, extra: [String]) -> Data {
        let objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                       "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(side) \(side)] /Contents 4 0 R /Resources << \(resources) >> >>",
                       stream("", content)] + extra
        return PDFWriter.file(objects: objects, trailer: "/Root 1 0 R")
    }
}
