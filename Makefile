# Folio — the two commands a newcomer needs:
#   make run    install what is missing, build in release, open the viewer on the bundled books
#   make test   install what is missing, run the whole test suite (headless)
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
PACKAGES := dpkg-dev lintian appstream zsh bash-completion fonts-noto-cjk fonts-noto-color-emoji groff-base mandoc pkg-config libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libglib2.0-dev libvips-dev libpoppler-glib-dev libpoppler-cpp-dev libdjvulibre-dev djvulibre-bin libarchive-dev libpng-dev libgdk-pixbuf-2.0-dev libfontconfig-dev python3 python3-pip ffmpeg xvfb xdotool imagemagick openbox desktop-file-utils strace
FOLIO := .build/release/folio
WORKER := $(FOLIO)
# The system's pkg-config files without -pthread and -D_REENTRANT, which SwiftPM refuses with
# a warning a line (scripts/pkgconfig.sh): every build below finds them first.
PKGCONFIG := $(CURDIR)/.build/pkgconfig
export PKG_CONFIG_PATH := $(PKGCONFIG)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

.PHONY: deps build run test tsan asan fuzz campaign corpus bench demo docs assets clean manual install uninstall deb

deps:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; fi
	@sh scripts/pkgconfig.sh $(PKGCONFIG)

# Release, with Swift's runtime linked in statically: one program, the viewer (folio), which
# is its own decoder worker (folio --decoder-worker), runs without the toolchain, so it is
# what make install copies and make deb packages. Linked by the toolchain's lld, which
# (unlike gold) does not warn about the mktemp inside the static Foundation; hardened as
# Debian builds: symbols bound at load (-z now, so the tables are read-only) and the C shims'
# calls to the C library checked (_FORTIFY_SOURCE=2).
RELEASE_FLAGS := -Xswiftc -static-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker now -Xlinker -z -Xlinker relro \
	-Xcc -D_FORTIFY_SOURCE=2 -Xcc -O2
build: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product folio

run: build
	$(FOLIO)

# (The release binary is built first: a test packages it with make deb.) The run's output is
# kept in .build/test.log; when it fails, what it comes to (a crash's test and frames, each
# failed test's first issue) is printed last, so it closes the log (scripts/test_summary.py).
test: deps build
	$(SWIFT) build --build-tests
	@echo "SDL_VIDEODRIVER=offscreen $(SWIFT) test --no-parallel"
	@{ SDL_VIDEODRIVER=offscreen $(SWIFT) test --no-parallel 2>&1; echo $$? > .build/test.status; } | tee .build/test.log; \
	status=$$(cat .build/test.status); \
	if [ "$$status" != 0 ]; then python3 scripts/test_summary.py .build/test.log; exit $$status; fi

# The decoding, cache, recording-pipeline, drop-reading, folder-watching and place-writing tests, validate's
# two decoding threads (a PDF's pages checked in process) and a folder's books read on every
# core, and a search read on three threads at once, under ThreadSanitizer (their own build folder).
tsan: deps build
	FOLIO_TEST_WORKER=$(CURDIR)/$(WORKER) SDL_VIDEODRIVER=offscreen $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --no-parallel \
	  --filter "DecodeWorkerTests|TextureCacheTests|TextureReuseTests|FolderWatchTests|RecordingPipelineTests|dropsAreReadOffTheWindowsThreadInOrder|PlaceWriterTests|aPDFLoadsAsABookWithTheRealInspector|LibraryLoaderTests|LastingThreadTests|aFolderOfLandscapePhotosIsALandscapeBook|aReadersLanesSearchThatManyStretchesAtOnce"

# The core and library tests, and those that decode, fit and letterbox pages in this process,
# under AddressSanitizer (their own build folder): a read or write past a buffer, in Swift's
# unsafe pointers or in Folio's C, ends the run with its report. (Not the heap trimmer's test:
# AddressSanitizer's allocator is not glibc's heap, which it measures.)
ASAN_SUITES := FolioCoreTests|FormatVariantTests|JPEGFastPathTests|EndsEarlyTests|LetterboxTests|PageFitTests|PageEdgeTests|TIFFSampleTests|CoverThumbnailTests|DecoderSandboxTests|DecodeWorkerTests|YUVConversionTests|ComicInfoSpreadTests|OrientationTests|TexelForPixelTests|TextureCacheTests|TextureReuseTests|WorkBoundTests
asan: deps build
	FOLIO_TEST_WORKER=$(CURDIR)/$(WORKER) ASAN_OPTIONS=detect_leaks=0 SDL_VIDEODRIVER=offscreen $(SWIFT) test --sanitize=address --scratch-path .build-asan --no-parallel \
	  --filter "$(ASAN_SUITES)" --skip "HeapTrimmerTests"

