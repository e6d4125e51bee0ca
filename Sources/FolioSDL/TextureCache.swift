import CSDL2
import FolioCore
import Foundation

/// Page and cover textures: decoded on a background thread nearest-first, uploaded on the
/// main thread a few per frame, kept in a least-recently-used cache bounded in bytes. A page
/// that is not decoded yet shows a placeholder (paper and its number) and swaps in when
/// ready; one that cannot be decoded keeps a placeholder marked with the reason.
final class TextureCache {
    struct Entry {
        let texture: OpaquePointer
        /// Content size in texels (without the margin).
        let width: Int32
        let height: Int32
        let bytes: Int
        var lastUse: Int
    }

    enum Key: Hashable {
        case image(ImageSource, PageSide)
        /// Paper with a page number and a label; `number` nil for a blank page.
        case placeholder(number: Int?, label: String, side: PageSide)
    }

    /// Decoding on the caller's thread (deterministic recording) or in the background.
    enum Mode {
        case synchronous, background
    }

    private let renderer: OpaquePointer
    private let mode: Mode
    private var entries: [Key: Entry] = [:]
    private var bytes = 0
    /// Most bytes of textures kept.
    let budget: Int
    private var shape = PageImage.Shape(width: 0, height: 0, radius: 0, side: .right)
    /// Images that failed, with the reason shown on their placeholder.
    private var failed: [ImageSource: String] = [:]
    private var frame = 0
    private let reader = ImageReader()
    private let worker: DecodeWorker?
    /// Largest texture side the renderer takes.
    let maxTextureSide: Int32

    /// Upload at most this many decoded pages per frame (a texture upload is ~1 ms).
    static let uploadsPerFrame = 1
    /// Make at most this many numbered placeholders per frame; beyond it a page shows plain
    /// paper for a frame or two, so a fast flip never stalls a frame.
    static let placeholdersPerFrame = 1
    private var placeholdersMade = 0

    init(renderer: OpaquePointer, mode: Mode, budgetBytes: Int) {
        self.renderer = renderer
        self.mode = mode
        budget = budgetBytes
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        maxTextureSide = max(1024, min(info.max_texture_width, info.max_texture_height) == 0 ? 8192 : min(info.max_texture_width, info.max_texture_height))
        worker = mode == .background ? DecodeWorker() : nil
    }

    deinit { worker?.stop() }

    /// Stops the worker and frees every texture (before the renderer goes).
    func close() {
        worker?.stop()
        purge()
    }

    var byteCount: Int { bytes }

    /// True when no decode is queued, running or waiting for its upload: the frame on
    /// screen is the last one these textures will change.
    var isSettled: Bool { placeholdersMade == 0 && (worker?.isSettled ?? true) }
    var count: Int { entries.count }

    func purge() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
        bytes = 0
    }

    /// Adopts the page size in pixels (capped by the renderer's largest texture); textures
    /// made for a very different size are redone.
    func setPageSize(width: Double, height: Double, cornerRadius: Double) {
        let limit = Double(maxTextureSide - 2 * PageImage.margin)
        let fit = min(1, limit / max(width, 1), limit / max(height, 1))
        let w = Int32(max(8, (width * fit).rounded())), h = Int32(max(8, (height * fit).rounded()))
        guard w != shape.width || h != shape.height else { return }
        let ratio = Double(w) / Double(max(shape.width, 1))
        if shape.width == 0 || ratio > 1.25 || ratio < 0.6 {
            purge()
            worker?.clear()
            shape = PageImage.Shape(width: w, height: h, radius: cornerRadius * fit, side: .right)
        }
    }

    /// Call once per frame before drawing: uploads finished decodes and asks the worker for
    /// `wanted` (nearest first), dropping requests no longer wanted.
    func beginFrame(wanted: [(ImageSource, PageSide)]) {
        evict()
        frame += 1
        placeholdersMade = 0
        guard let worker else { return }
        for result in worker.takeFinished(limit: TextureCache.uploadsPerFrame) {
            switch result.outcome {
            case .success(let surface):
                // The owner frees the surface when this result goes, uploaded or stale.
                if result.shape == shapeFor(result.side) {
                    insert(.image(result.source, result.side), surface: surface.pointer)
                }
            case .failure(let failure):
                if failed[result.source] == nil {
                    failed[result.source] = failure.reason
                    warn(failure.message)
                }
            }
        }
        let jobs = wanted.filter { entries[.image($0.0, $0.1)] == nil && failed[$0.0] == nil }
            .map { DecodeWorker.Job(source: $0.0, side: $0.1, shape: shapeFor($0.1)) }
        worker.setWanted(jobs)
    }

    private func shapeFor(_ side: PageSide) -> PageImage.Shape {
        var s = shape
        s.side = side
        return s
    }

    private func warn(_ message: String) {
        Console.warning(message + " Showing a placeholder.")
    }

    /// The texture to draw for `source` (nil: a blank page) as page `number`.
    func texture(for source: ImageSource?, side: PageSide, number: Int?) -> Entry? {
        guard let source else { return placeholder(number: nil, label: "", side: side) }
        let key = Key.image(source, side)
        if var entry = entries[key] {
            entry.lastUse = frame
            entries[key] = entry
            return entry
        }
        if let reason = failed[source] {
            return placeholder(number: number, label: reason, side: side)
        }
        if case .unavailable(let reason, _) = source {
            // Already reported when the library loaded.
            failed[source] = reason
            return placeholder(number: number, label: reason, side: side)
        }
        if mode == .synchronous {
            switch PageImage.make(source, reader: reader, shape: shapeFor(side)) {
            case .success(let surface):
                defer { SDL_FreeSurface(surface) }
                insert(key, surface: surface)
                return entries[key]
            case .failure(let failure):
                failed[source] = failure.reason
                warn(failure.message)
                return placeholder(number: number, label: failure.reason, side: side)
            }
        }
        return placeholder(number: number, label: "", side: side)
    }

    /// True when `source` is decoded and uploaded (tests, benchmarks).
    func isReady(_ source: ImageSource, side: PageSide) -> Bool { entries[.image(source, side)] != nil }

    private func placeholder(number: Int?, label: String, side: PageSide) -> Entry? {
        let key = Key.placeholder(number: number, label: label, side: side)
        if var entry = entries[key] {
            entry.lastUse = frame
            entries[key] = entry
            return entry
        }
        if mode == .background && number != nil && placeholdersMade >= TextureCache.placeholdersPerFrame {
            return placeholder(number: nil, label: "", side: side)
        }
        guard let surface = PageImage.placeholder(shape: shapeFor(side), number: number, label: label) else { return nil }
        defer { SDL_FreeSurface(surface) }
        if number != nil { placeholdersMade += 1 }
        insert(key, surface: surface)
        return entries[key]
    }

    private func insert(_ key: Key, surface: UnsafeMutablePointer<SDL_Surface>) {
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        if let old = entries[key] {
            SDL_DestroyTexture(old.texture)
            bytes -= old.bytes
        }
        let size = Int(surface.pointee.w) * Int(surface.pointee.h) * 4
        entries[key] = Entry(texture: texture, width: shape.width, height: shape.height, bytes: size, lastUse: frame)
        bytes += size
    }

    /// Drops least recently used textures (never those of the frame just drawn) until under
    /// budget.
    private func evict() {
        guard bytes > budget else { return }
        let order = entries.filter { $0.value.lastUse < frame }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in order {
            guard bytes > budget else { break }
            SDL_DestroyTexture(entry.texture)
            entries[key] = nil
            bytes -= entry.bytes
        }
    }
}
