import Foundation

/// Where the build put `pipe`, the plugins and the other executables: the directory of the
/// test bundle, where they all sit.
public enum Products {
  public static let directory: URL = {
    var candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let test = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.insert(URL(fileURLWithPath: test).deletingLastPathComponent(), at: 0)
    }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      candidates.insert(bundle.bundleURL.deletingLastPathComponent(), at: 0)
    }
    return candidates.first {
      FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("pipe").path)
    }
      ?? candidates[0]
  }()

  /// The path of the built executable `name`.
  public static func path(of name: String) -> String { directory.appendingPathComponent(name).path }

  public static var pipe: String { path(of: "pipe") }
  public static var testbed: String { path(of: "pipe-plugin-testbed") }
  public static var fakeAPI: String { path(of: "pipe-fake-api") }

  /// The repository's root (for `examples/`, the docs, the workshop).
  public static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// What the test needs from the machine is missing: a failure, not a skip, because
/// `make test` installs it (a skipped test would pass CI without testing anything).
public struct MissingTestSetup: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
