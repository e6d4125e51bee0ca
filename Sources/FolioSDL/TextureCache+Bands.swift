import CSDL2
import FolioDecoding

/// A large page made in bands, one a frame: a new texture costs a software renderer about
/// 10 ms for a page at 1920×1080 (the memory is cleared as it is first touched), which with
/// the frame's drawing would miss the next display refresh; a band of at most `bandBytes`
/// costs a fifth of that. A page on screen (drawn meanwhile from a stand-in) is finished at
/// once; one no longer wanted is given up.
extension TextureCache {
    /// Most bytes of one band (a page larger than this is made in bands).
    static let bandBytes = 4 << 20

    struct Banding {
        let key: TextureStore.Key
        let surface: PagePixels
        let shape: PageImage.Shape
        /// The rows of each band, top to bottom, and the bands made so far.
        let rows: [Range<Int32>]
        var bands: [TextureStore.Band] = []
    }

    /// The rows of each band of an image `height` rows high, `bytesPerRow` each: as few
    /// bands as keep each within `bandBytes`, of equal height but the last.
    static func bandRows(height: Int32, bytesPerRow: Int) -> [Range<Int32>] {
        let count = max(1, (Int(height) * bytesPerRow + bandBytes - 1) / bandBytes)
        let step = (Int(height) + count - 1) / count
        return stride(from: 0, to: Int(height), by: max(step, 1)).map { Int32($0)..<Int32(min($0 + step, Int(height))) }
    }

    /// Starts making `surface` as `key`'s texture a band a frame, the first band now; false
    /// (nothing done) when it fits in one band or another page is being made.
    func startBanding(_ surface: PagePixels, as key: TextureStore.Key, shape: PageImage.Shape) -> Bool {
        let rows = Self.bandRows(height: surface.height, bytesPerRow: surface.pitch)
        guard banding == nil, rows.count > 1 else { return false }
        banding = Banding(key: key, surface: surface, shape: shape, rows: rows)
        _ = continueBanding(onScreen: [])
        return true
    }

    /// Makes the next band of the page being made (all that are left when it is on screen),
    /// and keeps the page once its last band is made; true when a band was made.
    func continueBanding(onScreen: Set<TextureStore.Key>) -> Bool {
        guard var job = banding else { return false }
        guard wantedKeys.contains(job.key) else {
            giveUpBanding()
            return false
        }
        repeat {
            let rows = job.rows[job.bands.count]
            guard let band = store.makeBand(of: job.surface, rows: rows, for: job.key, recyclable: recyclable,
                                            unfiltered: drawnTexelForPixel(job.key)) else {
                banding = job
                giveUpBanding()
                return false
            }
            job.bands.append(band)
            lastFrame.uploadBytes += rows.count * job.surface.pitch
        } while job.bands.count < job.rows.count && onScreen.contains(job.key)
        lastFrame.uploads += 1
        guard job.bands.count == job.rows.count else {
            banding = job
            return true
        }
        store.insert(job.key, bands: job.bands, width: job.shape.width, height: job.shape.height)
        banding = nil
        return true
    }

    /// Drops the page being made in bands (its size is no longer drawn, or it is no longer
    /// wanted), its bands kept as spares.
    func giveUpBanding() {
        banding?.bands.forEach(store.discard)
        banding = nil
    }
}
