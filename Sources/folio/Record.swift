import ArgumentParser
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioRecording
import FolioSDL
import Foundation

/// Renders a script (or the built-in demo) headless.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a script of input events headless: PNG frames, MP4, WebM, WebP or GIF, and a state trace.",
        discussion: "Without --script the built-in demo plays; --tour BOOK films a flip-through of one book instead. Output is chosen by --out: a name ending in .mp4, .webm, .webp or .gif is a video (needs ffmpeg); a name ending in / or an existing folder gets frame-00000.png, …. A video keeps its first size: a resize in the script is letterboxed into it. A GIF runs at 25 fps (10 fps past 640x400 twice over) unless --fps asks for more (at most 50); its palette is made for the recording and dithered.")

    @OptionGroup var library: LibraryOptions
    @Option(help: "The script (JSON) to play; default: the built-in demo. A capture plays on the library it was captured on unless --library is given.", completion: .file(extensions: ["json"])) var script: String?
    @Option(help: ArgumentHelp("Film a flip-through of BOOK (a folder of images, an archive, a PDF or a DjVu book, loaded as the library): the shelf, the opening, the book laid flat, a riffle pausing on the cover, two spreads in the middle and the last page, the close; 20 s unless --duration says (the timing scales).", valueName: "book"), completion: .file()) var tour: String?
    @Option(help: "Where to write: DIR/, FILE.mp4, FILE.webm, FILE.webp or FILE.gif.", completion: .file()) var out: String?
    @Option(help: "Write the state trace here, one JSON object per frame.", completion: .file()) var trace: String?
    @Option(parsing: .unconditional, help: "Frame size in points, WIDTHxHEIGHT (default: the script's).") var size: String?
    @Option(parsing: .unconditional, help: "Frames per second (default: the script's).") var fps: Double?
    @Option(parsing: .unconditional, help: "Seconds to render (default: the script's duration).") var duration: Double?
    @Option(parsing: .unconditional, help: "Skip the first seconds of the script.") var start: Double = 0
    @Flag(help: "Run every animation 10x slower.") var slowMotion = false
    @Flag(help: "No progress bar.") var quiet = false
    @Flag(help: "Replace an existing --out or --trace file, and remove the frame-NNNNN.png files already in the --out folder first (without it an existing file that is not empty, or a folder holding frames, is refused).") var overwrite = false

    /// Every number bounded before anything runs: frames are at most an hour at 240 fps.
    func validate() throws {
        guard out != nil || trace != nil else {
            throw ValidationError("record needs --out (DIR/, FILE.mp4, FILE.webm, FILE.webp, FILE.gif) or --trace FILE.")
        }
        if tour != nil, script != nil { throw ValidationError("--tour and --script cannot go together: a tour is a script of its own.") }
        if tour != nil, library.library != nil {
            throw ValidationError("--tour and --library cannot go together: the book toured is the library.")
        }
        try check(fps, "--fps", InputScript.fpsRange)
        try check(start, "--start", 0...InputScript.maxSeconds, unit: " s")
        try check(duration, "--duration", 0...InputScript.maxSeconds, unit: " s")
        if duration == 0 { throw ValidationError("--duration must be more than 0 s.") }
        if let size { _ = try parseSize(size) }
        if let out {
            // A name that is neither a video nor plainly a folder is refused rather than
            // guessed at: `--out clip` quietly making a folder of frames surprises.
            var isFolder: ObjCBool = false
            let existingFolder = FileManager.default.fileExists(atPath: out, isDirectory: &isFolder) && isFolder.boolValue
            if out.hasSuffix("/") || existingFolder || VideoEncoder.Format(path: out) != nil { return }
            let what = (out as NSString).pathExtension.isEmpty ? "it has no extension and is not an existing folder"
                : "its extension is not one record writes"
            throw ValidationError("--out \(out) is refused (\(what)): record writes \(VideoEncoder.Format.extensionList) videos, or PNG frames into a folder (a name ending in / or an existing folder).")
        }
    }

    func run() throws {
        var options = Recorder.Options()
        options.output = out.map(Recorder.Output.parse)
        options.tracePath = trace
        options.size = try size.map(parseSize)
        options.fps = fps
        options.start = start
        options.duration = duration
        options.slowMotion = slowMotion
        options.quiet = quiet
        options.overwrite = overwrite
        options.cacheBytes = library.cacheBytes
        // A bad script or output is refused before a frame folder is made.
        var demo = try script.map { try InputScript.load(path: $0) } ?? InputScript.builtInDemo
        try checkWritable(options)
        let decoder = try LibraryOptions.decoder(bounded: true)
        var shelf = library
        if let tour { shelf.library = tour }
        if shelf.library == nil, let script, let captured = Self.capturedLibrary(demo, script: script) {
            shelf.library = captured
            // Said even with --quiet: a script from someone else names which of your files it shows.
            Console.note("folio: \(script) plays on \(captured), the library it was captured on (--library chooses another).")
        }
        let books = try shelf.load(decoder: decoder)
        if tour != nil {
            // Made for the book as loaded (its pages counted), at the size and length asked.
            demo = InputScript.tour(pageCount: books.books.first?.numbering.count ?? 1, duration: duration ?? InputScript.tourDuration,
                                    size: options.size ?? demo.size)
        }

        Interrupt.install(endingWorkers: true)
        do {
            let frames = try Recorder(library: books, script: demo, decoder: decoder, options: options)
                .run(interrupted: Interrupt.requested)
            if !quiet, let out { Console.note("folio: wrote \(Sentence.count(frames, "frame")) to \(out)") }
        } catch {
            // Ctrl-C also reaches ffmpeg (same process group), so a failed write can be the
            // first sign of it.
            if error is RecordingInterrupted || Interrupt.requested() {
                let what: String
                switch options.output {
                case .video(let path, _)?: what = "\(path) was not written (the partial file was removed)"
                case .frames(let dir)?: what = "the frames written so far are complete, in \(dir)"
                case nil: what = "the trace holds the frames rendered so far"
                }
                throw FolioError.interrupted("interrupted; \(what).")
            }
            throw error
        }
    }

    /// The library `script` was captured on, when it still is a folder or a regular file
    /// (a book or a Books.plist), for a replay without --library; nil for the bundled books,
    /// with one warning when the library it names is gone.
    static func capturedLibrary(_ script: InputScript, script name: String) -> String? {
        guard case .path(let path)? = script.library else { return nil }
        if case .path(let real)? = LibraryIdentity.of(path: path), real == path { return path }
        Console.warning("\(name) was captured on \(path), which is no longer a folder or a book file, so it plays on the bundled books.")
        return nil
    }

    /// Fails before rendering when an output cannot be written or ffmpeg is missing: every
    /// path goes through `OutputFile`'s checks (nothing is created or replaced here but a new
    /// frame folder), so a link, a FIFO or a device is never replaced by a file.
    func checkWritable(_ options: Recorder.Options) throws {
        switch options.output {
        case .video(let path, _)?:
            guard VideoEncoder.ffmpegPath() != nil else { throw FolioError.badInput(VideoEncoder.missingMessage) }
            try OutputFile.checkFile(path, streams: false, overwrite: options.overwrite,
                                     why: "a video is finished in a file of its own and moved into place, which would replace it")
        case .frames(let dir)?:
            try OutputFile.checkFolder(dir)
            if mkdir(dir, 0o777) != 0, errno != EEXIST {
                throw FolioError.badInput("\(dir): the folder cannot be created (\(String(cString: strerror(errno)).lowercased())).")
            }
        case nil: break
        }
        if let trace = options.tracePath {
            try OutputFile.checkFile(trace, streams: true, overwrite: options.overwrite)
        }
    }
}
