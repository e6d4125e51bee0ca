import FolioTestFixtures
import FolioThreads
import Foundation
import Testing

/// `make install` into a temporary DESTDIR, checked file by file; the installed binary run
/// from outside the tree; `make uninstall` leaves nothing behind.
@Suite(.serialized)
struct InstallTests {
    static let iconSizes = [16, 22, 24, 32, 48, 64, 128, 256, 512]
    static let mimeTypes = ["application/vnd.comicbook+zip", "application/vnd.comicbook-rar", "application/x-cb7",
                            "application/x-cbt", "application/pdf", "image/vnd.djvu", "image/vnd.djvu+multipage"]

    static func make(_ arguments: [String]) throws -> Folio.Result {
        try Folio.runProcess("/usr/bin/make", ["-s", "-C", Folio.root.path] + arguments)
    }

    /// Every regular file under `dir`, as paths relative to it.
    static func files(under dir: URL) -> [String] {
        let base = dir.path
        var out: [String] = []
        let walker = FileManager.default.enumerator(atPath: base)
        while let name = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                out.append("/" + name)
            }
        }
        return out.sorted()
    }

    /// Width, height and colour type of a PNG from its IHDR chunk.
    static func pngHeader(_ url: URL) throws -> (width: Int, height: Int, colourType: UInt8) {
        let data = try Data(contentsOf: url)
        try #require(data.count > 26 && data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20), data[25])
    }

    @Test func installChecksOutFileByFileAndUninstallLeavesNothing() throws {
        let validator = try #require(Folio.which("desktop-file-validate"), "desktop-file-validate is in desktop-file-utils (make deps installs it)")
        let destdir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: destdir) }
        let vars = ["DESTDIR=\(destdir.path)", "PREFIX=/usr", "INSTALL_FOLIO=\(Folio.executable)"]
        let install = try Self.make(["install"] + vars)
        #expect(install.status == 0, "\(install.stderr)")

        func installed(_ path: String) -> URL { destdir.appendingPathComponent(String(path.dropFirst())) }
        // The binary and the bundled library, byte for byte.
        let binary = installed("/usr/bin/folio")
        #expect(FileManager.default.isExecutableFile(atPath: binary.path))
        #expect(try Data(contentsOf: binary) == Data(contentsOf: URL(fileURLWithPath: Folio.executable)))
        // One program: the binary is its own decoder worker.
        #expect(!FileManager.default.fileExists(atPath: installed("/usr/libexec").path), "nothing but folio is installed to run")
        let assets = Folio.root.appendingPathComponent("Assets")
        let books = Self.files(under: assets.appendingPathComponent("Books"))
        #expect(books.count > 10)
        #expect(Self.files(under: installed("/usr/share/folio/Books")) == books)
        // The font the text is drawn in, and its licence.
        let fonts = Self.files(under: assets.appendingPathComponent("Fonts"))
        #expect(fonts.contains("/DejaVuSans.ttf") && fonts.contains("/LICENSE"), "\(fonts)")
        #expect(Self.files(under: installed("/usr/share/folio/Fonts")) == fonts)
        for name in ["/Books.plist"] + books.map({ "/Books" + $0 }) + fonts.map({ "/Fonts" + $0 }) {
            #expect(try Data(contentsOf: installed("/usr/share/folio" + name)) == Data(contentsOf: assets.appendingPathComponent(String(name.dropFirst()))), "\(name)")
        }

        // The .desktop file passes desktop-file-validate and names the installed binary and
        // the MIME types, which shared-mime-info already defines (so no MIME XML is installed).
        let id = "io.github.folioviewer.Folio"
        let desktop = installed("/usr/share/applications/\(id).desktop")
        let validation = try Folio.runProcess(validator, [desktop.path])
        #expect(validation.status == 0 && validation.stdout.isEmpty && validation.stderr.isEmpty, "\(validation.stdout)\(validation.stderr)")
        let entry = try String(contentsOf: desktop, encoding: .utf8)
        #expect(entry.contains("\nExec=/usr/bin/folio %f\n"))
        #expect(entry.contains("\nIcon=\(id)\n") && entry.contains("\nStartupWMClass=\(id)\n"), "named by the id the window's class says")
        let mimeLine = try #require(entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        #expect(Set(mimeLine.dropFirst("MimeType=".count).split(separator: ";").map(String.init)) == Set(Self.mimeTypes))
        let database = try String(contentsOfFile: "/usr/share/mime/packages/freedesktop.org.xml", encoding: .utf8)
        for type in Self.mimeTypes { #expect(database.contains("<mime-type type=\"\(type)\">"), "\(type)") }

        // Icons drawn by Folio: square RGBA PNGs at each hicolor size.
        for size in Self.iconSizes {
            let header = try Self.pngHeader(installed("/usr/share/icons/hicolor/\(size)x\(size)/apps/\(id).png"))
            #expect(header.width == size && header.height == size && header.colourType == 6, "\(size): \(header)")
        }
        // The icon that scales, and what software centres list: AppStream's validator passes it.
        let svg = try String(contentsOf: installed("/usr/share/icons/hicolor/scalable/apps/\(id).svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("viewBox=\"0 0 128 128\""))
        let metainfo = installed("/usr/share/metainfo/\(id).metainfo.xml")
        if let appstream = Folio.which("appstreamcli") {
            let valid = try Folio.runProcess(appstream, ["validate", "--no-net", metainfo.path])
            #expect(valid.status == 0, "\(valid.stdout)\(valid.stderr)")
        } else {
            Issue.record("appstreamcli is missing (make deps installs appstream)")
        }
        #expect(try String(contentsOf: metainfo, encoding: .utf8).contains("<launchable type=\"desktop-id\">\(id).desktop</launchable>"))
        // The thumbnailer names the installed binary and the comic types (ThumbnailerTests
        // runs its Exec line).
        let thumbnailer = try String(contentsOf: installed("/usr/share/thumbnailers/folio.thumbnailer"), encoding: .utf8)
        #expect(thumbnailer.contains("\nExec=/usr/bin/folio thumbnail %i %o %s\n") && thumbnailer.contains("application/vnd.comicbook+zip;"))

        // Completions for three shells and the generated man page.
        #expect(try String(contentsOf: installed("/usr/share/bash-completion/completions/folio"), encoding: .utf8).contains("complete -F _folio folio"))
        #expect(try String(contentsOf: installed("/usr/share/zsh/vendor-completions/_folio"), encoding: .utf8).hasPrefix("#compdef folio"))
        #expect(try String(contentsOf: installed("/usr/share/fish/vendor_completions.d/folio.fish"), encoding: .utf8).contains("complete -c folio"))
        let man = try String(contentsOf: installed("/usr/share/man/man1/folio.1"), encoding: .utf8)
        #expect(man.hasPrefix(".TH FOLIO 1"))
        #expect(man.contains("\\fB\\-\\-page\\fR \\fIpage\\fR"))

        // The manifest lists exactly the files there are.
        let manifest = try String(contentsOf: installed("/usr/share/folio/install-manifest"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").filter { $0.hasPrefix("file ") }.map { String($0.dropFirst(5)) }.sorted()
        #expect(listed == Self.files(under: destdir))
        // The binary (its own worker), Books.plist, the books, the fonts, the .desktop file,
        // the metainfo, the thumbnailer, the icons (PNGs and the SVG), three completions, the
        // man page and the manifest.
        #expect(listed.count == 1 + 1 + books.count + fonts.count + 1 + 1 + 1 + Self.iconSizes.count + 1 + 3 + 1 + 1)

        // The installed binary, run from outside the tree, finds its library in ../share/folio.
        let outside = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        let version = try Self.run(binary, ["--version"], in: outside)
        #expect(version.status == 0)
        #expect(version.stdout == (try Folio.run(["--version"])).stdout)
        let validate = try Self.run(binary, ["validate", installed("/usr/share/folio").path], in: outside)
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stderr.contains("6 books") && validate.stderr.contains("no problems"), "\(validate.stderr)")
        let view = try Self.run(binary, ["--exit-after-first-frame"], in: outside)
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stdout == "first-frame\n")
        #expect(!view.stderr.contains("font"), "the installed viewer found no font: \(view.stderr)")

        let uninstall = try Self.make(["uninstall"] + vars)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destdir.path).isEmpty)
    }

    /// A relative PREFIX is refused before anything is written; uninstalling what is not
    /// installed does nothing.
    @Test func aRelativePrefixIsRefusedAndUninstallOfNothingIsHarmless() throws {
        let destdir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: destdir) }
        let refused = try Self.make(["install", "DESTDIR=\(destdir.path)", "PREFIX=usr", "INSTALL_NEEDS=", "INSTALL_FOLIO=\(Folio.executable)"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("PREFIX usr is not an absolute path."), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destdir.path).isEmpty)
        let nothing = try Self.make(["uninstall", "DESTDIR=\(destdir.path)", "PREFIX=/usr"])
        #expect(nothing.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: destdir.path).isEmpty)
    }

    /// A manifest that names a file outside PREFIX is refused whole: nothing is removed.
    @Test func aManifestPointingOutsideThePrefixIsRefused() throws {
        let destdir = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: destdir) }
        let victim = destdir.appendingPathComponent("etc/keep")
        let manifest = destdir.appendingPathComponent("usr/share/folio/install-manifest")
        try FileManager.default.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: manifest.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: victim)
        for line in ["file /etc/keep", "file /usr/../etc/keep", "dir /etc"] {
            try Data("file /usr/share/folio/install-manifest\n\(line)\n".utf8).write(to: manifest)
            let result = try Self.make(["uninstall", "DESTDIR=\(destdir.path)", "PREFIX=/usr"])
            #expect(result.status != 0, "\(line)")
            #expect(FileManager.default.fileExists(atPath: victim.path) && FileManager.default.fileExists(atPath: manifest.path))
        }
    }

    static func run(_ binary: URL, _ arguments: [String], in directory: URL) throws -> Folio.Result {
        let child = try ChildProcess(binary.path, arguments, environment: ChildProcess.environment(["FOLIO_ASSETS": nil, "SDL_VIDEODRIVER": "offscreen"]),
                                     directory: directory.path, stdout: .pipe, stderr: .pipe)
        let (ending, o, e) = child.finish()
        return Folio.Result(status: ending.status, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}
