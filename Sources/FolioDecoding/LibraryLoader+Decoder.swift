import FolioLibrary

extension LibraryLoader {
    /// Loads the library at `path` as the app does: every book file and folder listed by its
    /// format, every Books.plist parsed and every file's first bytes read by `decoder` (its
    /// confined workers), so this process opens none of a user's book files.
    /// `progress` is told of each book as it is read.
    package static func load(_ path: String, decoder: any PageDecoder, progress: LibraryLoadProgress? = nil) throws -> Result {
        try load(path, formats: .standard(documents: decoder, files: decoder), progress: progress)
    }
}
