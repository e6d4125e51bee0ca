// swift-tools-version:6.0
// Folio: MIT licence (LICENSE at the root; README.md, "Licence").
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
        // SDL2, SDL2_image and SDL2_ttf, fenced off: only FolioSDL imports this (the window,
        // the renderer, events and text), with the tests that drive the renderer. Decoding
        // makes plain pixels (`PagePixels`) and knows nothing of SDL.
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // fontconfig, behind one C call (CFontFallback): the font that has a character the
        // bundled DejaVu lacks (a CJK title), for FolioSDL's Typeface.
        .systemLibrary(name: "CFontconfigSystem", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CFontFallback", dependencies: ["CFontconfigSystem"]),
        // libarchive, fenced off: only FolioLibrary's ArchiveReader and FolioSamples'
        // ArchiveWriter import this.
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        // libvips, fenced off behind CVips' non-variadic wrappers (only FolioWorker imports
        // them: VipsDecoder, PDFPages, JPEG's fast path, the worker's confinement).
        .systemLibrary(name: "CVipsSystem", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // poppler-glib and cairo (what libvips' PDF loader uses), fenced off behind CVips'
        // folio_pdf.c: a PDF's pages drawn from a document kept open between them.
        .systemLibrary(name: "CPopplerSystem", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        // poppler-cpp, for poppler's Splash renderer (what pdftoppm draws with): the second
        // opinion on a page cairo cannot draw, behind CSplash's one C call.
        .systemLibrary(name: "CPopplerCppSystem", pkgConfig: "poppler-cpp", providers: [.apt(["libpoppler-cpp-dev"])]),
        .target(name: "CSplash", dependencies: ["CPopplerCppSystem"]),
        // DjVuLibre's decoding API (ddjvuapi), fenced off behind CVips' folio_djvu.c: a DjVu
        // document's pages, outline, links and hidden text, from the bytes Folio hands it.
        .systemLibrary(name: "CDjVuSystem", pkgConfig: "ddjvuapi", providers: [.apt(["libdjvulibre-dev"])]),
        // gmodule: the worker opens the libvips modules it needs itself (folio_vips.c).
        .target(name: "CVips", dependencies: ["CVipsSystem", "CPopplerSystem", "CSplash", "CDjVuSystem"], linkerSettings: [.linkedLibrary("gmodule-2.0"), .linkedLibrary("jpeg"), .linkedLibrary("tiff")]),
        // gdk-pixbuf, fenced off behind one C call (only FolioWorker's PageImage+Whole calls
        // it, in the decoder worker): BMP, TGA, ICO/CUR, XPM and XBM as the GNOME image viewer reads them.
        .systemLibrary(name: "CPixbufSystem", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .target(name: "CPixbuf", dependencies: ["CPixbufSystem"]),
        // SDL_image as a decoder, behind one C call that gives plain RGBA (CSDLImage): the
        // worker's reader of QOI and second reader of TGA.
        .systemLibrary(name: "CSDLImageSystem", pkgConfig: "SDL2_image", providers: [.apt(["libsdl2-image-dev"])]),
        .target(name: "CSDLImage", dependencies: ["CSDLImageSystem"]),
        // GLib, for what both ends of a worker's pipe share and no decoder needs (CWorker: the
        // worker's confinement, shared memory, received pixels' buffers, thumbnail names).
        .systemLibrary(name: "CGLibSystem", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "CWorker", dependencies: ["CGLibSystem"]),
        // libpng, fenced off behind C calls that catch its longjmp: FolioRecording's PNGFrame
        // writes frames with it, FolioDecoding's CoverThumbnails writes thumbnails.
        .systemLibrary(name: "CPNGSystem", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CPNG", dependencies: ["CPNGSystem"]),
        // Frames turned into YUV 4:2:0 for the video encoder (only FolioRecording).
        .target(name: "CYUV"),
        // All behaviour, pure Swift: animation, geometry, layout, scenes, navigation, input,
        // the app. No SDL, no file I/O, no Glibc (its maths comes from swift-numerics).
        .target(name: "FolioCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        // The long-lived threads: named joinable threads, the lasting thread decoder workers
        // are started on, the background queue, and Monitor, the one hand-off between threads;
        // and ChildProcess, how every program is started (decoder workers, ffmpeg, the tests').
        .target(name: "FolioThreads"),
        // What touches the disk: libraries, book formats (their listing runs wherever the
        // loader's BookFileReader reads: in the app, a decoder worker), archives, places (and
        // their writer), scripts and outputs (and the live input's capture), safe files, the
        // console, /proc's memory.
        .target(name: "FolioLibrary", dependencies: ["FolioCore", "FolioThreads", "CArchive"]),
        // The viewer's side of decoding, with no decoder in it: the confined worker processes
        // it starts and asks (DecoderSandbox, the product's one PageDecoder), their wire and
        // shared pixels, pages as plain pixels (PageImage, PagePixels), book shapes, cover thumbnails, the
        // decode thread and `validate`'s checks. Links no libvips, poppler or gdk-pixbuf.
        .target(
            name: "FolioDecoding",
            dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "CWorker", "CPNG"]
        ),
        // The worker's side: every decoder of a user's file (libvips, poppler, gdk-pixbuf,
        // SDL_image) behind the wire's requests (DecoderProcess, which lists book files with
        // the formats registered there), the formats' decoding side (PageFormat: a format's
        // page made into an image), and InProcessDecoder for code that says why it decodes
        // in its own process. `folio` links it to serve as its own worker (`folio --decoder-worker`,
        // started by the viewer; the viewer's side never calls a decoder), as do the tests and
        // the fuzz targets.
        .target(
            name: "FolioWorker",
            dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "FolioDecoding", "CSDLImage", "CVips", "CPixbuf", "CWorker"]
        ),
        // Frames on their way out of the process: the frame pipeline, PNG frames, the ffmpeg
        // encoder, the progress bar.
        .target(name: "FolioRecording", dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "CPNG", "CYUV"]),
        // The only window and renderer code: the live viewer, renderer, textures, placeholders,
        // text, the headless canvas a recording draws into, event translation.
        .target(
            name: "FolioSDL",
            dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "FolioDecoding", "FolioRecording", "CSDL2", "CFontFallback"]
        ),
        // Sample books written on demand: PDFs (PDFWriter) and comic archives (ArchiveWriter).
        // `folio bench` writes its books with them, so they ship in the product; the tests'
        // fixtures are made with them too. Not test code: nothing here checks anything.
        .target(name: "FolioSamples", dependencies: ["FolioCore", "CArchive"]),
        // The benchmarks `folio bench` runs, apart from the viewer's code, and their hook, the
        // overdraw probe (CoverageProbe); the scans they read are drawn by FolioSDL's
        // ScanGenerator, so SDL stays out of here. The product links this, never the test fixtures.
        .target(
            name: "FolioBench",
            dependencies: ["FolioCore", "FolioLibrary", "FolioDecoding", "FolioRecording", "FolioThreads", "FolioSDL", "FolioSamples"]
        ),
        .executableTarget(
            name: "folio",
            dependencies: [
                "FolioCore", "FolioLibrary", "FolioThreads", "FolioDecoding", "FolioWorker", "FolioRecording", "FolioSDL", "FolioBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "FolioSamples", "FolioTestFixtures"]),
        // The tests' own files (PDFFixture, ArchiveFixture, SlowPDFFixture), written with
        // FolioSamples' writers.
        .target(name: "FolioTestFixtures", dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "FolioSamples"], path: "Tests/Fixtures"),
        // A stand-in book format (a page list) and a stand-in document format (a sketch: pages
        // rendered at a size, an outline, text), each its own file, and the decoder worker
        // program that registers them in one line (`folio-stand-in-worker`):
        // `StandInFormatTests` lists, draws and searches their books through that worker. Test code; the product links neither.
        .target(name: "FolioStandInFormat", dependencies: ["FolioCore", "FolioLibrary", "FolioDecoding", "FolioWorker", "CWorker"], path: "Tests/StandInFormat"),
        .executableTarget(name: "folio-stand-in-worker", dependencies: ["FolioDecoding", "FolioWorker", "FolioStandInFormat"], path: "Tests/StandInWorker"),
        .testTarget(
            name: "FolioSDLTests",
            dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "FolioDecoding", "FolioWorker", "FolioRecording", "FolioSDL",
                           "FolioBench", "FolioSamples", "FolioTestFixtures", "FolioStandInFormat", "CSDL2", "CVips", "CYUV"]
        ),
        .testTarget(name: "FolioEndToEndTests", dependencies: ["FolioCore", "FolioLibrary", "FolioThreads", "FolioTestFixtures"]),
    ]
)