# Every libFuzzer target in Fuzz/ (one folder each, seeds in Fuzz/corpus/NAME) for
# FUZZ_SECONDS each; a crash, a hang past 20 s or 1 GB of memory fails (a target's folder
# may hold rss_limit_mb, with the reason, to allow more), and the input that did it is kept
# in .build-fuzz/crashes/. Folio's own C (the shims in Sources/C*) is built with libFuzzer's
# coverage too, so the fuzzer sees its branches. PDFs are read by the release folio's confined
# document worker, as in the app.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := $(notdir $(wildcard Fuzz/Fuzz*))
fuzz: build
	@for t in $(FUZZ_TARGETS); do \
	  FOLIO_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link --product $$t || exit 1; \
	done
	@mkdir -p .build-fuzz/crashes
	@for t in $(FUZZ_TARGETS); do \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s"; mkdir -p .build-fuzz/corpus/$$t; \
	  limit=1024; [ -f Fuzz/$$t/rss_limit_mb ] && limit=$$(head -1 Fuzz/$$t/rss_limit_mb); \
	  FOLIO_DECODER_WORKER=$(CURDIR)/$(WORKER) SWIFT_BACKTRACE=enable=no .build-fuzz/release/$$t -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=$$limit -print_final_stats=1 \
	    -artifact_prefix=.build-fuzz/crashes/$$t- .build-fuzz/corpus/$$t Fuzz/corpus/$$t 2>.build-fuzz/$$t.log \
	    || { tail -40 .build-fuzz/$$t.log; echo "fuzz: $$t failed; the input is in .build-fuzz/crashes/"; exit 1; }; \
	  grep -E "stat::number_of_executed_units|Done" .build-fuzz/$$t.log | tail -1; \
	done

# Thousands of mutated scripts, images, archives and plists, FIFOs and links, through the
# release build: no signal, no run past 60 s or 500 MB, only documented exit codes.
RUNS ?= 2000
campaign: build
	python3 scripts/campaign.py --runs $(RUNS)

# Pillow's test images (downloaded once from PyPI, pinned) through `folio validate`: the
# results must match Tests/Corpus/, with no signal and nothing past 60 s or 500 MB.
corpus: build
	python3 scripts/corpus.py

bench: build
	$(FOLIO) bench

# The built-in demo as an MP4, a WebM and a GIF (in out/).
demo: build
	mkdir -p out
	$(FOLIO) record --out out/demo.mp4 --overwrite
	$(FOLIO) record --out out/demo.webm --overwrite
	$(FOLIO) record --out out/demo.gif --size 640x400 --overwrite

# The README's pictures, all rendered by Folio.
docs: build
	scripts/render-docs.sh

assets:
	python3 Assets/generate.py

# The man page and the bash, zsh and fish completions, made from what the built folio says
# of itself (scripts/manual.py), in .build/manual/.
MAN_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date +%F)
manual: build
	python3 scripts/manual.py $(FOLIO) .build/manual --date $(MAN_DATE)
	@echo "manual: .build/manual/folio.1 (man -l .build/manual/folio.1) and the completions beside it"

# make install [PREFIX=/usr/local] [DESTDIR=]: the release binary (built only when none is
# there: make build builds it again), the bundled library in PREFIX/share/folio, the
# .desktop file, hicolor icons drawn by Folio, bash/zsh/fish completions and the man page;
# every file is listed in PREFIX/share/folio/install-manifest, which make uninstall follows.
# (INSTALL_FOLIO=… installs another binary, as the end-to-end test does.)
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_FOLIO ?= $(FOLIO)
# Only the copying runs under sudo, and only when the destination is not writable.
AS_OWNER = d="$(DESTDIR)$(PREFIX)"; while [ ! -e "$$d" ]; do d=$$(dirname "$$d"); done; \
	[ -w "$$d" ] || as="$(SUDO)"
install:
	@[ -x "$(INSTALL_FOLIO)" ] || $(MAKE) build
	@$(AS_OWNER); $$as env PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" FOLIO="$(INSTALL_FOLIO)" MAN_DATE="$(MAN_DATE)" scripts/install.sh install

uninstall:
	@$(AS_OWNER); $$as env PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall

# make deb [DEB_OUT=out]: a Debian package of the release binary (built only when none is
# there), laid out as make install PREFIX=/usr lays it, depending on Debian's own packages
# only (scripts/deb.sh); sudo apt install ./out/folio_*.deb installs it.
DEB_OUT ?= out
deb:
	@[ -x "$(INSTALL_FOLIO)" ] || $(MAKE) build
	@FOLIO="$(INSTALL_FOLIO)" MAN_DATE="$(MAN_DATE)" scripts/deb.sh "$(DEB_OUT)"

clean:
	rm -rf .build .build-fuzz .build-tsan out
