import Foundation
import XCTest

/// `catch cache` remembers across sessions, in `$XDG_CACHE_HOME/pipe/cache.json`.
final class CacheFileTests: XCTestCase {
  func testASecondSessionFallsBackOnTheFirstSessionsValue() throws {
    let sandbox = try Sandbox(self)
    let first = try sandbox.script(#"weather "London" | show"#)
    XCTAssertEqual(first.status, 0, first.stderr)
    let second = try sandbox.script("set network off\n" + #"weather "London" | catch cache | show"#)
    XCTAssertEqual(second.status, 0, second.stderr)
    XCTAssertEqual(second.stdout, first.stdout, "the value cached by the first session")
    let other = try sandbox.script("set network off\n" + #"weather "Paris" | catch cache | show"#)
    XCTAssertEqual(other.status, 0, other.stderr)
    XCTAssertEqual(other.stdout, "", "nothing cached for Paris: the stream completes quietly")
  }

  func testTheFileIsJSONByKeyAndNoTemporaryFileIsLeft() throws {
    let sandbox = try Sandbox(self)
    _ = try sandbox.script(#"weather "London" | show"# + "\n" + "random(1, 6) | show")
    let text = try String(contentsOf: sandbox.cacheFile, encoding: .utf8)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object.keys.sorted(), [#"random(1, 6)"#, #"weather("London")"#])
    let folder = try FileManager.default.contentsOfDirectory(
      atPath: sandbox.cacheFile.deletingLastPathComponent().path)
    XCTAssertEqual(
      folder.sorted(), [".cache.json.lock", "cache.json", "plugins.json"], "the hello cache beside")
  }

  func testACorruptFileIsIgnoredWithANoteAndReplaced() throws {
    let sandbox = try Sandbox(self)
    try FileManager.default.createDirectory(
      at: sandbox.cacheFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    for corrupt in ["{\"weather(\\\"London\\\")\": {\"temp\": 1", "[1, 2]", "\u{FF}\u{FE}"] {
      try Data(corrupt.utf8).write(to: sandbox.cacheFile)
      let run = try sandbox.script("set network off\n" + #"weather "London" | catch cache | show"#)
      XCTAssertTrue(run.stderr.contains("note: the cache file \(sandbox.cacheFile.path)"), run.stderr)
      XCTAssertTrue(run.stderr.contains("starting with an empty cache"), run.stderr)
      XCTAssertEqual(run.stdout, "", "nothing cached any more: the stream completes quietly")
      XCTAssertTrue(run.exitedNormally, "status \(run.status)")
    }
    _ = try sandbox.script(#"weather "London" | show"#)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(contentsOf: sandbox.cacheFile)), "replaced")
    let healed = try sandbox.script("set network off\n" + #"weather "London" | catch cache | show"#)
    XCTAssertEqual(healed.stderr, "")
    XCTAssertTrue(healed.stdout.hasPrefix(#"{city: "London""#), healed.stdout)
  }

  func testPipeCheckDoesNotUseTheCache() throws {
    let sandbox = try Sandbox(self)
    _ = try sandbox.script(#"weather "London" | show"#)
    let script = sandbox.root.appendingPathComponent("offline.pipe")
    try """
    set network off
    weather "London" | catch cache | expect []
    """.write(to: script, atomically: true, encoding: .utf8)
    let run = try sandbox.run(["check", script.path])
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
  }
}
