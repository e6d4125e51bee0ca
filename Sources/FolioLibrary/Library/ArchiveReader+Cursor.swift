import FolioCore
import CArchive
import Foundation
import Glibc

extension ArchiveReader {
    /// An archive kept open between reads, standing after the entry last read, so a book
    /// read in stored order inflates each entry once. Opening the archive for every page
    /// would, in a solid 7z or RAR (one compressed stream for all entries), inflate every
    /// entry before the page again: quadratic in the book's length, seconds a page deep in a
    /// long comic. An entry behind the position, or in another archive, opens it again from
    /// the start. Holds one archive (a descriptor and libarchive's decoder); any thread may
    /// use it, one read at a time.
    ///
    /// Going back in a compressed stream (7z, RAR, a compressed tar) means inflating it from
    /// the start again, so the entries passed on the way to the one asked for are kept, those
    /// likely to be asked for soon first: the pages after it in natural (page) order, nearest
    /// first, as many as `keptBytes` holds, and the `behindEntries` pages just before it. A
    /// book read in page order whose pages are stored shuffled then costs one pass through
    /// the archive while what it holds fits the budget (and one pass per budget's worth of
    /// pages when not), and flipping backwards opens it again once every `behindEntries`
    /// pages, not for every page.
    ///
    /// A ZIP reaches each entry by a seek, but only in stored order: an entry behind the
    /// position is a new pass over every header before it (a third of a second in a
    /// 100,000-entry comic). The cursor remembers where each entry it passed is stored, so
    /// an entry known to lie behind opens the archive again at once instead of reading on
    /// to the end first, and on the way to an entry known from an earlier pass it keeps the
    /// `behindEntries` stored just before it: reading backwards from the end then costs one
    /// pass every `behindEntries` pages, not one a page.
    ///
    /// `readEach` reads every entry of a set in one pass, in stored order: what a pass over
    /// a whole book (`validate`) uses.
    public final class Cursor: @unchecked Sendable {
        /// Most bytes the kept entries may take (their bytes, names and upkeep), and most of
        /// them that lie before the entry last asked for.
        public static let keptBytes = 64 << 20
        public static let behindEntries = 16
        /// What one kept entry costs besides its bytes and name (its place in the list).
        static let entryUpkeep = 64
        /// Largest entry kept from a ZIP (reached by seeks): a larger one is read again when
        /// asked for, rather than held beside the page being decoded in a worker's bounded heap.
        static let seekKeptEntryBytes = 8 << 20

        private let lock = NSLock()
        /// The open archive, guarded by `lock`.
        private var current: (path: String, fd: Int32, archive: OpaquePointer, seen: Int)?
        /// Entries passed on the way to those read, of `keptPath`, in natural order; what
        /// they cost (`cost(_:_:)`); the entry last asked for, which splits them into the
        /// ones behind it and the ones ahead.
        private var kept: [(entry: String, data: Data)] = []
        private var keptCost = 0
        private var keptPath: String?
        /// Where each entry passed in `keptPath` is stored (0 first), for entries known to
        /// lie behind the position; at most `maxEntries`.
        private var ordinals: [String: Int] = [:]
        private var target = ""
        /// The entry `readEach` is handing over now, which `read` returns as it is.
        private var handing: (path: String, entry: String, result: Result<Data, FolioError>)?
        /// Times an archive was opened, each a pass from its start (for the tests).
        public private(set) var opens = 0

        /// Most bytes the kept entries may take here (`keptBytes` unless a test says less).
        private let budget: Int

        public init(keptBytes: Int = Cursor.keptBytes) {
            budget = keptBytes
        }

        deinit { close() }

        /// Bytes held by the entries kept from passes.
        public var heldBytes: Int {
            lock.lock()
            defer { lock.unlock() }
            return kept.reduce(0) { $0 + $1.data.count }
        }

