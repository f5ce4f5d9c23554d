import Foundation
import XCTest

/// Students' reports to `pipe fake-api --room`, and the teacher's JSON of the room, through the
/// real binary over HTTP. (Starts processes: `pipe fake-api`.)
final class RoomReportTests: XCTestCase {
  static var failing: [String: Any] {
    [
      "name": "ada", "exercise": "03-try-again", "kind": "check", "passed": false,
      "expectations": ["passed": 0, "failed": 1],
      "failing": [
        "text": #"expect "766ms (l|)" [l: "London"]"#,
        "diagram": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
      ],
      "hintsUsed": 1,
    ]
  }

  func testAReportIsInTheRoomsStateForTheTeacherOnly() throws {
    let room = try RoomServer(self)
    XCTAssertEqual(try room.report(Self.failing).status, 204)
    XCTAssertEqual(try room.report(Self.failing).status, 204)
    XCTAssertEqual(
      try room.report(["name": "ada", "exercise": "01-first", "kind": "check", "passed": true]).status, 204)
    XCTAssertEqual(
      try room.report(["name": "bob", "exercise": "03-try-again", "kind": "hint", "hintsUsed": 2]).status, 204
    )

    let state = try room.state()
    XCTAssertEqual(state["exercises"] as? [String], ["01-first", "03-try-again"])
    let students = try XCTUnwrap(state["students"] as? [[String: Any]])
    XCTAssertEqual(students.compactMap { $0["name"] as? String }, ["ada", "bob"])
    let ada = try XCTUnwrap(students.first?["cells"] as? [String: [String: Any]])
    XCTAssertEqual(ada["03-try-again"]?["state"] as? String, "failing")
    XCTAssertEqual(ada["03-try-again"]?["failedTries"] as? Int, 2)
    XCTAssertEqual(ada["03-try-again"]?["failingText"] as? String, #"expect "766ms (l|)" [l: "London"]"#)
    XCTAssertEqual(ada["01-first"]?["state"] as? String, "passed")
    XCTAssertEqual(students.last?["hintsUsed"] as? Int, 2)
    XCTAssertTrue(
      room.process.waitForOutput(
        "room: ada 03-try-again failed (try 2), from 127.0.0.1 · 1 student, 0 passed, 0 stuck"),
      room.process.stdout)
    XCTAssertTrue(room.process.waitForOutput("· 2 students, 1 passed, 0 stuck"), room.process.stdout)

    for path in ["/_room/state", "/_room/state?token=wrong", "/_room", "/_room/events", "/_room/diagram"] {
      XCTAssertEqual(try room.request("GET", path).status, 401, path)
    }
  }

  func testTheThirdFailedTryMakesAStudentStuckAndFirst() throws {
    let room = try RoomServer(self)
    XCTAssertEqual(
      try room.report(["name": "aaron", "exercise": "01-first", "kind": "check", "passed": false]).status, 204
    )
    for _ in 1...3 { XCTAssertEqual(try room.report(Self.failing).status, 204) }
    let students = try XCTUnwrap(try room.state()["students"] as? [[String: Any]])
    XCTAssertEqual(students.compactMap { $0["name"] as? String }, ["ada", "aaron"], "the stuck one first")
    XCTAssertNotNil(students.first?["stuckSince"])
    XCTAssertNil(students.last?["stuckSince"])
    XCTAssertTrue(room.process.waitForOutput("2 students, 0 passed, 1 stuck (ada)"), room.process.stdout)
  }

  func testUntrustedReportsAreRefusedWithTheReason() throws {
    let room = try RoomServer(self)
    func refused(_ report: [String: Any], _ reason: String) throws {
      let answer = try room.report(report)
      XCTAssertEqual(answer.status, 400, answer.text)
      let error = (try JSONSerialization.jsonObject(with: answer.body) as? [String: String])?["error"]
      XCTAssertTrue(error?.contains(reason) == true, "\(reason): \(answer.text)")
    }
    try refused(["name": "ada\u{1B}[2J", "exercise": "01", "kind": "hint"], "name holds a control character")
    try refused(
      ["name": String(repeating: "a", count: 65), "exercise": "01", "kind": "hint"], "name is longer than 64")
    try refused(["name": "ada", "exercise": "", "kind": "hint"], "exercise is empty")
    try refused(["name": "ada", "exercise": "01", "kind": "cheat"], #"kind must be "check" or "hint""#)
    try refused(["name": "ada", "exercise": "01", "kind": "check"], #"a check report needs "passed""#)
    try refused(["exercise": "01", "kind": "hint"], "name is missing")
    try refused(
      [
        "name": "ada", "exercise": "01", "kind": "check", "passed": false, "failing": ["diagram": "<script>"],
      ],
      "failing.diagram is not an SVG document")
    let notJSON = try room.request(
      "POST", "/_room/report", headers: ["Content-Type": "application/json"], body: Data("{name".utf8))
    XCTAssertEqual(notJSON.status, 400, notJSON.text)
    let huge = try room.request(
      "POST", "/_room/report", headers: ["Content-Type": "application/json"],
      body: Data(repeating: UInt8(ascii: " "), count: 256 * 1024 + 1))
    XCTAssertEqual(huge.status, 413)
    XCTAssertEqual((try room.state()["students"] as? [Any])?.count, 0, "nothing refused is in the room")
    XCTAssertFalse(room.process.stdout.contains("\u{1B}[2J"), "no escape reaches the console")
  }
}
