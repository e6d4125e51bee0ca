/// Where the pointer was last seen in the window (nil before it moves, or after it left):
/// kept by the app as input arrives, read by what acts about the pointer (the reading view's
/// zoom keys and pinch, the strip's wheel).
public final class PointerPlace {
    public internal(set) var point: Point?

    public init() {}
}