        /// Entries kept from passes.
        public var heldEntries: Int {
            lock.lock()
            defer { lock.unlock() }
            return kept.count
        }

        /// As `ArchiveReader.read`, from what was kept or where the last read left off when
        /// it can.
        public func read(_ path: String, entry entryPath: String, limit: Int = maxEntryBytes) throws -> Data {
            lock.lock()
            defer { lock.unlock() }
            if let handing, handing.path == path, handing.entry == entryPath {
                switch handing.result {
                case .success(let data) where data.count <= limit: return data
                case .failure(let error): throw error
                default: break
                }
            }
            if keptPath != path {
                kept = []
                keptCost = 0
                keptPath = path
                ordinals = [:]
            }
            target = entryPath
            if let index = keptIndex(entryPath), kept[index].data.count <= limit {
                let data = kept[index].data
                trim()
                return data
            }
            if let here = current, here.path == path, ordinals[entryPath].map({ $0 >= here.seen }) ?? true,
               let data = try readHere(entryPath, limit: limit) { return data }
            close()
            let (fd, archive) = try ArchiveReader.open(path)
            opens += 1
            current = (path, fd, archive, 0)
            if let data = try readHere(entryPath, limit: limit) { return data }
            close()
            throw FolioError.badInput("\(path): has no entry \(entryPath).", cause: .missing)
        }

        /// Reads every entry of `wanted` from the archive at `path` in one pass, in the order
        /// they are stored, and hands each to `body` with its bytes or why they cannot be
        /// read (damaged, encrypted, larger than `limit`); while `body` runs, `read` of that
        /// entry returns the same without touching the archive. Every wanted entry is handed
        /// over once: those the archive lacks, or that lie past where it could no longer be
        /// read, last, with that failure. Only one entry's bytes are held at a time.
        public func readEach(_ path: String, entries wanted: Set<String>, limit: Int = maxEntryBytes,
                             _ body: (String, Result<Data, FolioError>) -> Void) {
            var remaining = wanted
            var failure: FolioError?
            do {
                let (fd, archive) = try ArchiveReader.open(path)
                defer {
                    archive_read_free(archive)
                    Glibc.close(fd)
                }
                lock.withLock { opens += 1 }
                var header: OpaquePointer?
                var seen = 0
                while !remaining.isEmpty {
                    let status = archive_read_next_header(archive, &header)
                    if status == ARCHIVE_EOF { break }
                    guard status >= ARCHIVE_WARN, let header else {
                        throw ArchiveReader.failure(path, archive, descriptor: fd, doing: "cannot be read")
                    }
                    seen += 1
                    guard seen <= maxEntries else { break }
                    guard let stored = ArchiveReader.entryPath(header), remaining.remove(stored) != nil else { continue }
                    let name = "\(path): \(stored)"
                    let result: Result<Data, FolioError>
                    if archive_entry_is_encrypted(header) != 0 {
                        result = .failure(FolioError.badInput("\(name): the entry is encrypted; Folio reads no encrypted entries.",
                                                              cause: .encrypted))
                    } else {
                        do {
                            result = .success(try ArchiveReader.readData(archive, name: name, limit: limit,
                                                                                declared: ArchiveReader.declaredSize(header)))
                        } catch let error as FolioError {
                            result = .failure(error)
                        }
                    }
                    hand(path, stored, result, to: body)
                }
            } catch let error as FolioError {
                failure = error
            } catch {
                failure = FolioError.badInput("\(path): cannot be read.")
            }
            for entry in remaining.sorted(by: naturalLess) {
                let missing = FolioError.badInput("\(path): has no entry \(entry).", cause: .missing)
                hand(path, entry, .failure(failure ?? missing), to: body)
            }
        }

        /// Runs `body` for one entry of `readEach`, `read` returning its result meanwhile.
        private func hand(_ path: String, _ entry: String, _ result: Result<Data, FolioError>,
                          to body: (String, Result<Data, FolioError>) -> Void) {
            lock.withLock { handing = (path, entry, result) }
            defer { lock.withLock { handing = nil } }
            body(entry, result)
        }

