import FolioCore
import FolioSDL

/// Counts the pixels each triangle covers (the benchmark's overdraw).
public final class CoverageProbe: RenderProbe {
    public private(set) var coverage: Coverage

    public init(width: Int, height: Int) {
        coverage = Coverage(width: width, height: height)
    }

    public func filled(_ a: Point, _ b: Point, _ c: Point) {
        coverage.fill(a, b, c)
    }
}
