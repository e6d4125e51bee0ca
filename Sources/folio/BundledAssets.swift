import FolioLibrary

/// The bundled library and this executable, found where every bundled file is looked for
/// (`AssetFolders`).
enum BundledAssets {
    static func booksPlist() -> String? { AssetFolders.find("Books.plist") }

    static func executablePath() -> String { AssetFolders.executablePath() }
}
