import Foundation
import PipeProcessSupport
import Synchronization
import XCTest

/// The files pipe keeps survive what happens to real processes: a kill -9 at any moment, and
/// several prompts writing at once.
final class FileSafetyTests: XCTestCase {
  /// A kill -9 in the first 250 ms after start emptied a 3,000-line history in 6 of 200 runs:
  /// its compaction truncated the file, then wrote it.
  func testAKillWhileTheHistoryIsCompactedLosesNothing() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = home + "/.local/share/pipe/history"
    try FileManager.default.createDirectory(
      atPath: home + "/.local/share/pipe", withIntermediateDirectories: true)
    let distinct = (0..<100).map { "just \($0) | map { . * 2 }" }
    let repetitious = (0..<30).flatMap { _ in distinct }.joined(separator: "\n") + "\n"
    var generator = SystemRandomNumberGenerator()
    for run in 0..<150 {
      try repetitious.write(toFile: path, atomically: true, encoding: .utf8)
      let prompt = try PTYProcess.start(home: home)
      Thread.sleep(forTimeInterval: Double.random(in: 0..<0.15, using: &generator))
      prompt.kill()
      let kept = Set(
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init))
      guard kept == Set(distinct) else {
        return XCTFail(
          "run \(run): \(kept.intersection(distinct).count) of the 100 entries kept after a kill")
      }
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: home + "/.local/share/pipe")
      .filter { $0.hasSuffix(".tmp") }
    let prompt = try PTYProcess.start(home: home)
    XCTAssertTrue(prompt.waitFor("pipe>"))
    prompt.type(":quit\n")
    XCTAssertEqual(prompt.wait(), 0)
    let after = try FileManager.default.contentsOfDirectory(atPath: home + "/.local/share/pipe")
    XCTAssertEqual(after.filter { $0.hasSuffix(".tmp") }, [], "\(leftovers.count) left by kills, removed")
    let entries = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    XCTAssertEqual(entries, distinct + [":quit"])
  }

  /// 4 prompts × 300 `set`s at once kept 1 of 4 keys, and a reader saw an invalid
  /// settings.json 48–57 times in ~1,200 reads (all wrote one `settings.json.tmp`).
  func testFourPromptsSettingAtOnceKeepEveryKeyAndTheFileIsAlwaysWhole() throws {
    let home = try TemporaryFolder.home(for: self)
    let path = home + "/.config/pipe/settings.json"
    let keys = ["seed", "horizon", "weather.faults", "random.seed"]
    let prompts = try keys.map { _ in try PTYProcess.start(home: home) }
    for prompt in prompts { XCTAssertTrue(prompt.waitFor("pipe>"), prompt.screen) }
    let done = Atomic(false)
    let reads = Atomic(0)
    let invalid = Atomic(0)
    let reader = Thread {
      while !done.load(ordering: .relaxed) {
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        reads.add(1, ordering: .relaxed)
        if (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] == nil {
          invalid.add(1, ordering: .relaxed)
        }
      }
    }
    reader.start()
    let typists = zip(keys, prompts).map { key, prompt in
      Thread {
        for n in 1...300 { prompt.type("set \(key) \(key == "weather.faults" ? "\"\(n),ok\"" : "\(n)")\n") }
        prompt.type(":quit\n")
      }
    }
    typists.forEach { $0.start() }
    for prompt in prompts {
      XCTAssertEqual(prompt.wait(timeout: 120), 0, prompt.screen.suffix(500).description)
    }
    done.store(true, ordering: .relaxed)
    let saved = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    XCTAssertEqual(saved["seed"] as? Int, 300)
    XCTAssertEqual(saved["horizon"] as? Int, 300)
    XCTAssertEqual(saved["weather.faults"] as? String, "300,ok")
    XCTAssertEqual(saved["random.seed"] as? Int, 300)
    XCTAssertGreaterThan(reads.load(ordering: .relaxed), 0)
    XCTAssertEqual(
      invalid.load(ordering: .relaxed), 0, "invalid reads of \(reads.load(ordering: .relaxed))")
  }
}
