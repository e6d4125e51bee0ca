import FolioCore

extension PlaceKeeper {
    /// Places for `library`'s books, each known by its real path and size on disk.
    public convenience init(places: Places, fresh: Bool = false, library: Library) {
        self.init(places: places, fresh: fresh, library: library, path: BookKey.path(of:), key: BookKey.of)
    }
}
