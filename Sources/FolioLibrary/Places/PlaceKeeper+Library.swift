import FolioCore

extension PlaceKeeper {
    /// Places for `library`'s books (the library `identity` names), each known by its real
    /// path and size on disk.
    public convenience init(places: Places, fresh: Bool = false, library: Library, identity: LibraryIdentity = .bundled) {
        self.init(places: places, fresh: fresh, library: library, identity: identity, path: BookKey.path(of:), key: BookKey.of)
    }
}
