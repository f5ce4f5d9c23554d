import Foundation
import PipeProcessSupport
import XCTest

/// The cache file stays small and cheap: capped (least recently used out), read only when a
/// value is looked up, written once per statement, shared by sessions at once, owner only.
final class CacheLimitsTests: XCTestCase {
  private func folder(_ sandbox: Sandbox) -> String { sandbox.cacheFile.deletingLastPathComponent().path }

  private func write(_ json: String, _ sandbox: Sandbox) throws {
    try FileManager.default.createDirectory(atPath: folder(sandbox), withIntermediateDirectories: true)
    try json.write(to: sandbox.cacheFile, atomically: false, encoding: .utf8)
  }

  /// The file's keys in its order, least recently used first.
  private func keys(_ sandbox: Sandbox) throws -> [String] {
    let text = try String(contentsOf: sandbox.cacheFile, encoding: .utf8)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)), "valid JSON")
    let pattern = try NSRegularExpression(pattern: #"(?:^\{|,)("(?:[^"\\]|\\.)*"):"#)
    return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
      try! JSONSerialization.jsonObject(
        with: Data(text[Range($0.range(at: 1), in: text)!].utf8), options: .fragmentsAllowed)
        as! String
    }
  }

  func testAThousandEntriesAtMostTheLeastRecentlyUsedGoFirst() throws {
    let sandbox = try Sandbox(self)
    let old = (0..<999).map { #""old(\#($0))":\#($0)"# }
    try write(#"{"weather(\"London\")":{"city":"Cached"},"# + old.joined(separator: ",") + "}", sandbox)
    let run = try sandbox.script(
      "set network off\n" + #"weather "London" | catch cache | show"# + "\nrandom(1, 6) | count")
    XCTAssertEqual(run.stdout, "{city: \"Cached\"}\n1\n", run.stderr)
    let kept = try keys(sandbox)
    XCTAssertEqual(kept.count, 1000)
    XCTAssertEqual(kept.first, "old(1)", "the least recently used went")
    XCTAssertEqual(kept.suffix(2), [#"weather("London")"#, "random(1, 6)"], "a value looked up is used")
  }

  func testAMebibyteAtMost() throws {
    let sandbox = try Sandbox(self)
    let big = String(repeating: "x", count: 400_000)
    try write(#"{"big(1)":"\#(big)","big(2)":"\#(big)","big(3)":"\#(big)"}"#, sandbox)
    XCTAssertEqual(try sandbox.script("random(1, 6) | count").stdout, "1\n")
    XCTAssertEqual(try keys(sandbox), ["big(2)", "big(3)", "random(1, 6)"])
  }

  /// With 20,000 entries `just 1 | show` took 3.3 s: the file was read at every start.
  func testTheFileIsReadOnlyWhenAValueIsLookedUp() throws {
    let sandbox = try Sandbox(self)
    try write("{not a cache", sandbox)
    let run = try sandbox.script("just 1 | show")
    XCTAssertEqual(run.stdout, "1\n")
    XCTAssertEqual(run.stderr, "", "the file was not read")
    XCTAssertEqual(try String(contentsOf: sandbox.cacheFile, encoding: .utf8), "{not a cache")
    let lookup = try sandbox.script("set network off\n" + #"weather "Oslo" | catch cache | show"#)
    XCTAssertTrue(lookup.stderr.contains("is not valid JSON"), lookup.stderr)
  }

  /// A statement with 50 stores rewrote the whole file 50 times (168 s with 20,000 entries).
  func testAStatementWithFiftyStoresWritesTheFileOnce() throws {
    let sandbox = try Sandbox(self)
    try write("{}", sandbox)
    let watch = inotify_init1(Int32(IN_NONBLOCK))
    XCTAssertGreaterThanOrEqual(watch, 0)
    defer { close(watch) }
    XCTAssertGreaterThanOrEqual(inotify_add_watch(watch, folder(sandbox), UInt32(IN_MOVED_TO)), 0)
    XCTAssertEqual(try sandbox.script("range(1, 50) | flatMap (random(1, .)) | count").stdout, "50\n")
    var buffer = [UInt8](repeating: 0, count: 65536)
    var renames = 0
    let count = read(watch, &buffer, buffer.count)
    var offset = 0
    while offset < count {
      let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
      let name = String(
        decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
      if name == "cache.json" { renames += 1 }
      offset += 16 + length
    }
    XCTAssertEqual(renames, 1, "renames over cache.json")
    XCTAssertEqual(try keys(sandbox).count, 50)
  }

  /// Two prompts at once: the first one's entries were all lost.
  func testSessionsAtOnceKeepEachOthersEntries() throws {
    let sandbox = try Sandbox(self)
    let runs = try (1...4).map { session in
      try Spawned(
        ["-e", "range(\(session * 100), 10) | flatMap (random(1, .)) | count"],
        environment: sandbox.environment)
    }
    for run in runs { XCTAssertEqual(run.wait(timeout: 60).stdout, "10\n") }
    XCTAssertEqual(try keys(sandbox).count, 40)
  }

  /// kill -9 left 44 `.cache.json.*.tmp` files, and the file was 0644 in a 0755 folder.
  func testLeftoversAreRemovedAndTheFileIsTheOwnersOnly() throws {
    let sandbox = try Sandbox(self)
    try write("{}", sandbox)
    _ = chmod(folder(sandbox), 0o755)
    _ = chmod(sandbox.cacheFile.path, 0o644)
    for leftover in 0..<44 {
      FileManager.default.createFile(
        atPath: folder(sandbox) + "/.cache.json.\(leftover).99.tmp", contents: Data())
    }
    XCTAssertEqual(try sandbox.script("random(1, 6) | count").stdout, "1\n")
    let entries = try FileManager.default.contentsOfDirectory(atPath: folder(sandbox))
    XCTAssertEqual(entries.filter { $0.hasSuffix(".tmp") }, [])
    let mode = { (path: String) in
      ((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? NSNumber)?.intValue
    }
    XCTAssertEqual(try mode(folder(sandbox)), 0o700)
    XCTAssertEqual(try mode(sandbox.cacheFile.path), 0o600)
  }
}
