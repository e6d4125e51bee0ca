import Foundation
import Testing

/// A GIF keeps the shading of the pages: the built-in demo as a GIF, its frame at 8 s decoded
/// back, follows the rendered frame's light-to-dark ramp across a blank page, where a palette
/// with too few paper tones, or dithering too weak to mix them, shows flat bands with steps
/// between them.
@Suite(.serialized)
struct GIFShadingTests {
    static let ffmpeg = Folio.which("ffmpeg") != nil

    /// The right page of the 8–9 spread of Shapes at 320×200 (blank, shaded towards the
    /// spine), 8 s into the demo: GIF frame 200 at 25 fps.
    static let crop = (x: 160, y: 40, width: 72, height: 120)

    /// The RGB bytes ffmpeg decodes from `input` (its input arguments) through `filter`.
    static func rgb(_ input: [String], filter: String, in dir: URL, more: [String] = []) throws -> [UInt8] {
        let out = dir.appendingPathComponent("frames.rgb").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try Folio.runProcess(Folio.which("ffmpeg")!, ["-v", "error", "-y"] + input + ["-vf", filter] + more
                                          + ["-f", "rawvideo", "-pix_fmt", "rgb24", out])
        #expect(result.status == 0, "\(result.stderr)")
        return [UInt8](try #require(FileManager.default.contents(atPath: out)))
    }

    /// The crop's pixels as luma (the mean of R, G and B), decoded by ffmpeg.
    static func luma(_ input: String, frame: Int, in dir: URL) throws -> [Double] {
        let c = crop
        let bytes = try rgb(["-i", input], filter: "select=eq(n\\,\(frame)),crop=\(c.width):\(c.height):\(c.x):\(c.y)", in: dir,
                            more: ["-frames:v", "1"])
        try #require(bytes.count == c.width * c.height * 3)
        return stride(from: 0, to: bytes.count, by: 3).map { i -> Double in
            let sum = Int(bytes[i]) + Int(bytes[i + 1]) + Int(bytes[i + 2])
            return Double(sum) / 3
        }
    }

    /// The mean of each 8×8 block, row by row: what the eye sees of a dithered area.
    static func blockMeans(_ luma: [Double]) -> [Double] {
        let c = crop
        var means: [Double] = []
        for by in stride(from: 0, to: c.height, by: 8) {
            for bx in stride(from: 0, to: c.width, by: 8) {
                var sum = 0.0
                for y in by..<by + 8 { for x in bx..<bx + 8 { sum += luma[y * c.width + x] } }
                means.append(sum / 64)
            }
        }
        return means
    }

    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func aShadedPageKeepsItsRampInAGIF() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gif = dir.appendingPathComponent("demo.gif").path
        let video = try Folio.run(["record", "--out", gif, "--size", "320x200", "--quiet"])
        #expect(video.status == 0, "\(video.stderr)")
        let frames = dir.appendingPathComponent("frames").path + "/"
        let png = try Folio.run(["record", "--out", frames, "--size", "320x200", "--start", "8", "--duration", "0.02", "--quiet"])
        #expect(png.status == 0, "\(png.stderr)")
        let drawn = Self.blockMeans(try Self.luma(frames + "frame-00000.png", frame: 0, in: dir))
        let kept = Self.blockMeans(try Self.luma(gif, frame: 200, in: dir))
        // The crop is paper, shaded: light throughout, ten levels from end to end.
        try #require(drawn.allSatisfy { $0 > 180 } && drawn.max()! - drawn.min()! >= 8, "\(drawn)")
        let errors = zip(drawn, kept).map { abs($0 - $1) }
        let mean = errors.reduce(0, +) / Double(errors.count)
        // 64 colours at bayer_scale=4: 1.33 at most, 0.63 on average; 48 colours at
        // bayer_scale=5, as before (bands): 2.62 and 1.31.
        #expect(errors.max()! < 2, "\(errors)")
        #expect(mean < 0.9, "\(errors)")
    }

    /// Every 8th frame of `input` (a GIF, or PNG frames named with `%05d` at 10 fps) as RGB
    /// bytes, decoded by ffmpeg.
    static func everyEighthFrame(_ input: [String], in dir: URL) throws -> [[UInt8]] {
        let bytes = try rgb(input, filter: "select=not(mod(n\\,8))", in: dir, more: ["-fps_mode", "passthrough"])
        let frame = 1280 * 800 * 3
        return stride(from: 0, to: bytes.count - frame + 1, by: frame).map { Array(bytes[$0..<$0 + frame]) }
    }

    /// How far each flat area of `kept` is from `drawn`: the 16-pixel blocks whose drawn
    /// pixels are flat (each channel's standard deviation under 2 levels), the largest
    /// channel's difference of the two blocks' means (`scripts/gif_flat_error.py` measures
    /// the same after a 3 px blur, which hardly moves a block's mean).
    static func flatErrors(drawn: [UInt8], kept: [UInt8], width: Int = 1280, height: Int = 800) -> [Double] {
        var errors: [Double] = []
        for by in stride(from: 0, to: height - 15, by: 16) {
            for bx in stride(from: 0, to: width - 15, by: 16) {
                var flat = true, worst = 0.0
                for c in 0..<3 {
                    var sum = 0.0, squares = 0.0, keptSum = 0.0
                    for y in by..<by + 16 {
                        for x in bx..<bx + 16 {
                            let i = (y * width + x) * 3 + c, v = Double(drawn[i])
                            sum += v
                            squares += v * v
                            keptSum += Double(kept[i])
                        }
                    }
                    let mean = sum / 256
                    if squares / 256 - mean * mean >= 4 { flat = false }
                    worst = max(worst, abs(keptSum / 256 - mean))
                }
                if flat { errors.append(worst) }
            }
        }
        return errors
    }

    /// The built-in demo as a GIF at 1280×800 keeps its flat areas (paper, covers, the
    /// background, the slow shading of a page) within 3 levels of the rendered frames at the
    /// 99th percentile, in under 6 MB: a palette with too few colours puts a paper tone
    /// between two of its own, and a weak dither then leaves it at the nearer one.
    @Test(.enabled(if: ffmpeg, "needs ffmpeg (installed by .ci/run)"))
    func aLargeGIFsFlatAreasStayWithinThreeLevels() throws {
        let dir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gif = dir.appendingPathComponent("demo.gif").path
        let video = try Folio.run(["record", "--out", gif, "--size", "1280x800", "--quiet"])
        #expect(video.status == 0, "\(video.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: gif)[.size] as? Int)
        #expect(size <= 6_000_000, "\(size) bytes")
        let frames = dir.appendingPathComponent("frames").path + "/"
        let png = try Folio.run(["record", "--out", frames, "--size", "1280x800", "--fps", "10", "--quiet"])
        #expect(png.status == 0, "\(png.stderr)")
        let kept = try Self.everyEighthFrame(["-i", gif], in: dir)
        let drawn = try Self.everyEighthFrame(["-framerate", "10", "-i", frames + "frame-%05d.png"], in: dir)
        try #require(drawn.count == 20 && kept.count == drawn.count, "\(drawn.count) rendered frames, \(kept.count) in the GIF")
        let errors = zip(drawn, kept).flatMap { Self.flatErrors(drawn: $0, kept: $1) }.sorted()
        try #require(errors.count > 10_000, "flat blocks: \(errors.count)")
        let p99 = errors[errors.count * 99 / 100]
        #expect(p99 <= 3, "99th percentile \(p99), largest \(errors.last!)")
    }
}
