import FolioLibrary

extension LibraryLoader {
    /// Loads the library at `path` as the app does: every book file and folder listed by its
    /// format, every Books.plist parsed and every file's first bytes read by `decoder` (its
    /// confined workers), so this process opens none of a user's book files.
    package static func load(_ path: String, decoder: any PageDecoder) throws -> Result {
        try load(path, formats: .standard(documents: decoder, files: decoder))
    }
}
