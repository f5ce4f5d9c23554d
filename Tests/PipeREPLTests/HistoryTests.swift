import PipeProcessSupport
import XCTest

@testable import PipeREPL

final class HistoryTests: XCTestCase {
  private func temporaryFile() throws -> HistoryFile {
    let home = try TemporaryFolder.home(for: self)
    return HistoryFile(path: home + "/data/pipe/history")
  }

  func testARepeatedStatementMovesToTheEnd() {
    let history = History(file: nil)
    history.add(lines: ["just 1"])
    history.add(lines: ["just 2"])
    history.add(lines: ["just 1"])
    XCTAssertEqual(history.entries, ["just 2", "just 1"])
  }

  func testSecretsNeverReachTheHistory() throws {
    let file = try temporaryFile()
    let history = History(file: file)
    history.add(lines: ["set weather.apiKey \"0123abcd\""])
    XCTAssertEqual(history.entries, ["set weather.apiKey ••••"])
    let onDisk = try String(contentsOfFile: file.path, encoding: .utf8)
    XCTAssertFalse(onDisk.contains("0123abcd"), onDisk)
  }

  func testContinuationLinesBecomeOneLineWhenThatReadsTheSame() {
    XCTAssertEqual(History.entry(["of(1, 2) |", "  map { . * 2 }"]), "of(1, 2) | map { . * 2 }")
    XCTAssertEqual(
      History.entry(["of(1, 2) |  # doubled", "map { . * 2 }"]), "of(1, 2) |  # doubled\nmap { . * 2 }")
  }

  func testTheFileKeepsNewlinesAndBackslashes() throws {
    let file = try temporaryFile()
    try file.append("just \"a\\\\b\"")
    try file.append("of(1) |  # x\nshow")
    XCTAssertEqual(try file.load().lines, ["just \"a\\\\b\"", "of(1) |  # x\nshow"])
  }

  func testTwoPromptsAtOnceLoseNothing() throws {
    let file = try temporaryFile()
    let first = History(file: file)
    let second = History(file: file)
    first.add(lines: ["just 1"])
    second.add(lines: ["just 2"])
    first.add(lines: ["just 3"])
    XCTAssertEqual(History(file: file).entries, ["just 1", "just 2", "just 3"])
  }

  func testARepetitiousFileIsCompactedWhenLoaded() throws {
    let file = try temporaryFile()
    for _ in 0..<5 { try file.append("just 1") }
    try file.append("just 2")
    XCTAssertEqual(History(file: file).entries, ["just 1", "just 2"])
    XCTAssertEqual(try file.load().lines, ["just 1", "just 2"])
  }

  func testTheFileIsTheOwnersOnly() throws {
    let file = try temporaryFile()
    try file.append("just 1")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
  }

  func testTheFileFollowsXDGDataHome() {
    XCTAssertEqual(
      HistoryFile.defaultPath(["XDG_DATA_HOME": "/x/data", "HOME": "/h"]), "/x/data/pipe/history")
    XCTAssertEqual(HistoryFile.defaultPath(["HOME": "/h"]), "/h/.local/share/pipe/history")
    XCTAssertEqual(
      HistoryFile.defaultPath(["XDG_DATA_HOME": "", "HOME": "/h"]), "/h/.local/share/pipe/history")
    XCTAssertNil(HistoryFile.defaultPath([:]))
  }
}
