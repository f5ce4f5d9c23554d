// The helpers that tie a test's processes and folders to XCTest: its failures and its
// teardown. The rest of PipeProcessSupport does without XCTest, and so must this target in a
// plain build: `swift build -c release --static-swift-stdlib` builds every regular target,
// and there is no XCTest to import there.
#if canImport(XCTest)
  import Foundation
  import XCTest

  /// The one way a test waits for something to happen: checks `done` every 20 ms and returns
  /// true once it holds; past `deadline` seconds it fails the test with `what` (what did not
  /// happen) and returns false.
  @discardableResult
  public func waitUntil(
    deadline: TimeInterval, _ what: @autoclosure () -> String, file: StaticString = #filePath,
    line: UInt = #line, _ done: () throws -> Bool
  ) rethrows -> Bool {
    try waitUntil(deadline: deadline, what(), failed: { XCTFail($0, file: file, line: line) }, done)
  }

  extension Spawned {
    /// Closes its input and waits for the program to end. After `timeout` seconds its whole
    /// process group is killed and the test fails, with what it printed.
    public func wait(timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line)
      -> PipeRun
    {
      wait(timeout: timeout) { XCTFail($0, file: file, line: line) }
    }
  }

  extension PipeProcess {
    /// Runs `pipe ARGUMENTS` with `input` on a pipe as its standard input, and waits for it.
    ///
    /// - Parameters:
    ///   - environment: added to the tests' own environment, after `NO_COLOR=1`, the fresh HOME
    ///     and empty `XDG_*_HOME` (so pipe's files go under HOME); a test may override any.
    ///   - home: HOME, when the test keeps files there across runs; else a fresh folder,
    ///     removed afterwards.
    ///   - directory: where it runs; the repository's root unless said.
    ///   - output, errors: where standard output and standard error go; `errors: .output`
    ///     interleaves them as a terminal shows them.
    ///   - timeout: after this many seconds the run is killed and the test fails.
    public static func run(
      _ arguments: [String], input: String = "", environment: [String: String] = [:], home: String? = nil,
      directory: URL? = repository, output: Spawned.Stream = .pipe, errors: Spawned.Stream = .pipe,
      timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line
    ) throws -> PipeRun {
      let process = try Spawned(
        arguments, environment: self.environment(home: home, adding: environment), directory: directory,
        output: output, errors: errors)
      process.send(input)
      return process.wait(timeout: timeout, file: file, line: line)
    }
  }

  extension Program {
    /// Runs another program to its end with the tests' own environment: its status and its
    /// standard output and error interleaved (`output`). Killed, failing the test, after `timeout`.
    public static func run(_ executable: String, _ arguments: [String], timeout: TimeInterval = 600) throws
      -> PipeRun
    {
      try Spawned(
        arguments, environment: ProcessInfo.processInfo.environment, executable: executable, errors: .output
      )
      .wait(timeout: timeout)
    }
  }

  extension TemporaryFolder {
    /// A new empty folder, removed when `test` ends.
    public static func make(for test: XCTestCase, prefix: String = "pipe-test") throws -> URL {
      let folder = try make(prefix: prefix)
      test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
      return folder
    }

    /// A fresh HOME for the programs a test runs, removed when `test` ends.
    public static func home(for test: XCTestCase) throws -> String {
      try make(for: test, prefix: "pipe-home").path
    }
  }

  extension PythonServer {
    /// Runs `python3 -c script arguments…`, waits up to `timeout` seconds for its port, and
    /// kills it (with its process group) when `test` ends.
    public convenience init(
      script: String, arguments: [String] = [], test: XCTestCase, timeout: TimeInterval = 20
    ) throws {
      try self.init(script: script, arguments: arguments, timeout: timeout) { process in
        test.addTeardownBlock { process.killGroup() }
      }
    }
  }
#endif
