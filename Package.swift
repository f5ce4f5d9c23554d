// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "pipe",
  platforms: [.macOS(.v15)],  // Synchronization's Mutex and Atomic
  products: [
    .executable(name: "pipe", targets: ["PipeREPL"]),
    .library(name: "Operators", targets: ["Operators"]),
    .library(name: "PipeDSL", targets: ["PipeDSL"]),
    .library(name: "PipeRendering", targets: ["PipeRendering"]),
    // For plugin authors: write a pipe plugin in Swift (docs: `make docc`, DocC).
    .library(name: "PluginKit", targets: ["PluginKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    // `swift package generate-documentation`: the DocC of Operators and PluginKit (`make docc`).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The reactive engine: no dependency on the other modules.
    .target(
      name: "Operators",
      dependencies: [
        "SplitMix", "CThreadLocal", .product(name: "HeapModule", package: "swift-collections"),
      ]
    ),
    // The one thread-local the engine needs (the current-thread trampoline): Swift has none.
    .target(name: "CThreadLocal"),
    // SplitMix64: the one seeded generator, of jittered retries and of the simulators. No dependencies.
    .target(name: "SplitMix"),
    .testTarget(name: "SplitMixTests", dependencies: ["SplitMix"]),
    // Text on a terminal: display width, the style table, cursor movements. No dependencies.
    .target(name: "TerminalText"),
    .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText"]),
    // JSON, read strictly and written compactly, keeping key order and ints apart from doubles:
    // the one JSON of the plugin protocol, the language's values and pipe's files. No dependency.
    .target(name: "JSON"),
    .testTarget(name: "JSONTests", dependencies: ["JSON"]),
    // The language's front end: source, lexer, parser, diagnostics, values, expressions.
    // `clients N (PIPELINE)` runs the weather and air-quality simulators in process, one shared
    // service each (WeatherCore, AirQualityCore: pure domain code, no networking).
    .target(
      name: "PipeDSL",
      dependencies: [
        "Operators", "JSON", "TerminalText", "SplitMix", "SourceCore", "WeatherCore", "AirQualityCore",
      ]),
    // Pipelines as RxSwift, Combine and RxJS code: by meaning, with helpers for what a library lacks.
    .target(name: "PipeExport", dependencies: ["PipeDSL", "Operators"]),
    .testTarget(
      name: "PipeExportTests", dependencies: ["PipeExport", "PipeDSL", "PipeProcessSupport"],
      exclude: ["Goldens"]),
    // Slow: every example exported to Combine, built as one package on OpenCombine and run.
    .testTarget(name: "ExportRoundTripTests", dependencies: ["PipeDSL", "PipeProcessSupport"]),
    // Diagrams, tables and plots of runs, as text and SVG: marbles, table, plot, :graph, :schedule.
    .target(name: "PipeRendering", dependencies: ["Operators", "PipeDSL", "TerminalText"]),
    // The formats of the files pipe keeps (settings, cache, history): bytes in and out, no I/O,
    // so that `make fuzz` can reach them.
    .target(name: "PipeFiles", dependencies: ["PipeDSL"]),
    // The invariants `make fuzz` checks, one round per reader; built always (so it cannot rot),
    // run by libFuzzer only in `make fuzz`, and over the committed seeds by FuzzRoundsTests.
    .target(
      name: "FuzzRounds",
      dependencies: ["Operators", "PipeDSL", "PipeFiles", "PluginProtocol", "TerminalText"]),
    .testTarget(name: "FuzzRoundsTests", dependencies: ["FuzzRounds"]),
    // RxTest-like helpers: test scheduler, recorder, marble strings.
    .target(name: "OperatorsTestSupport", dependencies: ["Operators"]),
    // libedit's readline-compatible API, for the prompt's line editing (apt: libedit-dev).
    .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    // No core dumps from a process that holds API keys (setrlimit and prctl, which is variadic).
    .target(name: "CProcess"),
    // malloc and its kin that end pipe with a message, not an abort, when memory runs out.
    .target(name: "CMemory"),
    .executableTarget(
      name: "PipeREPL",
      dependencies: [
        "Operators",
        "PipeDSL",
        "PipeFiles",
        "JSON",
        "CLibEdit",
        "CProcess",
        "CMemory",
        "PluginBridge",
        "FakeAPI",
        "SourceCore",
        "SourcePlugins",
        "PipeRendering",
        "PipeExport",
        "TerminalText",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // A release pipe is linked by lld with its relative relocations packed (DT_RELR, glibc
      // 2.36+): the loader then reads 20 kB of them instead of 2.4 MB of RELA entries, and
      // `pipe -e 'just 1'` peaks at about 17 MB instead of 20.5 MB (issue 16.2).
      linkerSettings: [
        .unsafeFlags(
          ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
          .when(platforms: [.linux], configuration: .release))
      ],
      plugins: ["VersionFile"]
    ),
    // `pipe --version` from the VERSION file at the root: the plugin runs the tool at build time.
    .executableTarget(name: "VersionFileTool"),
    .plugin(name: "VersionFile", capability: .buildTool(), dependencies: ["VersionFileTool"]),
    .testTarget(name: "OperatorsTests", dependencies: ["Operators", "OperatorsTestSupport"]),
    .testTarget(name: "PipeDSLTests", dependencies: ["PipeDSL", "JSON", "TerminalText"]),
    // Tests that run the built pipe binary on the repository's own files.
    .target(name: "PipeProcessSupport", path: "Tests/PipeProcessSupport"),
    .testTarget(name: "PipeProcessSupportTests", dependencies: ["PipeProcessSupport"]),
    .testTarget(name: "WorkshopTests", dependencies: ["PipeProcessSupport"]),
    .testTarget(name: "DocsTests", dependencies: ["PipeProcessSupport"]),
    // Untrusted text against pipe's limits, through the built pipe: deep values, huge
    // collections, memory, grading a folder whose hand-ins crash, loop and eat memory.
    .testTarget(name: "LimitsTests", dependencies: ["PipeProcessSupport"]),
    // Plugins: the protocol's types, the host that runs plugin processes, and PluginKit.
    // None of them depends on Operators or PipeDSL: a plugin speaks the protocol only.
    .target(name: "PluginProtocol", dependencies: ["JSON"], path: "Sources/Plugins/Protocol"),
    .target(name: "PluginHost", dependencies: ["PluginProtocol", "CProcess"], path: "Sources/Plugins/Host"),
    .target(name: "PluginKit", dependencies: ["PluginProtocol", "CProcess"], path: "Sources/Plugins/Kit"),
    .executableTarget(
      name: "pipe-plugin-testbed", dependencies: ["PluginKit"], path: "Sources/Plugins/Testbed"),
    // The host side of plugins as the language sees them: sources, settings, clock holds.
    .target(
      name: "PluginBridge",
      dependencies: [
        "Operators", "PipeDSL", "PluginHost", "PluginProtocol",
        .product(name: "DequeModule", package: "swift-collections"),
      ],
      path: "Sources/Plugins/Bridge"),
    .testTarget(
      name: "PluginsTests", dependencies: ["PluginHost", "PluginKit", "PluginProtocol", "PipeProcessSupport"]),
    .executableTarget(
      name: "PluginsBenchmark", dependencies: ["PluginHost", "pipe-plugin-testbed"],
      path: "Benchmarks/PluginsBenchmark"),
    // The built-in sources' domain code: a simulated world, fault plans, what a live answer is.
    .target(name: "SourceCore", dependencies: ["JSON", "SplitMix"], path: "Sources/Plugins/SourceCore"),
    .target(
      name: "WeatherCore", dependencies: ["SourceCore", "SplitMix", "JSON"],
      path: "Sources/Plugins/Weather/Core"),
    .target(
      name: "AirQualityCore", dependencies: ["SourceCore", "SplitMix", "JSON"],
      path: "Sources/Plugins/AirQuality/Core"),
    .target(
      name: "RandomCore", dependencies: ["SourceCore", "SplitMix"], path: "Sources/Plugins/Random/Core"),
    // `pipe fake-api`: both web APIs on loopback, answering from the simulators, faults on demand.
    .target(
      name: "FakeAPI",
      dependencies: [
        "WeatherCore", "AirQualityCore",
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      path: "Sources/Plugins/FakeAPI/Server"
    ),
    .executableTarget(
      name: "pipe-fake-api", dependencies: ["FakeAPI"], path: "Sources/Plugins/FakeAPI/Main"),
    // The sources' live HTTP client, on a socket of its own with every limit counted on the
    // wire, TLS by OpenSSL for https:// (apt: libssl-dev for its headers): OpenSSL is opened
    // at the first https:// request (dlopen), not linked, so pipe and its plugins (pipe
    // itself, installed) don't load it at every start.
    .target(name: "CTLS"),
    .target(
      name: "SourceLive", dependencies: ["SourceCore", "WeatherCore", "AirQualityCore", "CTLS"],
      path: "Sources/Plugins/SourceLive"),
    // The three built-in plugins on PluginKit, and their thin executables.
    .target(
      name: "SourcePlugins",
      dependencies: ["PluginKit", "WeatherCore", "AirQualityCore", "RandomCore", "SourceLive"],
      path: "Sources/Plugins/SourcePlugins"
    ),
    .executableTarget(
      name: "pipe-plugin-weather", dependencies: ["SourcePlugins"], path: "Sources/Plugins/Weather/Main"),
    .executableTarget(
      name: "pipe-plugin-airquality", dependencies: ["SourcePlugins"],
      path: "Sources/Plugins/AirQuality/Main"),
    .executableTarget(
      name: "pipe-plugin-random", dependencies: ["SourcePlugins"], path: "Sources/Plugins/Random/Main"),
    .testTarget(
      name: "SourcePluginsTests",
      dependencies: [
        "SourceCore", "WeatherCore", "AirQualityCore", "RandomCore", "FakeAPI", "SourcePlugins", "SourceLive",
        "PluginHost", "PluginProtocol", "PipeProcessSupport",
      ]
    ),
    // The plugins through the real `pipe` binary (and the CLI's plugin commands in process).
    .testTarget(
      name: "PluginEndToEndTests",
      dependencies: [
        "PipeREPL", "PipeDSL", "PluginBridge", "PluginHost", "FakeAPI", "SourceCore", "PipeProcessSupport",
      ]),
    .testTarget(
      name: "PipeRenderingTests",
      dependencies: ["PipeRendering", "PipeDSL", "Operators", "OperatorsTestSupport"]),
    // Runs the built `pipe` binary on examples/ and checks exit codes and output.
    .testTarget(name: "ExamplesTests", dependencies: ["PipeProcessSupport"]),
    // Slow: `pipe lsp` driven by a real LSP client (pytest-lsp, the Python files in client/).
    .testTarget(name: "LSPClientTests", dependencies: ["PipeProcessSupport"], exclude: ["client"]),
    // The prompt's parts in process (completion, history, settings store, redaction).
    .testTarget(
      name: "PipeREPLTests", dependencies: ["PipeREPL", "PipeDSL", "PipeProcessSupport", "TerminalText"]),
    // Slow: the real `pipe` binary at a prompt under tmux or a pty, and on the command line.
    .testTarget(
      name: "REPLEndToEndTests", dependencies: ["PipeREPL", "PipeDSL", "PipeProcessSupport", "TerminalText"],
      exclude: ["Fixtures"]),
    .executableTarget(
      name: "OperatorsBenchmark",
      dependencies: [
        "Operators",
        .product(name: "OpenCombine", package: "OpenCombine"),
      ],
      path: "Benchmarks/OperatorsBenchmark"
    ),
    .executableTarget(
      name: "LanguageBenchmark",
      dependencies: ["Operators", "PipeDSL"],
      path: "Benchmarks/LanguageBenchmark"
    ),
    // `pipe fake-api` under wrk: requests/s, p99 latency, memory across runs (needs wrk: apt).
    .executableTarget(
      name: "FakeAPIBenchmark", dependencies: ["pipe-fake-api"], path: "Benchmarks/FakeAPIBenchmark"),
    // Time from exec to the first prompt (under a pty), and of `pipe -e 'just 1'` beside a
    // Swift hello-world that imports Foundation (which it compiles with swiftc).
    .executableTarget(name: "StartupBenchmark", path: "Benchmarks/StartupBenchmark"),
    // `pipe lsp`: diagnostics after a change of a 200-line document, and completion (p95).
    .executableTarget(name: "LSPBenchmark", path: "Benchmarks/LSPBenchmark"),
    // `make bench`: the benchmarks above in one table (the language, start-up, fake-api, lsp).
    .executableTarget(
      name: "Bench",
      dependencies: ["LanguageBenchmark", "StartupBenchmark", "FakeAPIBenchmark", "LSPBenchmark"],
      path: "Benchmarks/Bench"),
  ]
)

// The libFuzzer targets (one binary; PIPE_FUZZ_TARGET picks one) have no main: the binary links
// only with -sanitize=fuzzer, so it exists only when `make fuzz` asks for it (PIPE_FUZZ=1,
// built in its own scratch path).
if Context.environment["PIPE_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(name: "PipeFuzz", dependencies: ["FuzzRounds"], exclude: ["dicts", "seeds"]))
}
