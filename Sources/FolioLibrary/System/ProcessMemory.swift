import Foundation

/// A process's memory as the kernel reports it in `/proc/PID/status`, and its CPU time.
public enum ProcessMemory {
    /// User and system CPU time of this whole process so far, seconds.
    public static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The ids of the living children of process `parent` (this one's: its decoder workers),
    /// from /proc.
    public static func children(of parent: pid_t = getpid()) -> [String] {
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ids.filter { id in
            guard id.allSatisfy(\.isNumber), let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            // "pid (comm) state ppid …": the parent's id is the second field after the name.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent
        }
    }

    /// `field` ("VmRSS", now; "VmHWM", the peak since start or the last reset) of process
    /// `pid` ("self" by default), megabytes; 0 when it cannot be read.
    public static func megabytes(_ field: String, of pid: String = "self") -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
              let kb = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }

    /// Memory counted fairly, megabytes: resident (`rss`), its proportional share, each page
    /// shared with other processes divided among them (`pss`: the shared libraries, LLVM and
    /// Mesa among them, count once across every process using them), and the pages this
    /// process alone holds (`private`), from `/proc/PID/smaps_rollup`; zeros when unreadable.
    /// Of the private pages, `written` are the ones the process has written (its heap, the
    /// textures llvmpipe keeps, the libraries' relocated data): the rest of `private` is
    /// unwritten pages of files no other process happens to map at the moment (llvmpipe's
    /// libLLVM, most often), which the kernel can drop and read again, so `private` moves
    /// with what else runs while `written` does not.
    public struct Rollup: Equatable, Sendable {
        public var rss = 0.0, pss = 0.0, `private` = 0.0, written = 0.0

        public init(rss: Double = 0, pss: Double = 0, private: Double = 0, written: Double = 0) {
            self.rss = rss
            self.pss = pss
            self.private = `private`
            self.written = written
        }

        /// The larger of each.
        public func max(_ other: Rollup) -> Rollup {
            Rollup(rss: Swift.max(rss, other.rss), pss: Swift.max(pss, other.pss), private: Swift.max(`private`, other.private),
                   written: Swift.max(written, other.written))
        }
    }

    public static func rollup(of pid: String = "self") -> Rollup {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return Rollup() }
        var kb: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, parts[0].hasSuffix(":"), let value = Double(parts[1]) else { continue }
            kb[String(parts[0].dropLast())] = value
        }
        return Rollup(rss: (kb["Rss"] ?? 0) / 1024, pss: (kb["Pss"] ?? 0) / 1024,
                      private: ((kb["Private_Clean"] ?? 0) + (kb["Private_Dirty"] ?? 0)) / 1024,
                      written: (kb["Private_Dirty"] ?? 0) / 1024)
    }
}
