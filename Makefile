# The two commands of the README. Each installs what is missing first, so they work on a
# fresh Debian machine: `make run` serves the example project, `make test` runs every test.
SWIFT      ?= swift
DEB_DEPS   := libmicrohttpd-dev libcmark-dev libsqlite3-dev pkg-config
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PORT       ?= 8080

.PHONY: run test build deps clean bench

deps:
	@missing=""; \
	for package in $(DEB_DEPS); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run flowstage serve Examples --port $(PORT)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	"$$($(SWIFT) build --show-bin-path)/flowstage" validate Examples
	"$$($(SWIFT) build --show-bin-path)/flowstage" test Examples
	"$$($(SWIFT) build --show-bin-path)/flowstage" audit Examples

# Figures, not a test: release server under wrk (installed when missing), see Tools/bench.sh.
bench: deps
	@command -v wrk >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends wrk; }
	SWIFT="$(SWIFT)" Tools/bench.sh

clean:
	rm -rf .build
