import FolioCore
import FolioThreads

/// A document's links and search read in the decoder's workers, off the window's thread.
package enum DocumentWork {
    /// Gives `app` a document reader whose work runs on threads of its own, one search
    /// stretch per decoder worker at once.
    package static func attach(to app: any DesktopLinksHost, decoder: any PageDecoder) {
        app.documents = DocumentReader(inspector: decoder, lanes: DecoderSandbox.maxWorkers) { work in
            if !startDetachedThread(named: "folio-documents", work) { work() }
        }
    }
}
