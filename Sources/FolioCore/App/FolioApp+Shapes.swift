/// Books measured as they open: the app asks, the host measures (reading page headers in its
/// decoder workers, off the input path) and hands the shape back; nothing waits meanwhile.
/// One way: the app never calls the host.
extension FolioApp {
    /// The books to measure since the last call, with what is known of them; each is asked
    /// for once.
    public func takeShapesWanted() -> [(index: Int, book: Book)] { bookcase.takeShapesWanted() }

    /// Book `index` measured: its page shape and the double pages found. An open book takes
    /// the shape at once, on the page the reader is at (`Bookcase.adopt(shape:ofBook:open:)`).
    public func adopt(shape measured: Book, ofBook index: Int) {
        if bookcase.adopt(shape: measured, ofBook: index, open: book) { reading?.relayout() }
    }
}
