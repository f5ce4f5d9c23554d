# pipe — make run starts the REPL, make test runs every check. Both install what is missing.
SWIFT ?= swift
SWIFTC ?= swiftc
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps release-deps test-deps build run test test-fast test-slow test-only test-targets-listed test-tsan lint format release bench bench-engine bench-startup \
  bench-fake-api docs fuzz fuzz-all fuzz-build fuzz-run clean svg-check install uninstall man docc

all: build

# $(call apt,PACKAGE,CHECK): installs a Debian package (as root, or via sudo) unless CHECK,
# a shell test, says it is already there.
apt = @$(2) >/dev/null 2>&1 || { echo "installing $(1)"; $(SUDO) apt-get update -qq && \
  $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(1); }

# pipe needs libedit-dev (the prompt's line editing); its plugins libssl-dev (https://).
deps:
	$(call apt,libedit-dev,dpkg -s libedit-dev)
	$(call apt,libssl-dev,dpkg -s libssl-dev)

# tmux gives the prompt's end-to-end tests a terminal of their own (CI has none); python3
# runs the example plugin written in Python; xmllint validates `pipe check --format junit`
# and Perl's prove reads its TAP; zsh and fish load the completions `make install` writes;
# headless chromium and firefox-esr load the room's page (`pipe fake-api --room`), driven over
# chromium's DevTools pipe and Firefox's WebDriver BiDi.
# node-typescript type-checks the RxJS exports against Debian's rxjs 7, which node-inquirer
# carries (it Provides node-rxjs; there is no package of its own), and nodejs runs them.
# openssl makes the certificate of the https:// test server (which the test trusts by
# SSL_CERT_FILE).
# pytest-lsp (PyPI), a real LSP client, drives `pipe lsp` (LSPClientTests) from a virtual
# environment of its own under .build, so that the tests then run offline; vim loads the
# editors' syntax and ftdetect files.
LSP_VENV := .build/lsp-venv
LSP_CLIENT := pytest-lsp==1.0.1
test-deps: deps
	$(call apt,python3,command -v python3)
	$(call apt,tmux,command -v tmux)
	$(call apt,libxml2-utils,command -v xmllint)
	$(call apt,perl,command -v prove)
	$(call apt,time,test -x /usr/bin/time)
	$(call apt,zsh,command -v zsh)
	$(call apt,fish,command -v fish)
	$(call apt,chromium,command -v chromium)
	$(call apt,openssl,command -v openssl)
	$(call apt,nodejs,command -v node)
	$(call apt,node-typescript,command -v tsc)
	$(call apt,node-inquirer,test -f /usr/share/nodejs/rxjs/package.json)
	$(call apt,python3-venv,python3 -c 'import ensurepip')
	$(call apt,vim,command -v vim)
	@$(LSP_VENV)/bin/python -c 'import pytest_lsp' >/dev/null 2>&1 || { echo "installing $(LSP_CLIENT) in $(LSP_VENV)"; \
	  python3 -m venv $(LSP_VENV) && $(LSP_VENV)/bin/pip install -q '$(LSP_CLIENT)'; }
	$(call apt,firefox-esr,command -v firefox-esr || command -v firefox)

# The tests in two kinds, every test target in one of them (`make test` checks that):
# fast ones run in process (or start a small plugin or helper at most): `make test-fast`, the
# inner loop, about a minute after a build; slow ones start the `pipe` binary at a prompt
# under tmux or a pty, install it, or build the exported Combine programs: `make test-slow`.
# One target or one class: `make test-only TESTS=PipeDSLTests` (a --filter regex: also
# `TESTS=PipeDSLTests.LexerTests` or `TESTS=RunawayTests/testSIGINT`).
FAST_TESTS := SplitMixTests TerminalTextTests JSONTests OperatorsTests PipeDSLTests PipeRenderingTests \
  FuzzRoundsTests PipeProcessSupportTests PipeExportTests PipeREPLTests PluginsTests SourcePluginsTests
