import ArgumentParser
import FolioCore
import FolioSDL
import Foundation

/// Opens the viewer window.
struct View: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open the viewer window (the default command).")

    @OptionGroup var library: LibraryOptions
    @Option(help: "Window size in points, WIDTHxHEIGHT.") var size = "1280x800"
    @Flag(help: "Run every animation 10x slower (toggle with S).") var slowMotion = false
    @Option(help: "Write the state trace live, one JSON line per changed frame.") var trace: String?
    @Option(help: "Capture every input event to this script file (replay with `folio record --script`).") var capture: String?
    @Flag(help: "Start on the first book at its first spread, ignoring the places remembered in $XDG_STATE_HOME/folio (~/.local/state/folio), which are kept as they are until a book is read.") var fresh = false
    @Flag(help: .hidden) var exitAfterFirstFrame = false

    func validate() throws {
        _ = try parseSize(size)
    }

    func run() throws {
        let books = try library.load()
        let size = try parseSize(size)
        var options = LiveViewer.Options()
        options.width = Int(size.width)
        options.height = Int(size.height)
        options.slowMotion = slowMotion
        options.tracePath = trace
        options.capturePath = capture
        options.cacheBytes = library.cacheBytes
        options.exitAfterFirstFrame = exitAfterFirstFrame
        // The remembered places; a traced or captured session starts as a script does,
        // so it replays the same.
        if trace == nil, capture == nil, !exitAfterFirstFrame, let store = PlaceStore.standard() {
            var remembered = Places()
            var unread = fresh
            if !fresh {
                let (places, warning) = store.load()
                if let warning { Console.warning(warning) }
                remembered = places
                // A file that could not be read stays as it is until a book is read.
                unread = warning != nil
            }
            options.placeStore = store
            options.places = PlaceKeeper(places: remembered, fresh: unread, library: books)
        }
        let viewer: LiveViewer
        do {
            viewer = try LiveViewer(library: books, options: options)
        } catch let error as FolioError where error.exit == .noDisplay {
            let reason = error.message.hasSuffix(".") ? String(error.message.dropLast()) : error.message
            throw FolioError.noDisplay("no display is available (\(reason)); render headless instead with `folio record --out DIR` or `folio bench`.")
        }
        try viewer.run()
    }
}
