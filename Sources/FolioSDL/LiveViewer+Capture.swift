import FolioCore
import FolioLibrary
import Foundation

/// Ctrl+R: input captured to a script file, written off the window's thread once stopped.
extension LiveViewer {
    /// Says each capture written since the last frame (or why it was not), on stderr and on
    /// screen.
    func adoptCaptureWrites() {
        for (path, failure) in captureWrites.take() {
            if let failure {
                Console.error(failure)
                continue
            }
            let shown = CaptureFolder.shown(SafeFile.realPath(path) ?? path)
            Console.note("folio: capture written to \(shown)")
            app.captureSaved(to: shown)
        }
    }

    func toggleCapture() {
        if let capture {
            // Written off this thread; said once written (`adoptCaptureWrites`).
            capturesWritten.insert(capture.path)
            captureWrites.add(HandedCapture(capture: capture))
            self.capture = nil
            app.capturing = false
        } else {
            // Unless --capture named a file: in the videos folder (made if missing).
            let path = options.capturePath
                ?? (CaptureFolder.prepared() as NSString).appendingPathComponent(CaptureFolder.fileName())
            do {
                // A capture this run wrote is its own to write again (R pressed twice with --capture).
                capture = try InputCapture(path: path, size: app.size, start: app.captureStart, library: options.library,
                                           overwrite: options.overwrite || capturesWritten.contains(path))
                Console.note("folio: capturing input to \(path) (R stops)")
                app.capturing = true
            } catch {
                Console.error("\(error)")
            }
        }
    }
}

/// A capture handed to the thread that writes it: the viewer lets go of it as it hands it
/// over, so one thread at a time holds it.
struct HandedCapture: @unchecked Sendable {
    let capture: InputCapture
}