SLOW_TESTS := REPLEndToEndTests LimitsTests ExportRoundTripTests PluginEndToEndTests ExamplesTests DocsTests WorkshopTests \
  LSPClientTests
empty :=
space := $(empty) $(empty)
tests-filter = '^($(subst $(space),|,$(strip $(1))))\.'

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run pipe

# The man page's tool is built before the tests run: the install test installs the debug
# build with it, and a test must not start a build.
# Every test, in lanes at once: the export round trips' CPU-bound builds niced in one, the other
# targets, which mostly wait on processes, taken from a queue by two more (scripts/test-lanes.sh
# says why; REST_LANES=N for another number).
test: test-deps lint test-targets-listed
	$(SWIFT) build --build-tests
	$(MAKE) man
	SWIFT=$(SWIFT) scripts/test-lanes.sh
	"$$($(SWIFT) build --show-bin-path)/pipe" check examples

test-fast: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing --filter $(call tests-filter,$(FAST_TESTS))

test-slow: test-deps
	$(SWIFT) build --build-tests
	$(MAKE) man
	$(SWIFT) test --skip-build --disable-swift-testing --filter $(call tests-filter,$(SLOW_TESTS))

TESTS ?=
test-only: deps
	@test -n '$(TESTS)' || { echo "usage: make test-only TESTS=PipeDSLTests (a swift test --filter)"; exit 2; }
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing --filter '$(TESTS)'

