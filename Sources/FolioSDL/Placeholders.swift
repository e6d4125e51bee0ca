import FolioCore
import FolioDecoding
import FolioLibrary

/// Paper-coloured stand-ins for pages not decoded yet or that cannot be: numbered, labelled
/// with the reason a page failed. While decoding in the background at most `perFrame`
/// numbered ones are made a frame; beyond it a page shows plain paper for a frame or two, so
/// a fast flip never stalls a frame.
struct Placeholders {
    static let perFrame = 1
    /// Whether `perFrame` applies (background decoding).
    let limited: Bool
    /// Draws the numbers and labels (none without it: plain paper).
    let typeface: Typeface?
    private var made = 0

    init(limited: Bool, typeface: Typeface?) {
        self.limited = limited
        self.typeface = typeface
    }

    /// True when this frame made a numbered placeholder (more may be due next frame).
    var madeAny: Bool { made > 0 }

    mutating func beginFrame() {
        made = 0
    }

    /// The placeholder texture for page `number` (nil: a blank page) of `shape`. One made for
    /// another size is redone, or drawn scaled while this frame may make no more.
    mutating func texture(number: Int?, label: String, shape: PageImage.Shape, in store: TextureStore) -> TextureStore.Entry? {
        let aspect = Int((1000 * Double(shape.width) / Double(max(shape.height, 1))).rounded())
        let key = TextureStore.Key.placeholder(number: number, label: label, side: shape.side, aspect: aspect)
        let held = store.use(key)
        if let held, held.fits(shape) { return held }
        if limited && number != nil && made >= Self.perFrame {
            return held ?? texture(number: nil, label: "", shape: shape, in: store)
        }
        guard let surface = PageImage.placeholder(shape: shape, number: number, label: label, typeface: typeface) else { return nil }
        if number != nil { made += 1 }
        return store.insert(key, surface: surface, width: shape.width, height: shape.height)
    }
}
