import FolioDecoding

/// The decoder the tests hand down: the product's own confined workers, run by the `folio`
/// this build made (a test that decodes in its own process makes an `InProcessDecoder` and
/// says why).
enum TestDecoding {
    static let workers: DecoderSandbox = {
        do { return try DecoderSandbox(executable: DecoderSandboxTests.worker) } catch {
            fatalError("build folio first (swift build --build-tests): \(error)")
        }
    }()
}
