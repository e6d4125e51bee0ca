// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "Folio",
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "FolioCore", targets: ["FolioCore"]),
        .library(name: "FolioLibrary", targets: ["FolioLibrary"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf, fenced off: only FolioSDL imports this (and the tests
        // that drive its renderer and event translation).
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // libarchive, fenced off: only FolioLibrary's ArchiveReader (and the test fixtures'
        // ArchiveWriter) import this.
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // libvips, fenced off behind CVips' non-variadic wrappers (only FolioSDL's decoding
        // imports them: VipsDecoder, PDFPages, and the decoder worker's DecoderSandbox,
        // DecoderProcess and SharedPixels).
        .systemLibrary(name: "CVipsSystem", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // poppler-glib and cairo (what libvips' PDF loader uses), fenced off behind CVips'
        // folio_pdf.c: a PDF's pages drawn from a document kept open between them.
        .systemLibrary(name: "CPopplerSystem", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        // gmodule: the worker opens the libvips modules it needs itself (folio_vips.c).
        .target(name: "CVips", dependencies: ["CVipsSystem", "CPopplerSystem"], linkerSettings: [.linkedLibrary("gmodule-2.0"), .linkedLibrary("jpeg")]),
        // gdk-pixbuf, fenced off behind one C call (only FolioSDL's PageImage calls it, in the
        // decoder worker): BMP, TGA, ICO/CUR, XPM and XBM as the GNOME image viewer reads them.
        .systemLibrary(name: "CPixbufSystem", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .target(name: "CPixbuf", dependencies: ["CPixbufSystem"]),
        // libpng, fenced off behind one C call that catches its longjmp (only FolioSDL's
        // PNGFrame calls it).
        .systemLibrary(name: "CPNGSystem", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CPNG", dependencies: ["CPNGSystem"]),
        // Frames turned into YUV 4:2:0 for the video encoder.
        .target(name: "CYUV"),
        // All behaviour, pure Swift: animation, geometry, layout, scenes, navigation, input,
        // the app. No SDL, no file I/O, no Glibc (its maths comes from swift-numerics).
        .target(name: "FolioCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // What touches the disk: libraries, archives, places, scripts and outputs, safe files,
        // the console.
        .target(name: "FolioLibrary", dependencies: ["FolioCore", "CArchive"]),
        // The only SDL code: window, renderer, textures, decoding, capture, event translation.
        .target(
            name: "FolioSDL", dependencies: ["FolioCore", "FolioLibrary", "CSDL2", "CVips", "CPixbuf", "CPNG", "CYUV"]
        ),
        // The benchmarks `folio bench` runs, apart from the viewer's code.
        .target(name: "FolioBench", dependencies: ["FolioCore", "FolioLibrary", "FolioSDL", "FolioTestFixtures"]),
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioCore", "FolioLibrary", "FolioSDL", "FolioBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "FolioLibrary", "FolioTestFixtures"]),
        // Files the tests and the benchmarks write (PDFs and archives: PDFWriter, ArchiveWriter).
        .target(name: "FolioTestFixtures", dependencies: ["FolioCore", "FolioLibrary", "CArchive"], path: "Tests/Fixtures"),
        .testTarget(name: "FolioSDLTests", dependencies: ["FolioCore", "FolioLibrary", "FolioSDL", "FolioTestFixtures", "CYUV"]),
        .testTarget(name: "FolioEndToEndTests", dependencies: ["FolioCore", "FolioLibrary", "FolioTestFixtures"]),
    ]
)

// libFuzzer targets, one per folder of Fuzz/, exist only for `make fuzz` (FOLIO_FUZZ=1 and
// -sanitize=fuzzer, in their own build folder): libFuzzer supplies their `main`.
if ProcessInfo.processInfo.environment["FOLIO_FUZZ"] != nil {
    let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: fuzz.path)) ?? [])
        .filter { $0.hasPrefix("Fuzz") }.sorted()
    package.targets.append(.target(name: "FolioFuzzDriver", path: "Fuzz/Driver"))
    for name in names {
        // A target's memory limit for `make fuzz`, when it has its own, is not source.
        let limit = FileManager.default.fileExists(atPath: fuzz.appendingPathComponent("\(name)/rss_limit_mb").path)
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FolioCore", "FolioLibrary", "FolioSDL", "FolioFuzzDriver"], path: "Fuzz/\(name)",
            exclude: limit ? ["rss_limit_mb"] : []))
    }
}
