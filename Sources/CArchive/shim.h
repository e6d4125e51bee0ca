// libarchive, fenced off: only FolioCore's ArchiveReader imports this module.
#include <archive.h>
#include <archive_entry.h>
