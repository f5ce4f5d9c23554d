import Foundation
import PipeProcessSupport
import XCTest

/// A place to run the built `pipe` as a user would, cut off from the real user: HOME and the
/// XDG directories point into a temporary directory, which is removed after the test, and
/// `PIPE_PLUGIN_PATH` names its `plugins` folder, where the testbed plugin is linked.
final class Sandbox {
  let root: URL
  var environment: [String: String]

  init(_ test: XCTestCase) throws {
    guard FileManager.default.isExecutableFile(atPath: Products.pipe) else {
      throw MissingTestSetup("pipe is not built in \(Products.directory.path): run swift build --build-tests")
    }
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-e2e-\(UUID().uuidString)")
    let plugins = root.appendingPathComponent("plugins")
    for folder in ["home", "cache", "config", "data", "plugins"] {
      try FileManager.default.createDirectory(
        at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      atPath: plugins.appendingPathComponent("pipe-plugin-testbed").path,
      withDestinationPath: Products.testbed)
    let inherited = ProcessInfo.processInfo.environment.filter {
      ["PATH", "LANG", "TMPDIR"].contains($0.key)
    }
    environment = inherited.merging([
      "HOME": root.appendingPathComponent("home").path,
      "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "PIPE_PLUGIN_PATH": plugins.path,
      "NO_COLOR": "1",
    ]) { $1 }
    self.root = root
    test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
  }

  /// The folder on `PIPE_PLUGIN_PATH`.
  var plugins: URL { root.appendingPathComponent("plugins") }

  /// Where `catch cache` keeps its values.
  var cacheFile: URL { root.appendingPathComponent("cache/pipe/cache.json") }

  /// Runs `pipe -e TEXT`.
  func script(_ text: String, environment extra: [String: String] = [:], timeout: TimeInterval = 60)
    throws -> PipeRun
  {
    try run(["-e", text], environment: extra, timeout: timeout)
  }

  /// Runs `pipe ARGUMENTS` to its end (killed, and the test failed, after `timeout` seconds).
  func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 60)
    throws -> PipeRun
  {
    let process = try Spawned(arguments, environment: environment.merging(extra) { $1 })
    return process.wait(timeout: timeout)
  }

  /// Writes an executable file into the plugins folder.
  @discardableResult
  func addPlugin(_ name: String, _ text: String) throws -> URL {
    let url = plugins.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    try text.write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    return url
  }
}
