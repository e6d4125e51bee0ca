import Foundation
import Testing

/// `make deb` packages the release binary: what is in the package, what it depends on, and
/// the packaged folio run from an empty root it was unpacked into.
@Suite(.serialized)
struct DebianPackageTests {
    /// The binary `make build` makes (with Swift's runtime linked in), which `make test`
    /// builds before the tests run.
    static var releaseBinary: String { Folio.root.appendingPathComponent(".build/release/folio").path }

    static func tool(_ name: String, _ arguments: [String]) throws -> Folio.Result {
        let path = try #require(Folio.which(name), "\(name) is missing (make deps installs dpkg-dev)")
        return try Folio.runProcess(path, arguments)
    }

    /// The package names in a Depends field, without versions.
    static func packageNames(_ depends: String) -> [String] {
        depends.split(separator: ",").flatMap { $0.split(separator: "|") }.map {
            String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != " " && $0 != "(" })
        }
    }

    @Test func theDebDependsOnlyOnDebianPackagesAndRunsFromAnEmptyRoot() throws {
        let binary = Self.releaseBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "\(binary) is missing: make build makes it (make test builds it first)")
        let out = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }

        let made = try Folio.runProcess("/usr/bin/make", ["-s", "-C", Folio.root.path, "deb", "DEB_OUT=\(out.path)", "INSTALL_FOLIO=\(binary)"])
        #expect(made.status == 0, "\(made.stderr)")
        let version = try Folio.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let architecture = try Self.tool("dpkg", ["--print-architecture"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let deb = out.appendingPathComponent("folio_\(version)_\(architecture).deb")
        #expect(made.stdout == deb.path + "\n")
        try #require(FileManager.default.fileExists(atPath: deb.path))

        // Depends names Debian's packages only: each is one dpkg knows (the libraries' packages
        // are installed here with their -dev packages), none is Swift's, and the libraries the
        // issue names are among them.
        let depends = try Self.tool("dpkg-deb", ["--field", deb.path, "Depends"]).stdout
        let names = Self.packageNames(depends)
        for required in ["libsdl2-2.0-0", "libsdl2-image-2.0-0", "libvips42", "libarchive13", "libpng16-16", "fonts-dejavu-core"] {
            #expect(names.contains(required), "\(required) is not in Depends: \(depends)")
        }
        // What Folio reads without (recording, links out of a book) is recommended, not required.
        let recommends = Self.packageNames(try Self.tool("dpkg-deb", ["--field", deb.path, "Recommends"]).stdout)
        #expect(recommends.contains("ffmpeg") && recommends.contains("xdg-utils") && recommends.contains("fonts-noto-cjk") && !names.contains("ffmpeg"), "\(recommends)")
        // One program with its own Foundation: at most 70 MiB installed (dpkg counts KiB).
        let installed = try Self.tool("dpkg-deb", ["--field", deb.path, "Installed-Size"]).stdout
        let kib = try #require(Int(installed.trimmingCharacters(in: .whitespacesAndNewlines)), "Installed-Size: \(installed)")
        #expect(kib > 1024 && kib <= 70 * 1024, "\(kib) KiB installed")
        for name in names {
            #expect(!name.lowercased().contains("swift"), "\(name)")
            let known = try Self.tool("dpkg-query", ["--show", "--showformat=${Package}", name])
            #expect(known.status == 0 && known.stdout == name, "\(name) is not a Debian package dpkg knows: \(known.stderr)")
        }

        // The files make install lays out, under /usr, the man page compressed.
        let listing = try Self.tool("dpkg-deb", ["--contents", deb.path]).stdout
        let paths = Set(listing.split(separator: "\n").compactMap { $0.split(separator: " ").last.map { String($0.dropFirst()) } })
        for path in ["/usr/bin/folio", "/usr/share/applications/io.github.folioviewer.Folio.desktop",
                     "/usr/share/icons/hicolor/256x256/apps/io.github.folioviewer.Folio.png",
                     "/usr/share/icons/hicolor/scalable/apps/io.github.folioviewer.Folio.svg",
                     "/usr/share/metainfo/io.github.folioviewer.Folio.metainfo.xml",
                     "/usr/share/man/man1/folio.1.gz", "/usr/share/bash-completion/completions/folio",
                     "/usr/share/zsh/vendor-completions/_folio", "/usr/share/fish/vendor_completions.d/folio.fish",
                     "/usr/share/folio/Books.plist", "/usr/share/doc/folio/copyright",
                     "/usr/share/doc/folio/changelog.gz"] {
            #expect(paths.contains(path), "\(path) is not in the package")
        }
        #expect(!paths.contains { $0.hasPrefix("/usr/libexec") }, "one program: folio is its own decoder worker")
        // The fonts are fonts-dejavu-core's, linked (lintian: duplicate-font-file otherwise).
        #expect(listing.contains("./usr/share/folio/Fonts/DejaVuSans.ttf -> ../../fonts/truetype/dejavu/DejaVuSans.ttf"), "\(listing)")
        #expect(!paths.contains { $0.hasSuffix("install-manifest") }, "dpkg keeps the list of files, not the manifest")

        // Unpacked into an empty root: the binary needs no Swift library, and it runs from there,
        // finding its bundled books beside it.
        let root = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let unpacked = try Self.tool("dpkg-deb", ["--extract", deb.path, root.path])
        #expect(unpacked.status == 0, "\(unpacked.stderr)")
        let packaged = root.appendingPathComponent("usr/bin/folio")
        let libraries = try Self.tool("ldd", [packaged.path]).stdout
        // The decoders are linked for the worker that folio starts as itself.
        #expect(libraries.contains("libvips"))
        for line in libraries.split(separator: "\n") {
            #expect(!line.contains("swift") && !line.contains("Foundation") && !line.contains("dispatch"), "\(line)")
            #expect(!line.contains("not found"), "\(line)")
        }
        let elsewhere = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let packagedVersion = try InstallTests.run(packaged, ["--version"], in: elsewhere)
        #expect(packagedVersion.status == 0 && packagedVersion.stdout == version + "\n", "\(packagedVersion)")
        let book = root.appendingPathComponent("usr/share/folio/Books/aurora")
        let validate = try InstallTests.run(packaged, ["validate", book.path], in: elsewhere)
        #expect(validate.status == 0, "\(validate.stderr)")
        #expect(validate.stderr.contains("1 book, 12 pages, no problems."), "\(validate.stderr)")
        let library = try InstallTests.run(packaged, ["validate", root.appendingPathComponent("usr/share/folio").path], in: elsewhere)
        #expect(library.status == 0 && library.stderr.contains("6 books"), "\(library.stderr)")
    }

    /// lintian, Debian's own check, finds no error and no warning in the package (the infos
    /// it reports with --pedantic are listed, with why, in docs/INSTALL.md).
    @Test func lintianPassesThePackage() throws {
        let binary = Self.releaseBinary
        try #require(FileManager.default.isExecutableFile(atPath: binary), "\(binary) is missing: make build makes it (make test builds it first)")
        let lintian = try #require(Folio.which("lintian"), "lintian is missing (make deps installs it)")
        let out = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let made = try Folio.runProcess("/usr/bin/make", ["-s", "-C", Folio.root.path, "deb", "DEB_OUT=\(out.path)", "INSTALL_FOLIO=\(binary)"])
        try #require(made.status == 0, "\(made.stderr)")
        let deb = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let checked = try Folio.runProcess(lintian, ["--fail-on", "error,warning", "--no-tag-display-limit", deb])
        let tags = checked.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        #expect(checked.status == 0 && tags.isEmpty, "\(checked.stdout)\(checked.stderr)")
        // The maintainer is taken from DEBFULLNAME and DEBEMAIL, as Debian's tools take it.
        let named = try Folio.runProcess("/usr/bin/env", ["DEBFULLNAME=Ada Reader", "DEBEMAIL=ada@example.net", "/usr/bin/make", "-s", "-C", Folio.root.path,
                                                         "deb", "DEB_OUT=\(out.path)", "INSTALL_FOLIO=\(binary)"])
        try #require(named.status == 0, "\(named.stderr)")
        #expect(try Self.tool("dpkg-deb", ["--field", deb, "Maintainer"]).stdout == "Ada Reader <ada@example.net>\n")
    }

    /// A binary that needs Swift's shared libraries (the debug build) is refused with one
    /// sentence, and no package is written.
    @Test func aBinaryThatNeedsSwiftsLibrariesIsRefused() throws {
        let out = try Folio.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let debug = Folio.root.appendingPathComponent(".build/debug/folio").path
        try #require(FileManager.default.isExecutableFile(atPath: debug))
        let refused = try Folio.runProcess("/usr/bin/make", ["-s", "-C", Folio.root.path, "deb", "DEB_OUT=\(out.path)", "INSTALL_FOLIO=\(debug)"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("needs Swift's libraries") && refused.stderr.contains("-static-stdlib"), "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