# Every folder of Tests/ but the support target is a test target in FAST_TESTS or SLOW_TESTS.
test-targets-listed:
	@for dir in Tests/*/; do target=$$(basename $$dir); \
	  case " $(FAST_TESTS) $(SLOW_TESTS) PipeProcessSupport " in *" $$target "*) ;; \
	  *) echo "error: test target $$target is in neither FAST_TESTS nor SLOW_TESTS (Makefile)"; exit 1;; esac; \
	done

# Everything written in Swift: the sources, the tests, the benchmarks and the manifest.
SWIFT_FILES := Sources Tests Plugins Benchmarks Package.swift

# The engine and the plugin host under ThreadSanitizer: the run loop, the plugin processes'
# reader threads and watchdog, PluginKit's tasks. Its own scratch path (a TSan build shares
# nothing with the plain one); the tests that start the real pipe binary are left out, as
# they test the binary, not threads in this process.
#
# TSan does not see Synchronization.Mutex hand its lock over in the kernel on Linux, and would
# report races between accesses that hold the same Mutex: scripts/tsan/mutex-annotations.c
# tells it, preloaded into the tests. First the evidence, scripts/tsan/mutex-handover.swift:
# it must race without the annotations (else say so) and must not with them.
TSAN_TESTS ?= ^(OperatorsTests|PluginsTests|PipeDSLTests|JSONTests|TerminalTextTests|SplitMixTests)\.
TSAN_ANNOTATIONS := $(CURDIR)/.build-tsan/libmutex-annotations.so
test-tsan: test-deps
	mkdir -p .build-tsan
	clang -shared -fPIC -O1 -fdollars-in-identifiers scripts/tsan/mutex-annotations.c -ldl -o $(TSAN_ANNOTATIONS)
	$(SWIFTC) -sanitize=thread -g scripts/tsan/mutex-handover.swift -o .build-tsan/mutex-handover
	@.build-tsan/mutex-handover > /dev/null 2>&1 && \
	  echo "note: the Mutex hand-over no longer races under TSan alone: scripts/tsan may be unneeded" || \
	  echo "the Mutex hand-over races under TSan alone (expected)"
	LD_PRELOAD=$(TSAN_ANNOTATIONS) .build-tsan/mutex-handover
	$(SWIFT) build --build-tests --scratch-path .build-tsan --sanitize=thread
	LD_PRELOAD=$(TSAN_ANNOTATIONS) $(SWIFT) test --skip-build --scratch-path .build-tsan --sanitize=thread \
	  --disable-swift-testing --filter '$(TSAN_TESTS)'

lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_FILES)

format:
	$(SWIFT) format --in-place --recursive $(SWIFT_FILES)

# docs/OPERATORS.md is generated from the catalogue, and the name tables of docs/COOKBOOK.md
# from the table the checker reads; DocsTests fails when either is stale.
docs: build docc
	"$$($(SWIFT) build --show-bin-path)/pipe" docs operators > docs/OPERATORS.md
	"$$($(SWIFT) build --show-bin-path)/pipe" docs names --into docs/COOKBOOK.md

# The DocC of the two library products a Swift programmer uses: Operators (the engine) and
# PluginKit (to write a plugin), by swift-docc-plugin, as static sites to serve or open.
DOCC_OUTPUT := .build/docc
docc:
	mkdir -p $(DOCC_OUTPUT)
	for target in Operators PluginKit; do \
	  $(SWIFT) package --allow-writing-to-directory $(DOCC_OUTPUT) generate-documentation --target $$target \
	    --output-path $(DOCC_OUTPUT)/$$target --transform-for-static-hosting || exit 1; \
	done
	@echo "DocC: $(DOCC_OUTPUT)/Operators and $(DOCC_OUTPUT)/PluginKit (static sites; serve one, open /documentation/)"

# The release build, as pipe is shipped: the Swift runtime and Foundation linked in, so that
# starting pipe binds no symbols to shared libraries (about a third of its start-up else).
# Every benchmark builds this way, so that the release build is never redone for another flag.
RELEASE := -c release --static-swift-stdlib

# Foundation linked in brings its networking, which links with -lcurl: the linker needs
# libcurl's development package (libcurl.so) for it.
release-deps: deps
	$(call apt,libcurl4-openssl-dev,dpkg -s libcurl4-openssl-dev)

release: release-deps
	$(SWIFT) build $(RELEASE) --product pipe

# The figures of issue 16 in one table: the language against the engine, the suite of real
# shapes of issue 31 (records, strings, take/skip/distinct, flatMap, show, table, log, a script;
# each beside the engine or a hand-written loop in the same run), `pipe -e 'just 1'`
# against a Foundation hello-world, `pipe fake-api` under wrk (five runs of 20 s), and `pipe lsp`
# (issue 28): diagnostics after a change of a 200-line document, completion (p95 each).
# BENCH_ARGS=--json prints one object per row; --quick runs each briefly.
bench: release-deps
	$(call apt,wrk,command -v wrk)
	$(SWIFT) build $(RELEASE) --product pipe
	$(SWIFT) build $(RELEASE) --product Bench
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/Bench" $(BENCH_ARGS)

# The engine against OpenCombine, and the plugin host against its testbed.
bench-engine: release-deps
	$(SWIFT) build $(RELEASE) --product OperatorsBenchmark
	$(SWIFT) build $(RELEASE) --product PluginsBenchmark
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/OperatorsBenchmark"
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/PluginsBenchmark"

# Renders the SVG diagrams of scripts/svg-check.pipe to PNG in headless Chromium, to look at.
svg-check: build
	$(call apt,chromium,command -v chromium)
	$(call apt,firefox-esr,command -v firefox-esr || command -v firefox)
	@mkdir -p .build/svg-check
	.build/debug/pipe run scripts/svg-check.pipe > /dev/null
	scripts/svg-check.sh .build/svg-check .build/svg-check/*.svg

# libFuzzer, one binary with one target per reader (`make fuzz TARGET=plugin`; `make fuzz-all`
# runs each in turn): frontend (lexer, parser, checker, compiler), plugin (the protocol's
# framing and messages), settings, cache and history (the files pipe keeps), marbles (marble
# strings in the engine and the language). It builds in its own scratch path (the binary has
# no main and exists only with PIPE_FUZZ set). Seeds: Sources/PipeFuzz/seeds/TARGET (the
# tests' inputs; frontend adds examples/); new inputs go to .build-fuzz/corpus/TARGET,
# crashes and hangs to .build-fuzz/crashes/TARGET. FUZZ_TIME is in seconds per target.
FUZZ_TARGETS := frontend plugin settings cache history marbles
TARGET ?= frontend
FUZZ_TIME ?= 600
FUZZ_SEEDS = Sources/PipeFuzz/seeds/$(TARGET) $(if $(filter frontend,$(TARGET)),examples)
FUZZ_DICT = $(wildcard Sources/PipeFuzz/dicts/$(TARGET).dict)
# marbles runs statements on one session, which keeps every job it ran: not a leak, but
# libFuzzer's leak check would then scan the heap after every input.
FUZZ_FLAGS_marbles = -detect_leaks=0

fuzz: fuzz-build fuzz-run

fuzz-all: fuzz-build
	@for target in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz-run TARGET=$$target || exit 1; done

fuzz-build:
	PIPE_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz --product PipeFuzz \
	  -Xswiftc -sanitize=fuzzer,address

fuzz-run:
	@test -d Sources/PipeFuzz/seeds/$(TARGET) || { echo "no fuzz target '$(TARGET)' (targets: $(FUZZ_TARGETS))"; exit 2; }
	mkdir -p .build-fuzz/corpus/$(TARGET) .build-fuzz/crashes/$(TARGET)
	PIPE_FUZZ_TARGET=$(TARGET) SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=quarantine_size_mb=16 \
	  .build-fuzz/release/PipeFuzz -max_total_time=$(FUZZ_TIME) -timeout=10 $(FUZZ_FLAGS_$(TARGET)) \
	  -artifact_prefix=.build-fuzz/crashes/$(TARGET)/ \
	  $(if $(FUZZ_DICT),-dict=$(FUZZ_DICT)) .build-fuzz/corpus/$(TARGET) $(FUZZ_SEEDS)

# `pipe fake-api` under wrk -t2 -c100 -d20s, five runs: requests/s, p99, memory across runs.
bench-fake-api: release-deps
	$(call apt,wrk,command -v wrk)
	$(SWIFT) build $(RELEASE) --product pipe
	$(SWIFT) build $(RELEASE) --product FakeAPIBenchmark
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/FakeAPIBenchmark"

# Time from exec to the first prompt, and of `pipe -e 'just 1'` beside a Foundation hello-world,
# alternately: medians of 40 runs, peak memory.
bench-startup: release-deps
	$(SWIFT) build $(RELEASE) --product pipe
	$(SWIFT) build $(RELEASE) --product StartupBenchmark
	"$$($(SWIFT) build $(RELEASE) --show-bin-path)/StartupBenchmark" .build/release/pipe 40

# `make install` builds pipe and its plugins as pipe is shipped ($(RELEASE): the Swift runtime
# and Foundation linked in, so the installed pipe needs no Swift toolchain) and puts them under
# PREFIX, stripped of their symbols and debug information: pipe in bin/, and the built-in
# plugins in libexec/pipe/ (pipe looks there, beside its own bin/) as three more names of pipe
# itself (hard links, or copies where DESTDIR spans file systems; pipe started under a
# plugin's name runs as that plugin: BuiltInPlugins), so the runtime is installed once;
# the man page, and completions for bash, zsh and fish where each shell looks. DESTDIR is
# prepended to every path (for packagers). PRODUCTS=.build/debug installs what is already
# built there, building nothing (the install test does that, after `make man`).
PREFIX ?= /usr/local
DESTDIR ?=
PRODUCTS ?=
PLUGINS := pipe-plugin-weather pipe-plugin-airquality pipe-plugin-random
ROOT := $(DESTDIR)$(PREFIX)
INSTALLED := $(ROOT)/bin/pipe $(addprefix $(ROOT)/libexec/pipe/,$(PLUGINS)) \
  $(ROOT)/share/man/man1/pipe.1 $(ROOT)/share/bash-completion/completions/pipe \
  $(ROOT)/share/zsh/site-functions/_pipe $(ROOT)/share/fish/vendor_completions.d/pipe.fish
# The editors' files (editors/ here): a TextMate grammar, Vim syntax, ftdetect and Neovim's
# `pipe lsp` set-up, an Emacs mode with eglot's; README.md says what each editor needs.
EDITOR_FILES := vscode/pipe.tmLanguage.json vscode/language-configuration.json vim/syntax/pipe.vim \
  vim/ftdetect/pipe.vim vim/lsp.lua emacs/pipe-mode.el
EDITORS := $(ROOT)/share/pipe/editors
INSTALLED += $(addprefix $(EDITORS)/,$(EDITOR_FILES))

# The man page is written by swift-argument-parser's generate-manual tool from the pipe being
# installed (which describes its commands and options to it). `make man` builds the tool, in
# debug (it is small). Not the package plugin of the same name: that builds every product of
# the package first, in release for an install, benchmarks and fuzzer included.
GENERATE_MANUAL ?= .build/debug/generate-manual
man:
	$(SWIFT) build --product generate-manual

install:
ifeq ($(PRODUCTS),)
	$(MAKE) release-deps
	$(SWIFT) build $(RELEASE) --product pipe
	$(MAKE) man
	$(MAKE) install PRODUCTS="$$($(SWIFT) build $(RELEASE) --show-bin-path)" \
	  GENERATE_MANUAL="$$($(SWIFT) build --show-bin-path)/generate-manual"
else
	@test -x $(GENERATE_MANUAL) || { echo "error: no $(GENERATE_MANUAL): run make man first"; exit 1; }
	install -d $(ROOT)/bin $(ROOT)/libexec/pipe $(ROOT)/share/man/man1 \
	  $(ROOT)/share/bash-completion/completions $(ROOT)/share/zsh/site-functions \
	  $(ROOT)/share/fish/vendor_completions.d
	install -s -m 755 $(PRODUCTS)/pipe $(ROOT)/bin/pipe
	for plugin in $(PLUGINS); do ln -f $(ROOT)/bin/pipe $(ROOT)/libexec/pipe/$$plugin 2>/dev/null || \
	  install -m 755 $(ROOT)/bin/pipe $(ROOT)/libexec/pipe/$$plugin || exit 1; done
	$(GENERATE_MANUAL) $(PRODUCTS)/pipe --output-directory $(ROOT)/share/man/man1
	chmod 644 $(ROOT)/share/man/man1/pipe.1
	$(PRODUCTS)/pipe --generate-completion-script bash > $(ROOT)/share/bash-completion/completions/pipe
	$(PRODUCTS)/pipe --generate-completion-script zsh > $(ROOT)/share/zsh/site-functions/_pipe
	$(PRODUCTS)/pipe --generate-completion-script fish > $(ROOT)/share/fish/vendor_completions.d/pipe.fish
	for file in $(EDITOR_FILES); do install -D -m 644 editors/$$file $(EDITORS)/$$file || exit 1; done
endif

# Removes what `make install` put under PREFIX (with the same PREFIX and DESTDIR), and
# libexec/pipe/ once it is empty.
uninstall:
	rm -f $(INSTALLED)
	-rmdir $(ROOT)/libexec/pipe 2>/dev/null
	-rmdir $(EDITORS)/vscode $(EDITORS)/vim/syntax $(EDITORS)/vim/ftdetect $(EDITORS)/vim $(EDITORS)/emacs \
	  $(EDITORS) $(ROOT)/share/pipe 2>/dev/null

clean:
	rm -rf .build .build-fuzz .build-tsan
