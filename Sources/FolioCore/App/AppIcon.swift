/// Folio as the desktop knows it: its application id, and the small icon its window shows
/// (in the title bar and the task switcher), drawn here as the installed icon is
/// (data/io.github.folioviewer.Folio.svg: a purple book, its pages showing past the cover's
/// edge) rather than decoded from a file.
public enum AppIcon {
    /// The reverse-DNS id the desktop entry, the metainfo and the icons are named by, and the
    /// window's class (X11's WM_CLASS, Wayland's app id), so that docks group the window
    /// with its entry.
    public static let id = "io.github.folioviewer.Folio"

    /// The icon `size` pixels a side (16…256), as RGBA bytes, rows top to bottom: clear
    /// around the book, the page block at the right, the cover with its title's bar.
    public static func pixels(size: Int) -> [UInt8] {
        let n = min(max(size, 16), 256)
        var out = [UInt8](repeating: 0, count: n * n * 4)
        // Shapes on the SVG's 128-unit square.
        func fill(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ c: (UInt8, UInt8, UInt8, UInt8)) {
            let s = Double(n) / 128
            let a = Int((x0 * s).rounded()), b = Int((x1 * s).rounded()), c0 = Int((y0 * s).rounded()), d = Int((y1 * s).rounded())
            for y in max(c0, 0)..<min(d, n) {
                for x in max(a, 0)..<min(b, n) {
                    let i = 4 * (y * n + x)
                    (out[i], out[i + 1], out[i + 2], out[i + 3]) = c
                }
            }
        }
        fill(34, 12, 108, 117, (0xEE, 0xE8, 0xDA, 0xFF))  // the pages
        fill(22, 10, 98, 119, (0x78, 0x2C, 0xA0, 0xFF))   // the cover
        fill(22, 90, 98, 106, (0x5F, 0xC8, 0xC0, 0xFF))   // the aurora across it
        fill(40, 30, 84, 38, (0xFF, 0xFF, 0xFF, 0xFF))    // the title
        return out
    }
}
