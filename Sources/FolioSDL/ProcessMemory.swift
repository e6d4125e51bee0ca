import Foundation

/// A process's memory as the kernel reports it in `/proc/PID/status`.
public enum ProcessMemory {
    /// `field` ("VmRSS", now; "VmHWM", the peak since start or the last reset) of process
    /// `pid` ("self" by default), megabytes; 0 when it cannot be read.
    public static func megabytes(_ field: String, of pid: String = "self") -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kb = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}
