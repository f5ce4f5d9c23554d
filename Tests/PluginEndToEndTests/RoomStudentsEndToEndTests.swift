import Foundation
import PipeProcessSupport
import XCTest

/// Issue 26's "done when", the students' side: a teacher's `pipe fake-api --room` and three
/// students, each with a HOME of their own, on 127.0.0.1. They join, check exercises, fail
/// and pass, take a hint; the room's state (what the teacher's page shows) has each of them.
/// (Starts processes: `pipe fake-api` and the students' `pipe`.)
final class RoomStudentsEndToEndTests: XCTestCase {
  private static let exercise = "workshop/exercises/03-try-again.pipe"
  private static let solution = "workshop/solutions/03-try-again.pipe"

  private func student(_ name: String, in room: RoomServer) throws -> String {
    let home = try TemporaryFolder.home(for: self)
    let join = try PipeProcess.run(["join", room.url, "--name", name], home: home)
    XCTAssertEqual(join.status, 0, join.output)
    return home
  }

  private func check(_ path: String, home: String, status: Int32) throws {
    let run = try PipeProcess.run(["check", path], home: home)
    XCTAssertEqual(run.status, status, run.output)
    XCTAssertEqual(run.stderr, "", "the room took the report")
  }

  func testThreeStudentsJoinFailAndPassAndTheRoomShowsThem() throws {
    let room = try RoomServer(self)
    let ada = try student("ada", in: room)
    let bob = try student("bob", in: room)
    let cy = try student("cy", in: room)

    try check(Self.exercise, home: ada, status: 1)
    try check(Self.solution, home: ada, status: 0)  // the same exercise, solved
    try check(Self.exercise, home: bob, status: 1)
    XCTAssertEqual(try PipeProcess.run(["hint", Self.exercise], home: bob).status, 0)
    try check(Self.exercise, home: bob, status: 1)
    try check("workshop/solutions/01-fallback-value.pipe", home: cy, status: 0)

    let state = try room.state()
    XCTAssertEqual(state["exercises"] as? [String], ["01-fallback-value", "03-try-again"])
    let students = try XCTUnwrap(state["students"] as? [[String: Any]])
    XCTAssertEqual(Set(students.compactMap { $0["name"] as? String }), ["ada", "bob", "cy"])
    func cell(_ name: String, _ exercise: String) -> [String: Any]? {
      let row = students.first { $0["name"] as? String == name }
      return (row?["cells"] as? [String: [String: Any]])?[exercise]
    }
    XCTAssertEqual(cell("ada", "03-try-again")?["state"] as? String, "passed")
    XCTAssertEqual(cell("bob", "03-try-again")?["state"] as? String, "failing")
    XCTAssertEqual(cell("bob", "03-try-again")?["failedTries"] as? Int, 2)
    XCTAssertEqual(cell("bob", "03-try-again")?["hintsUsed"] as? Int, 1)
    let text = try XCTUnwrap(cell("bob", "03-try-again")?["failingText"] as? String)
    XCTAssertTrue(text.contains("03-try-again.pipe:12: expectation failed"), text)
    XCTAssertEqual(cell("cy", "01-fallback-value")?["state"] as? String, "passed")
    XCTAssertNil(cell("cy", "03-try-again")?["state"], "cy has not started 03")

    // Bob's failing diagram, as the teacher's page shows it on a click.
    let diagram = try room.request(
      "GET", "/_room/diagram?token=\(RoomServer.token)&name=bob&exercise=03-try-again")
    XCTAssertEqual(diagram.status, 200, diagram.text)
    XCTAssertTrue(diagram.text.contains("<svg") && diagram.text.contains(">actual<"), diagram.text)
  }

  /// A joined student's `weather` asks the room without a key, and the room answers it.
  func testTheRoomAnswersAStudentsRequestThatCarriesNoKey() throws {
    let room = try RoomServer(self)
    let run = try PipeProcess.run([
      "-e",
      """
      set weather.mode live; set weather.baseURL "\(room.url)"; set weather.apiKey ""; \
      set weather.requireKey false; weather "London" | map { .city } | show
      """,
    ])
    XCTAssertEqual(run.stdout, "London\n", run.output)
    XCTAssertTrue(
      room.process.waitForOutput("GET /data/2.5/weather?q=London&units=metric → 200"), room.process.stdout)
  }
}
