import FolioCore
import FolioLibrary
import FolioThreads
import Foundation

/// One frame's pixels, 4 bytes a pixel, rows top to bottom, tightly packed; reused from
/// frame to frame.
public final class FrameBuffer: @unchecked Sendable {
    // Unchecked because the memory and the size are mutable. Safe: one thread at a time owns
    // a buffer — the render thread from `FramePipeline.nextBuffer` until `submit`, then one
    // writer until it gives the buffer back — and ownership passes through the pipeline's lock.
    private(set) var storage: UnsafeMutableRawBufferPointer
    public private(set) var width = 0
    public private(set) var height = 0

    public init(count: Int) {
        storage = .allocate(byteCount: max(count, 4), alignment: 64)
    }

    deinit {
        storage.deallocate()
    }

    /// The frame's pixels.
    public var pixels: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(rebasing: storage[0..<(width * height * 4)])
    }

    /// Makes room for a frame of this size (memory is only ever grown).
    package func reshape(width: Int, height: Int) {
        if width * height * 4 > storage.count {
            storage.deallocate()
            storage = .allocate(byteCount: width * height * 4, alignment: 64)
        }
        self.width = width
        self.height = height
    }
}

/// A bounded hand-over of frames from the render thread to writer threads: at most
/// `buffers` frames exist at once (drawing waits for a free buffer), writers take frames in
/// the order they were submitted, and the first failure stops every writer and is thrown to
/// the render thread the next time it asks for a buffer. With one writer, frames are written
/// in order; with several, each frame must go somewhere of its own (a file).
package final class FramePipeline {
    /// Writes frame `index`; runs on a writer thread.
    package typealias Write = @Sendable (_ index: Int, _ frame: FrameBuffer) throws -> Void

    /// Everything the threads share; only ever touched through `monitor`.
    private struct State: Sendable {
        var free: [FrameBuffer]
        var queue: [(index: Int, buffer: FrameBuffer)] = []
        /// The failure of the earliest frame that failed.
        var failure: (index: Int, error: any Error)?
        /// No more frames are coming: writers leave once the queue is empty.
        var closed = false
        /// Writers leave after the frame they are writing; queued frames are dropped.
        var cancelled = false
    }

    private let monitor: Monitor<State>
    /// Joined by `finish` or `cancel` (or when the pipeline goes).
    private var threads: [pthread_t] = []

    /// `buffers` of `frameBytes` each are all the frame memory the pipeline ever holds.
    package init(writers: Int, buffers: Int, frameBytes: Int, name: String = "folio-frames", write: @escaping Write) throws {
        let monitor = Monitor(State(free: (0..<max(1, buffers)).map { _ in FrameBuffer(count: frameBytes) }))
        self.monitor = monitor
        for _ in 0..<max(1, writers) {
            guard let thread = startJoinableThread(named: name, { Self.run(monitor, write: write) }) else { break }
            threads.append(thread)
        }
        guard !threads.isEmpty else { throw FolioError.outputFailed("No thread could be started to write frames.") }
    }

    deinit {
        cancel()
    }

    /// How many frames the pipeline holds at most for a frame of `frameBytes`: enough for
    /// `writers` to write while one is drawn and one waits, within `budget` bytes (never fewer
    /// than two, so drawing and writing still overlap at 7680×4320).
    package static func bufferCount(writers: Int, frameBytes: Int, budget: Int = 384 << 20) -> Int {
        max(2, min(writers + 2, budget / max(frameBytes, 1)))
    }

    /// A buffer for the next frame; waits while every buffer is queued or being written.
    /// Throws the writers' first failure, or `stopped()`'s error (asked every 0.1 s while
    /// waiting, so Ctrl-C is heard even when the writers are stuck).
    package func nextBuffer(stopped: () throws -> Void = {}) throws -> FrameBuffer {
        while true {
            let taken = try monitor.wait(until: { !$0.free.isEmpty || $0.failure != nil },
                                         deadline: Date().addingTimeInterval(0.1)) { state, ready -> FrameBuffer? in
                if let failure = state.failure { throw failure.error }
                return ready ? state.free.removeLast() : nil
            }
            if let taken { return taken }
            try stopped()
        }
    }

    /// Queues `buffer`, filled with frame `index`, for the writers.
    package func submit(_ buffer: FrameBuffer, index: Int) {
        monitor.withLock { $0.queue.append((index, buffer)) }
    }

    /// Waits until every submitted frame is written and the writers have left; throws the
    /// first failure.
    package func finish() throws {
        monitor.withLock { $0.closed = true }
        join()
        if let failure = monitor.withLock({ $0.failure }) { throw failure.error }
    }

    /// Drops the frames no writer has taken, waits for those being written, and returns once
    /// the writers have left.
    package func cancel() {
        monitor.withLock { state in
            state.cancelled = true
            state.free += state.queue.map(\.buffer)
            state.queue.removeAll()
        }
        join()
    }

    private func join() {
        for thread in threads { pthread_join(thread, nil) }
        threads.removeAll()
    }

    /// A writer's body: takes the oldest queued frame, writes it without the lock, gives the
    /// buffer back.
    private static func run(_ monitor: Monitor<State>, write: Write) {
        while true {
            let job = monitor.wait(until: {
                !$0.queue.isEmpty || $0.closed || $0.cancelled || $0.failure != nil
            }) { state, _ -> (index: Int, buffer: FrameBuffer)? in
                guard !state.cancelled, state.failure == nil, !state.queue.isEmpty else { return nil }
                return state.queue.removeFirst()
            }
            guard let job else { return }
            var failed: (any Error)?
            do {
                try write(job.index, job.buffer)
            } catch {
                failed = error
            }
            monitor.withLock { state in
                state.free.append(job.buffer)
                if let failed, state.failure.map({ job.index < $0.index }) ?? true {
                    state.failure = (job.index, failed)
                }
            }
        }
    }
}
