# Folio — the two commands a newcomer needs:
#   make run    install what is missing, build in release, open the viewer on the bundled books
#   make test   install what is missing, run the whole test suite (headless)
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
PACKAGES := pkg-config libsdl2-dev libsdl2-image-dev ffmpeg xvfb xdotool imagemagick
FOLIO := .build/release/folio

.PHONY: deps build run test bench demo docs assets clean

deps:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; \
	  $(SUDO) apt-get update && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y $$missing; fi

build: deps
	$(SWIFT) build -c release

run: build
	$(FOLIO)

test: deps
	$(SWIFT) build --build-tests
	SDL_VIDEODRIVER=offscreen $(SWIFT) test --no-parallel

bench: build
	$(FOLIO) bench

# The built-in demo as an MP4 and a GIF (in out/).
demo: build
	mkdir -p out
	$(FOLIO) record --out out/demo.mp4
	$(FOLIO) record --out out/demo.gif --size 640x400 --fps 20

# The README's pictures, all rendered by Folio.
docs: build
	scripts/render-docs.sh

assets:
	python3 Assets/generate.py

clean:
	rm -rf .build
