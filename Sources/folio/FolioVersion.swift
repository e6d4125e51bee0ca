/// The version `folio --version` prints (and the man page carries).
enum FolioVersion {
    static let number = "0.9.0"
}
