import Foundation
import Testing

/// Looks at `probe` every 20 ms until it gives a value, for at most `seconds` (nil then).
public func poll<T>(seconds: Double = 10, _ probe: () throws -> T?) rethrows -> T? {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if let value = try probe() { return value }
        if Date() >= deadline { return nil }
        usleep(20_000)
    }
}

/// Waits for what a test needs to see (a trace line, a file, a window's property, a decoded
/// page), never for a fixed time: the first value `probe` gives. When `seconds` pass first, records an issue that
/// names `what` was awaited, and gives nil.
@discardableResult
public func waitFor<T>(_ what: @autoclosure () -> String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
                _ probe: () throws -> T?) rethrows -> T? {
    if let value = try poll(seconds: seconds, probe) { return value }
    Issue.record("waited \(seconds) s in vain for \(what())", sourceLocation: sourceLocation)
    return nil
}

/// Waits until `condition` holds, as `waitFor` does; false when the time ran out.
@discardableResult
public func waitUntil(_ what: @autoclosure () -> String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
               _ condition: () throws -> Bool) rethrows -> Bool {
    try waitFor(what(), seconds: seconds, sourceLocation: sourceLocation) { try condition() ? true : nil } ?? false
}
