import FolioCore
import FolioLibrary

/// What arrives from outside the window's input: drops read off the window's thread, and the
/// library folder's changes (`FolderWatch`).
extension LiveViewer {
    /// Adds to the shelf what the drops read so far held, has the books that arrived in the
    /// library's folder read, and takes those that went off the shelf (a renamed one's place
    /// follows it, and it comes back under its new name once read).
    func adoptDrops() {
        let changes = watch?.take() ?? FolderWatch.Changes()
        for (old, new) in changes.renamed {
            app.places?.rename(from: old, to: new)
            app.removeBooks(at: old, at: now())
        }
        for path in changes.gone { app.removeBooks(at: path, at: now()) }
        for path in changes.arrived {
            arriving.insert(path)
            drops.read(path)
        }
        let read = drops.take()
        guard !read.isEmpty else { return }
        for drop in read {
            let arrived = arriving.remove(drop.path) != nil
            for line in app.adopt(dropOf: drop.path, drop.result, keys: drop.keys, centring: !arrived, at: now()) { Console.warning(line) }
        }
    }
}