        /// Reads on from the current position; nil at the end. Any failure closes the
        /// archive (libarchive's state after an error is not to be trusted).
        private func readHere(_ entryPath: String, limit: Int) throws -> Data? {
            guard var state = current else { return nil }
            do {
                let data = try ArchiveReader.find(entryPath, in: state.archive, descriptor: state.fd, path: state.path, limit: limit,
                                                  seen: &state.seen, passing: { self.wouldKeep($0) },
                                                  passed: { name, data in self.keep(name, data) })
                current?.seen = state.seen
                if data != nil { ordinals[entryPath] = state.seen - 1 }
                if let data, ArchiveReader.isStream(state.archive) { keep(entryPath, data) }
                return data
            } catch {
                close()
                throw error
            }
        }

        /// The index of `entry` among those kept, or nil.
        private func keptIndex(_ entry: String) -> Int? {
            var index = position(of: entry)
            while index < kept.count, !naturalLess(entry, kept[index].entry) {
                if kept[index].entry == entry { return index }
                index += 1
            }
            return nil
        }

        /// Where `entry` goes among those kept: the first not before it in natural order.
        private func position(of entry: String) -> Int {
            var low = 0, high = kept.count
            while low < high {
                let middle = (low + high) / 2
                if naturalLess(kept[middle].entry, entry) { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// What keeping `entry` of `size` bytes costs against `keptBytes`.
        private static func cost(_ entry: String, _ size: Int) -> Int { size + entry.utf8.count + entryUpkeep }

        /// Notes where a passed entry is stored; true when it is to be read and kept. In a
        /// stream, as `wouldKeep(_:size:)` says; reached by seeks, only when it is stored
        /// within `behindEntries` before the target and the target's place is known.
        private func wouldKeep(_ passing: ArchiveReader.Passing) -> Bool {
            ordinals[passing.name] = passing.ordinal
            if !passing.inStream {
                guard passing.size <= Cursor.seekKeptEntryBytes, let at = ordinals[target],
                      passing.ordinal < at, passing.ordinal >= at - Cursor.behindEntries else { return false }
            }
            return wouldKeep(passing.name, size: passing.size)
        }

        /// False when an entry passed now, declaring `size` bytes, would go at once: it lies
        /// further ahead than every kept one while the budget is full, or far behind.
        private func wouldKeep(_ entry: String, size: Int) -> Bool {
            guard keptIndex(entry) == nil else { return false }
            let index = position(of: entry)
            if index < position(of: target) - Cursor.behindEntries + 1 { return false }
            return index < kept.count || keptCost + Self.cost(entry, max(0, size)) <= budget
        }

        /// Keeps `data`, the bytes of `entry`, unless already kept, then trims to the budget.
        private func keep(_ entry: String, _ data: Data) {
            guard keptIndex(entry) == nil else { return }
            kept.insert((entry, data), at: position(of: entry))
            keptCost += Self.cost(entry, data.count)
            trim()
        }

        /// Drops kept entries until at most `behindEntries` lie before the target and all
        /// fit the budget: the furthest ahead first, then the furthest behind.
        private func trim() {
            var split = position(of: target)
            while split > Cursor.behindEntries {
                let gone = kept.removeFirst()
                keptCost -= Self.cost(gone.entry, gone.data.count)
                split -= 1
            }
            while keptCost > budget, kept.count > split {
                let gone = kept.removeLast()
                keptCost -= Self.cost(gone.entry, gone.data.count)
            }
            while keptCost > budget, !kept.isEmpty {
                let gone = kept.removeFirst()
                keptCost -= Self.cost(gone.entry, gone.data.count)
            }
        }

        private func close() {
            guard let state = current else { return }
            archive_read_free(state.archive)
            Glibc.close(state.fd)
            current = nil
        }
    }
}
