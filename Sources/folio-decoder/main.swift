import FolioDecoding
import FolioWorker
import Foundation

// The decoder worker: the one program that lets a decoder (libvips, poppler, gdk-pixbuf,
// SDL_image) at a user's file. `folio` starts it (`DecoderSandbox`), confined, and talks to
// it over its standard input and output (`DecoderWire`); it is not a command to run. Apart
// from `folio` so that the viewer links none of the decoders' libraries: they are what most
// of a launch's time went to before the window could open.
if CommandLine.arguments.dropFirst().first == DecoderProcess.flag { DecoderProcess.serve() }
FileHandle.standardError.write(Data("folio-decoder: Folio's decoder worker, started by folio itself; to open a book run folio BOOK.\n".utf8))
exit(64)
