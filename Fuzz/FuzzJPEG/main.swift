import CVips
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes through the JPEG path that bypasses libvips (folio_jpeg.c:
// libjpeg-turbo at a DCT scale, then the area filter), into a box the first two bytes choose,
// fitted or cropped; never a trap or a hang, and what it returns is the size it says, opaque.
fuzzMain { data in
    guard data.count > 3 else { return }
    let width = Int32(data[0] % 96) + 1, height = Int32(data[1] % 96) + 1, crop = Int32(data[2] & 1)
    var outWidth: Int32 = 0, outHeight: Int32 = 0
    let pixels = data.dropFirst(3).withUnsafeBytes {
        folio_jpeg_fitted(-1, $0.baseAddress, $0.count, width, height, crop, &outWidth, &outHeight)
    }
    guard let pixels else { return }
    defer { folio_vips_free(pixels) }
    // The size it says: inside the box (exactly the box when cropped), and every pixel of it
    // opaque, as a JPEG is.
    precondition(outWidth >= 1 && outHeight >= 1 && outWidth <= width && outHeight <= height)
    precondition(crop == 0 || (outWidth == width && outHeight == height))
    for i in 0..<Int(outWidth * outHeight) { precondition(pixels[i * 4 + 3] == 255) }
}
