// 2D value types in logical points (x right, y down).

/// A 2D point in points.
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = Point(x: 0, y: 0)
}

/// A 2D size in points.
public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// The tutorial's layouts were made for 1280×800; `u` scales them to this size.
    public var layoutUnit: Double { min(width / 1280, height / 800) }
}

/// An axis-aligned rectangle in points.
public struct Rect: Equatable, Sendable {
    public var origin: Point
    public var size: Size
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    /// The part of this rectangle inside `other`, or nil when none is.
    public func clipped(to other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The smallest rectangle holding this one and `other`.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}

/// Linear interpolation from `a` (t = 0) to `b` (t = 1); t may overshoot.
@inline(__always)
public func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

@inline(__always)
public func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { min(max(x, lo), hi) }

extension Size {
    /// This size as a window on a display whose usable area (the desktop less its panels) is
    /// `usable`, its frame (title bar and borders) `frame` around it: as it is when it fits,
    /// else shrunk to fit, at least `minimum`. A zero usable area (no display to ask) leaves
    /// it as it is.
    public func fitted(within usable: Size, frame: Size, minimum: Size = Size(width: 320, height: 240)) -> Size {
        guard usable.width > 0, usable.height > 0 else { return self }
        return Size(width: max(min(width, usable.width - frame.width), minimum.width),
                    height: max(min(height, usable.height - frame.height), minimum.height))
    }
}