// libFuzzer targets, one per folder of Fuzz/, exist only for `make fuzz` (FOLIO_FUZZ=1 and
// -sanitize=fuzzer, in their own build folder): libFuzzer supplies their `main`. They are
// named here, not found by listing Fuzz/: SwiftPM keeps a manifest's evaluation in a cache
// shared by every clone, keyed by the manifest's text, so a folder added later was not seen
// (`make fuzz` said "no product named 'FuzzBMP'" on a fresh clone).
let fuzzTargets = ["FuzzArchive", "FuzzBMP", "FuzzComicInfo", "FuzzDecoderWire", "FuzzDocument", "FuzzImage", "FuzzJPEG",
                   "FuzzLibrary", "FuzzPCX", "FuzzSunRaster", "FuzzPNGText", "FuzzPlaces", "FuzzRAR", "FuzzScript", "FuzzSettings"]
if ProcessInfo.processInfo.environment["FOLIO_FUZZ"] != nil {
    let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz")
    let names = fuzzTargets
    package.targets.append(.target(name: "FolioFuzzDriver", path: "Fuzz/Driver"))
    for name in names {
        // A target's memory limit for `make fuzz`, when it has its own, is not source.
        let limit = FileManager.default.fileExists(atPath: fuzz.appendingPathComponent("\(name)/rss_limit_mb").path)
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FolioCore", "FolioLibrary", "FolioDecoding", "FolioWorker", "FolioFuzzDriver"], path: "Fuzz/\(name)",
            exclude: limit ? ["rss_limit_mb"] : []))
    }
}
