// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "pipe",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "pipe", targets: ["PipeREPL"]),
    .library(name: "Operators", targets: ["Operators"]),
    .library(name: "PipeDSL", targets: ["PipeDSL"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    // The reactive engine: no dependency on the other modules.
    .target(
      name: "Operators",
      dependencies: [.product(name: "HeapModule", package: "swift-collections")]
    ),
    // The language's front end: source, lexer, parser, diagnostics, values, expressions.
    .target(name: "PipeDSL", dependencies: ["Operators"]),
    // RxTest-like helpers: test scheduler, recorder, marble strings.
    .target(name: "OperatorsTestSupport", dependencies: ["Operators"]),
    .executableTarget(
      name: "PipeREPL",
      dependencies: [
        "Operators",
        "PipeDSL",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "OperatorsTests", dependencies: ["Operators", "OperatorsTestSupport"]),
    .testTarget(name: "PipeDSLTests", dependencies: ["PipeDSL"]),
    // Runs the built `pipe` binary on examples/ and checks exit codes and output.
    .testTarget(name: "ExamplesTests"),
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
  ]
)

// The libFuzzer target has no main: it links only with -sanitize=fuzzer, so it exists only
// when `make fuzz` asks for it (PIPE_FUZZ=1, built in its own scratch path).
if Context.environment["PIPE_FUZZ"] != nil {
  package.targets.append(
    .executableTarget(name: "PipeFuzz", dependencies: ["Operators", "PipeDSL"], exclude: ["pipe.dict"]))
}
