import FolioCore
import FolioDecoding
import Foundation

/// The benchmarks `folio bench` runs (one file each: CPUCase, BenchLibrary, BenchFormats,
/// BenchIdle, BenchRecord, BenchReading, BenchContinuous), in a target of their own: the viewer's code carries
/// no benchmark. What they need of the program that runs them is handed in.
public struct Benchmarks: Sendable {
    /// This executable: the benchmarks start copies of the viewer.
    public var executable: String
    /// True once the user asked the benchmark to stop (Ctrl+C, SIGTERM).
    public var interrupted: @Sendable () -> Bool
    /// Reads a library path as the viewer does (PDFs through the document worker).
    public var load: @Sendable (String) throws -> Library
    /// Decodes every page the benchmarks draw, as the viewer's does.
    package var decoder: any PageDecoder

    package init(executable: String, decoder: any PageDecoder, interrupted: @escaping @Sendable () -> Bool,
                 load: @escaping @Sendable (String) throws -> Library) {
        self.executable = executable
        self.decoder = decoder
        self.interrupted = interrupted
        self.load = load
    }
}

public func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    guard !s.isEmpty else { return 0 }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

public func seconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Sleeps until `time` on the monotonic clock (`seconds()`), if it is still to come: the
/// benchmarks that read as a reader does pace their frames so.
func sleep(until time: Double) {
    let now = seconds()
    if time > now { usleep(UInt32((time - now) * 1e6)) }
}
