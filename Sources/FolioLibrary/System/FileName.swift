import FolioCore
import Foundation

/// File names as the file system holds them: bytes, which need not be UTF-8 (a Latin-1
/// "café.cbz" is `63 61 66 E9 …`). Folio keeps paths as strings; a byte that is not part of
/// valid UTF-8 is held as one scalar of its own, U+10FF00 + the byte (Unicode's last private
/// use plane, as Python's "surrogateescape" holds it in a lone surrogate, which a Swift string
/// cannot hold), so every name round-trips: `bytes(of: string(bytes)) == bytes`. A name that
/// holds such a scalar itself has its bytes escaped too, so the mapping stays one to one.
///
/// Paths go to the system through `withCString` (never a String's own UTF-8), come back from
/// it through `string(_:)`, and are shown to a person through `shown(_:)` ("caf\xE9.cbz").
public enum FileName {
    /// The scalar that holds byte `b` is `escapeBase + b`.
    static let escapeBase = Sentence.byteEscapeBase

    /// The string that stands for the name `bytes`.
    public static func string<C: Collection<UInt8>>(_ bytes: C) -> String {
        let bytes = Array(bytes)
        if let plain = String(validating: bytes, as: UTF8.self), !holdsEscapes(plain) { return plain }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < bytes.count {
            let length = validSequence(in: bytes, at: i)
            if length > 0, let scalar = decode(bytes[i..<i + length]), scalar.value < escapeBase {
                scalars.append(scalar)
            } else {
                for byte in bytes[i..<i + max(length, 1)] { scalars.append(escape(byte)) }
            }
            i += max(length, 1)
        }
        return String(scalars)
    }

    /// The bytes `name` stands for.
    public static func bytes(of name: String) -> [UInt8] {
        guard holdsEscapes(name) else { return Array(name.utf8) }
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            if scalar.value >= escapeBase { bytes.append(UInt8(scalar.value - escapeBase)) } else { bytes += Array(String(scalar).utf8) }
        }
        return bytes
    }

    /// Calls `body` with `path` as the NUL-terminated bytes the system knows it by.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard holdsEscapes(path) else { return try path.withCString(body) }
        let bytes = self.bytes(of: path) + [0]
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `path` as a person reads it: each byte that is not UTF-8 written `\xE9`.
    public static func shown(_ path: String) -> String { Sentence.showingBytes(path) }

    /// The string for a C string the system handed back (a path from realpath or readlink).
    public static func string(cString: UnsafePointer<CChar>) -> String {
        string(UnsafeRawBufferPointer(start: cString, count: strlen(cString)))
    }

    /// The command line's arguments, each as `string(_:)` holds it (CommandLine.arguments
    /// replaces what is not UTF-8 by U+FFFD, and the file could no longer be found).
    public static func arguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { i in CommandLine.unsafeArgv[i].map { string(cString: $0) } ?? "" }
    }

    /// The names in the folder at `path` ("." and ".." left out), in the order the file system
    /// lists them; nil when it cannot be listed (errno says why).
    public static func names(inFolder path: String) -> [String]? {
        guard let folder = withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        // An entry is only as long as its record (`d_reclen`), not a whole `dirent`: its name
        // is read in place, never through a copy of the struct (which reads past the last
        // entry of the system's buffer).
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(folder) {
            guard let length = entry.pointer(to: \.d_reclen)?.pointee, Int(length) > nameOffset else { continue }
            let start = UnsafeRawPointer(entry) + nameOffset
            let name = string(UnsafeRawBufferPointer(start: start, count: strnlen(start.assumingMemoryBound(to: CChar.self),
                                                                                   Int(length) - nameOffset)))
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// What is at `path` (following links): nil when nothing is, or it cannot be reached.
    public static func status(_ path: String) -> stat? {
        var info = stat()
        return withCString(path, { stat($0, &info) }) == 0 ? info : nil
    }

    /// True when a regular file, a folder or anything else is at `path` (following links).
    public static func exists(_ path: String) -> Bool { status(path) != nil }

    /// True when a folder is at `path` (following links).
    public static func isFolder(_ path: String) -> Bool { status(path).map { $0.st_mode & S_IFMT == S_IFDIR } ?? false }

    private static func holdsEscapes(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value >= escapeBase }
    }

    private static func escape(_ byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(escapeBase + UInt32(byte))!
    }

    /// The length of the valid UTF-8 sequence at `i`, or 0 (overlong forms, surrogates and
    /// scalars past U+10FFFF are not valid).
    private static func validSequence(in bytes: [UInt8], at i: Int) -> Int {
        let lead = bytes[i]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard i + length <= bytes.count, (low...high).contains(bytes[i + 1]) else { return 0 }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return 0 }
        return length
    }

    private static func decode(_ sequence: ArraySlice<UInt8>) -> Unicode.Scalar? {
        String(validating: sequence, as: UTF8.self)?.unicodeScalars.first
    }
}
