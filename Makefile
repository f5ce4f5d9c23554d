# pipe — make run starts the REPL, make test runs every check. Both install what is missing.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps build run test lint format bench bench-startup clean

all: build

# libedit-dev is the only system package pipe needs (the prompt's line editing).
deps:
	@if ! dpkg -s libedit-dev >/dev/null 2>&1; then \
	  echo "installing libedit-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev; \
	fi

# tmux gives the prompt's end-to-end tests a terminal of their own (CI has none).
test-deps: deps
	@if ! command -v tmux >/dev/null 2>&1; then \
	  echo "installing tmux"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run pipe

test: test-deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests

format:
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks

bench: deps
	$(SWIFT) run -c release OperatorsBenchmark

# Time from exec to the first prompt, and of `pipe -e 'just 1'`: median of 40 runs, target 30 ms.
bench-startup: deps
	$(SWIFT) build -c release --product pipe
	$(SWIFT) run -c release StartupBenchmark .build/release/pipe 40

clean:
	rm -rf .build
