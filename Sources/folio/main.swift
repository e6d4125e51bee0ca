import FolioCore
print("folio")
