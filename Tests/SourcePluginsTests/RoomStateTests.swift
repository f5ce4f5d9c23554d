import Foundation
import Synchronization
import XCTest

@testable import FakeAPI

/// The room's memory on a clock the test moves: when a student is stuck (3 failed tries, or
/// 10 minutes on one exercise without passing), who comes first, and its limits. In process.
final class RoomStateTests: XCTestCase {
  /// The time the room reads, moved by `advance`.
  private final class Clock: Sendable {
    let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
  }

  private let clock = Clock()

  private func makeRoom() -> RoomState {
    RoomState(clock: { [clock] in clock.now.withLock { $0 } })
  }

  private func advance(minutes: Double) {
    clock.now.withLock { $0 += minutes * 60 }
  }

  private func check(_ name: String, _ exercise: String, passed: Bool, diagram: String? = nil) -> RoomReport {
    RoomReport(
      name: name, exercise: exercise,
      kind: .check(passed: passed, expectations: nil, failingText: "expect …", diagram: diagram),
      hintsUsed: nil, secret: "secret-of-\(name)-for-tests")
  }

  private func students(_ room: RoomState) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: room.snapshot()) as? [String: Any]
    return try XCTUnwrap(object?["students"] as? [[String: Any]])
  }

  func testTenMinutesOnOneExerciseWithoutPassingIsStuckAndTheLongestStuckComeFirst() throws {
    let room = makeRoom()
    _ = try room.record(check("ada", "02-catch", passed: false), from: "10.0.0.1")
    advance(minutes: 4)
    _ = try room.record(check("bob", "02-catch", passed: false), from: "10.0.0.2")
    _ = try room.record(check("cy", "02-catch", passed: false), from: "10.0.0.3")
    _ = try room.record(check("cy", "02-catch", passed: true), from: "10.0.0.3")
    XCTAssertEqual(room.summary(), "3 students, 1 passed, 0 stuck")

    advance(minutes: 6.5)
    XCTAssertEqual(room.summary(), "3 students, 1 passed, 1 stuck (ada)", "ada's 10 minutes are over")
    advance(minutes: 4)
    XCTAssertEqual(room.summary(), "3 students, 1 passed, 2 stuck (ada, bob)")
    XCTAssertEqual(try students(room).compactMap { $0["name"] as? String }, ["ada", "bob", "cy"])

    for _ in 1...3 { _ = try room.record(check("dee", "01-first", passed: false), from: "10.0.0.4") }
    XCTAssertEqual(
      try students(room).compactMap { $0["name"] as? String }, ["ada", "bob", "dee", "cy"],
      "dee is stuck since her third try, after ada and bob")
    _ = try room.record(check("ada", "02-catch", passed: true), from: "10.0.0.1")
    XCTAssertEqual(room.summary(), "4 students, 2 passed, 2 stuck (bob, dee)", "passing ends it")
  }

  func testTheRoomKeepsItsLimits() throws {
    let room = makeRoom()
    for number in 0..<RoomState.maximumStudents {
      _ = try room.record(check("s\(number)", "01", passed: true), from: "10.0.0.1")
    }
    XCTAssertThrowsError(try room.record(check("one-more", "01", passed: true), from: "10.0.0.1")) {
      XCTAssertEqual(($0 as? RoomReport.Refused)?.message, "the room is full (200 students)")
    }
    _ = try room.record(check("s0", "02", passed: true), from: "10.0.0.1")

    let big = "<svg>" + String(repeating: "x", count: 40 * 1024 * 1024) + "</svg>"
    _ = try room.record(check("s1", "02", passed: false, diagram: big), from: "10.0.0.1")
    _ = try room.record(check("s2", "02", passed: false, diagram: big), from: "10.0.0.1")
    XCTAssertNotNil(room.diagram(name: "s1", exercise: "02"))
    XCTAssertNil(room.diagram(name: "s2", exercise: "02"), "past 64 MiB of diagrams, the diagram is dropped")
    _ = try room.record(check("s1", "02", passed: false, diagram: "<svg/>"), from: "10.0.0.1")
    _ = try room.record(check("s2", "02", passed: false, diagram: big), from: "10.0.0.1")
    XCTAssertNotNil(room.diagram(name: "s2", exercise: "02"), "a replaced diagram gives its bytes back")
  }

  /// A name is the first reporter's: another secret under it is refused, the row unchanged.
  func testAReportUnderAnotherStudentsNameIsRefused() throws {
    let room = makeRoom()
    _ = try room.record(check("ada", "02-catch", passed: false), from: "10.0.0.1")
    let forged = RoomReport(
      name: "ada", exercise: "02-catch",
      kind: .check(passed: true, expectations: nil, failingText: nil, diagram: nil), hintsUsed: nil,
      secret: "bob-guessing-ada-s-secret")
    XCTAssertThrowsError(try room.record(forged, from: "10.0.0.2")) {
      XCTAssertEqual(($0 as? RoomReport.Refused)?.status, 403)
      XCTAssertEqual(
        ($0 as? RoomReport.Refused)?.message,
        "the name ada is another student's (their reports carry another secret): join with a name of your own"
      )
    }
    XCTAssertEqual(room.summary(), "1 student, 0 passed, 0 stuck", "ada's row is as she left it")
    _ = try room.record(check("ada", "02-catch", passed: true), from: "10.0.0.3")
    XCTAssertEqual(room.summary(), "1 student, 1 passed, 0 stuck", "ada herself, from another address")
  }
}
