import FolioDecoding
import FolioStandInFormat
import FolioWorker

// Folio's decoder worker knowing one format more than Folio's own: the stand-in format's one
// registration line on the worker's side (`StandInFormatTests` registers it with its loader).
DecoderProcess.serve(adding: [PageListFormat()])
