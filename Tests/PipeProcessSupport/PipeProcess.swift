import Foundation

/// Runs the built `pipe` executable as a person at a terminal would: with a fresh HOME (so no
/// cache, settings or history of another run leaks in), without colour, and killed (the test
/// failed) when it does not end in time.
///
///     let run = try PipeProcess.run(["check", "workshop/exercises/01-fallback-value.pipe"])
///     run.status   // 1: the exercise fails until the student writes the missing stage
public enum PipeProcess {
  /// The `pipe` executable.
  public static var executable: URL { URL(fileURLWithPath: Products.pipe) }

  /// The repository's root: the runs start there, so paths read as in the docs.
  public static var repository: URL { Products.repository }

  /// The tests' own environment, without colour, with HOME at `home` (when given) and the
  /// `XDG_*_HOME` folders under it, then `extra`. Without `home`, `Spawned` makes a fresh one.
  public static func environment(home: String? = nil, adding extra: [String: String] = [:]) -> [String:
    String]
  {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home
    environment["NO_COLOR"] = "1"
    for name in ["XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"] {
      environment[name] = ""
    }
    return environment.merging(extra) { $1 }
  }

  /// The repository's files in `folder` whose names end in `suffix`, sorted, as paths
  /// relative to the root.
  public static func files(in folder: String, suffix: String) throws -> [String] {
    let url = repository.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(atPath: url.path)
      .filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
  }

  /// A file of the repository, as text.
  public static func read(_ path: String) throws -> String {
    try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
  }
}
