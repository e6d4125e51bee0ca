import FolioCore
import FolioLibrary

extension LiveViewer {
    /// How the viewer starts: the command line's options.
    public struct Options {
        public var width = 1280
        public var height = 800
        public var slowMotion = false
        /// Every book opens right to left, whatever was remembered (`--rtl`).
        public var rightToLeft = false
        /// Writes one trace line per frame in which something changed.
        public var tracePath: String?
        /// Records every input event to this script file.
        public var capturePath: String?
        /// A trace or capture may replace an existing file that holds anything (`--overwrite`).
        public var overwrite = false
        /// The library on the shelf, written into captures so that they replay on it.
        public var library: LibraryIdentity?
        /// A folder of books to watch: a book copied or moved into it joins the shelf once
        /// complete (`FolderWatch`).
        public var watchedFolder: String?
        /// Print "first-frame" on stdout after the first frame is presented, then quit
        /// (the benchmark's time to first frame).
        public var exitAfterFirstFrame = false
        /// Print "readable" on stdout once the reading view rests with every page on screen
        /// drawn at its own size (no placeholder, no smaller stand-in), then quit (the
        /// benchmark's time from launch to a page to read).
        public var exitWhenReadable = false
        /// Texture cache budget, bytes (nil: the renderer's default).
        public var cacheBytes: Int?
        /// The freedesktop thumbnails folder covers are made from (nil: none), and whether
        /// Folio adds the thumbnails it makes to it.
        public var thumbnailRoot: String?
        public var writesThumbnails = true
        /// Where the remembered places are kept, and the places read from it (nil: nothing
        /// is remembered).
        public var placeStore: PlaceStore?
        public var places: PlaceKeeper?
        /// Books whose spreads are still to be found (their shape is known): measured off the
        /// window's thread once the viewer runs, each taking its spreads as they come.
        public var spreadsToFind: [Int] = []
        /// Open the first book at this page (the reader's numbering: 1 is the cover) as the
        /// window appears.
        public var openAtPage: Int?
        /// PATH was one book: open it straight into the reading view (at `openAtPage`, else
        /// its remembered place).
        public var readFirstBook = false
        /// Seconds after the start at which to note the process's CPU time, frames drawn and
        /// resident memory in `marks` (the benchmark's idle measurement), waking for each.
        public var markTimes: [Double] = []
        /// Quit this many seconds after the start (the benchmark), printing "quit" and
        /// whether a page was being decoded ("quit decoding") as the loop ends.
        public var quitAfter: Double?
        /// Asked every time round the loop: true ends the viewer as closing the window does
        /// (a SIGTERM or Ctrl-C heard by the caller).
        public var stopRequested: () -> Bool = { false }
        public init() {}
    }
}

extension LiveViewer {
    /// What the process had used at one of `Options.markTimes`.
    public struct Mark: Sendable {
        public var time: Double
        /// User and system CPU of every thread, seconds.
        public var cpuSeconds: Double
        public var framesDrawn: Int
        /// Times the loop woke from a wait at rest, for whatever reason.
        public var wakes: Int
        public var residentMB: Double
        /// Resident, proportional and private memory (`ProcessMemory.Rollup`).
        public var memory: ProcessMemory.Rollup
    }
}
