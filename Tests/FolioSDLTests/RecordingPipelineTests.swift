import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary
@testable import FolioRecording
@testable import FolioSDL
@testable import FolioThreads

/// Recording overlaps drawing with writing: frames still come out complete, in order, the
/// same as frames drawn one by one, and a writer that fails or sticks never holds the render
/// thread.
@Suite(.serialized)
struct RecordingPipelineTests {
    /// One second at 30 fps: the shelf, then a book opening (every frame differs).
    static let script = InputScript(size: Size(width: 320, height: 200), fps: 30, duration: 1,
                                    events: [(0.1, .input(.key(.return)))])

    struct Failure: Error, Equatable {
        let frame: Int
    }

    @Test func pipelinedPNGFramesEqualFramesDrawnOneByOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-pipeline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let library = RendererTests.library
        var options = Recorder.Options()
        options.output = .frames(directory: dir.appendingPathComponent("piped").path)
        options.quiet = true
        #expect(try Recorder(library: library, script: Self.script, decoder: TestDecoding.workers, options: options).run() == 30)

        // The same script, each frame drawn, read back and written before the next is drawn.
        let app = FolioApp(library: library, size: Self.script.size)
        var player = ScriptPlayer(app: app, script: Self.script)
        let canvas = try HeadlessCanvas(library: library, decoder: TestDecoding.workers, width: 320, height: 200)
        let frame = FrameBuffer(count: 320 * 200 * 4)
        var rgb: [UInt8] = []
        let single = dir.appendingPathComponent("single.png").path
        var distinct = Set<[UInt8]>()
        while let (index, _) = player.advance() {
            try canvas.draw(app)
            canvas.readPixels(into: frame)
            canvas.readRGB(into: &rgb)
            try PNGFrame.write(frame, to: single)
            let piped = dir.appendingPathComponent("piped").appendingPathComponent(String(format: "frame-%05d.png", index)).path
            #expect(FileManager.default.contents(atPath: piped) == FileManager.default.contents(atPath: single), "frame \(index)")
            // The file holds exactly the pixels drawn (as SDL's own RGB read-back sees them).
            let decoded = try #require(HeadlessCanvas.readPNG(piped))
            #expect(decoded.width == 320 && decoded.height == 200)
            #expect(decoded.rgb == rgb, "frame \(index)")
            distinct.insert(rgb)
        }
        // Frames out of order would be caught: the book moves in most of them.
        #expect(distinct.count > 15)
        #expect(Recorder.existingFrames(in: dir.appendingPathComponent("piped").path).count == 30)
    }

    /// (writers, buffers)
    @Test(arguments: [(1, 3), (3, 5)])
    func everyFrameIsWrittenOnceAndOneWriterKeepsTheirOrder(writers: Int, buffers: Int) throws {
        let written = Monitor([Int]())
        let pipeline = try FramePipeline(writers: writers, buffers: buffers, frameBytes: 16) { index, frame in
            #expect(frame.pixels.load(as: Int.self) == index)
            written.withLock { $0.append(index) }
        }
        for index in 0..<200 {
            let buffer = try pipeline.nextBuffer()
            buffer.reshape(width: 2, height: 2)
            buffer.pixels.storeBytes(of: index, as: Int.self)
            pipeline.submit(buffer, index: index)
        }
        try pipeline.finish()
        let indices = written.withLock { $0 }
        if writers == 1 {
            #expect(indices == Array(0..<200))
        } else {
            #expect(indices.sorted() == Array(0..<200))
        }
    }

    /// The writer fails at frame 5: the render thread hears it within a few frames (the
    /// buffers in flight), and the earliest failure is the one reported.
    @Test func aFailingWriterStopsTheRenderThread() throws {
        let pipeline = try FramePipeline(writers: 2, buffers: 3, frameBytes: 16) { index, _ in
            usleep(1000)
            if index >= 5 { throw Failure(frame: index) }
        }
        var submitted = 0
        var heard: (any Error)?
        do {
            for index in 0..<10_000 {
                let buffer = try pipeline.nextBuffer()
                buffer.reshape(width: 2, height: 2)
                pipeline.submit(buffer, index: index)
                submitted += 1
            }
        } catch {
            heard = error
        }
        // Two writers may both fail (frames 5 and 6); whichever the render thread heard first.
        #expect((heard as? Failure).map { $0.frame >= 5 } == true)
        #expect(submitted < 5 + 3 + 2)
        #expect(throws: Failure(frame: 5)) { try pipeline.finish() }
    }

    /// A writer stuck on its output (ffmpeg not reading): asking for a buffer still notices
    /// an interruption, and cancelling waits only for the frame being written.
    @Test func aStuckWriterDoesNotHoldTheRenderThread() throws {
        let release = Monitor(false)
        let pipeline = try FramePipeline(writers: 1, buffers: 2, frameBytes: 16) { _, _ in
            release.wait(until: { $0 }) { _, _ in }
        }
        let start = Date()
        var interruptions = 0
        #expect(throws: RecordingInterrupted.self) {
            for index in 0..<100 {
                let buffer = try pipeline.nextBuffer {
                    interruptions += 1
                    if Date().timeIntervalSince(start) > 0.3 { throw RecordingInterrupted(framesWritten: index) }
                }
                pipeline.submit(buffer, index: index)
            }
        }
        #expect(interruptions >= 2)
        #expect(Date().timeIntervalSince(start) < 5)
        release.withLock { $0 = true }
        pipeline.cancel()
    }
}
