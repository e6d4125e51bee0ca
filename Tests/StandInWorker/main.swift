import FolioDecoding
import FolioStandInFormat
import FolioWorker

// Folio's decoder worker knowing one book format and one document format more than Folio's
// own: the stand-in formats' one registration line on the worker's side
// (`StandInFormatTests` registers them with its loader).
DecoderProcess.serve(adding: [PageListFormat()], documents: [SketchDocument()])
