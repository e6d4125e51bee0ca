/// Which side of the spine a page hangs on; it decides the hinge and the rounded corners.
public enum PageSide: String, Hashable, Sendable {
    /// Hangs on its left edge (anchor (0, 0.5)); rounds the top-right and bottom-right corners.
    case right
    /// Hangs on its right edge (anchor (1, 0.5)); rounds the top-left and bottom-left corners.
    case left
    /// Stands alone (a page of the continuous column, `DrawList.pagesStandAlone`): rounds all
    /// four corners. Its layer hangs as the layer says.
    case alone
}

extension PageSide {
    /// The other side: where a page shows in a mirrored (right-to-left) book.
    public var opposite: PageSide {
        switch self {
        case .right: return .left
        case .left: return .right
        case .alone: return .alone
        }
    }
}
