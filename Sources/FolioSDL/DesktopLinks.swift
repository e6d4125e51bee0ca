import CSDL2
import FolioCore
import FolioDecoding
import FolioLibrary
import FolioThreads
import Foundation

/// What the live viewer does for a PDF's links and search beyond the app: reading them in
/// the decoder's workers off the window's thread, showing the hand over a link, and handing
/// an address the reader clicked twice to the desktop (`xdg-open`).
enum DesktopLinks {
    /// Gives `app` a document reader whose work runs on threads of its own, one search
    /// stretch per decoder worker at once.
    static func attach(to app: any DesktopLinksHost, decoder: any PageDecoder) {
        app.documents = DocumentReader(inspector: decoder) { work in
            if !startDetachedThread(named: "folio-documents", work) { work() }
        }
        app.searchLanes = DecoderSandbox.maxWorkers
    }

    nonisolated(unsafe) private static var shown = DrawList.PointerShape.arrow
    nonisolated(unsafe) private static var hand: OpaquePointer?

    /// Shows `pointer` (the window's thread only), and opens the address the app asks to.
    static func apply(_ app: any DesktopLinksHost, pointer: DrawList.PointerShape) {
        if pointer != shown {
            shown = pointer
            if pointer == .link, hand == nil { hand = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND) }
            SDL_SetCursor(pointer == .link ? hand : SDL_GetDefaultCursor())
        }
        if let address = app.addressToOpen {
            app.addressToOpen = nil
            open(address)
        }
    }

    /// Hands `address` (checked by the app: a web or mail address of printable characters)
    /// to the desktop's opener, not waiting for it; a failure is one warning.
    static func open(_ address: String) {
        do {
            let opener = try ChildProcess("/usr/bin/env", ["xdg-open", address])
            // Reaped off the window's thread when it ends (xdg-open hands the address on).
            if !startDetachedThread(named: "folio-opener", { _ = opener.wait() }) { _ = opener.ending }
        } catch {
            Console.warning("\(address): could not be opened (xdg-open: \(error)).")
        }
    }
}
