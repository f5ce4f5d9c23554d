# pipe — make run starts the REPL, make test runs every check. Both install what is missing.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build run test lint format bench clean

all: build

# libedit-dev is the only system package pipe needs (the prompt's line editing).
deps:
	@if ! dpkg -s libedit-dev >/dev/null 2>&1; then \
	  echo "installing libedit-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev; \
	fi

build: deps
	$(SWIFT) build

run: build
	$(SWIFT) run pipe

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(SWIFT) run pipe check examples

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests

format:
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks

bench: deps
	$(SWIFT) run -c release OperatorsBenchmark

clean:
	rm -rf .build
