import Foundation
import Synchronization

/// What the room knows: for each student and exercise, the tries, whether it passed, the hints
/// used and the last failing expectation with its diagram; and who watches it (the teacher's
/// pages, over server-sent events), each told the whole room after a change (the changes of
/// `publicationDelay` seconds together).
///
/// A name belongs to the student whose report used it first: a report under it with another
/// secret is refused (403), and the log names the address it came from.
///
/// A cell is *stuck* when it has not passed after `stuckTries` failed checks, or `stuckMinutes`
/// after the student's first report on it; a student is stuck since their earliest stuck cell.
final class RoomState: Sendable {
  static let stuckTries = 3
  static let stuckMinutes = 10
  /// The most students a room holds, the most exercises each, and the most bytes of diagrams
  /// it keeps in all (beyond that a report's diagram is dropped, its text kept).
  static let maximumStudents = 200
  static let maximumExercises = 50
  static let maximumDiagramBytes = 64 * 1024 * 1024
  /// The most pages watching at once.
  static let maximumWatchers = 32
  /// The most bytes of failing texts the room keeps in all (beyond that a report's text is
  /// dropped): the pages get the whole room at each change.
  static let maximumTextBytes = 4 * 1024 * 1024
  /// The pages are told of the changes of this many seconds at once: a flood of reports
  /// costs the server five snapshots a second, not one a report.
  static let publicationDelay = 0.2

  struct Cell: Sendable {
    var startedAt: Date
    var failedTries = 0
    var passedAt: Date?
    var thirdFailureAt: Date?
    var hintsUsed = 0
    var expectations: RoomReport.Counts?
    var failingText: String?
    var diagram: String?

    /// When it is or will be stuck (nil once passed).
    var stuckAt: Date? {
      guard passedAt == nil else { return nil }
      let late = startedAt.addingTimeInterval(Double(RoomState.stuckMinutes * 60))
      return thirdFailureAt.map { min($0, late) } ?? late
    }
  }

  struct Student: Sendable {
    /// The secret of the first report under this name: later ones need the same.
    var secret: String
    var cells: [String: Cell] = [:]
  }

  private struct Room: Sendable {
    var students: [String: Student] = [:]
    var diagramBytes = 0
    var textBytes = 0
    var watchers: [UUID: AsyncStream<Data>.Continuation] = [:]
    /// A publication to the pages is on its way (`publicationDelay`).
    var publicationDue = false
  }

  private let room = Mutex(Room())
  private let clock: @Sendable () -> Date

  init(clock: @escaping @Sendable () -> Date = { Date() }) {
    self.clock = clock
  }

  /// Records a report; returns the console's line about it, or why it was refused.
  func record(_ report: RoomReport, from client: String) throws(RoomReport.Refused) -> String {
    let now = clock()
    let outcome: Result<(String, Bool), RoomReport.Refused> = room.withLock { room in
      guard room.students[report.name] != nil || room.students.count < Self.maximumStudents else {
        return .failure(RoomReport.Refused(message: "the room is full (\(Self.maximumStudents) students)"))
      }
      var student = room.students[report.name] ?? Student(secret: report.secret)
      guard FakeAPIAccess.same(report.secret, student.secret) else {
        return .failure(
          RoomReport.Refused(
            message: "the name \(report.name) is another student's (their reports carry another secret): "
              + "join with a name of your own",
            status: 403))
      }
      guard student.cells[report.exercise] != nil || student.cells.count < Self.maximumExercises else {
        return .failure(
          RoomReport.Refused(
            message: "\(report.name) has reported \(Self.maximumExercises) exercises already"))
      }
      var cell = student.cells[report.exercise] ?? Cell(startedAt: now)
      if let hints = report.hintsUsed { cell.hintsUsed = max(cell.hintsUsed, hints) }
      let what: String
      switch report.kind {
      case .hint:
        what = "hint \(cell.hintsUsed)"
      case .check(let passed, let expectations, let text, let diagram):
        cell.expectations = expectations ?? cell.expectations
        if passed {
          if cell.passedAt == nil { cell.passedAt = now }
          what = "passed"
        } else {
          cell.failedTries += 1
          if cell.failedTries == Self.stuckTries { cell.thirdFailureAt = now }
          room.textBytes -= cell.failingText?.utf8.count ?? 0
          cell.failingText = room.textBytes + (text?.utf8.count ?? 0) <= Self.maximumTextBytes ? text : nil
          room.textBytes += cell.failingText?.utf8.count ?? 0
          room.diagramBytes -= cell.diagram?.utf8.count ?? 0
          let fits = room.diagramBytes + (diagram?.utf8.count ?? 0) <= Self.maximumDiagramBytes
          cell.diagram = fits ? diagram : nil
          room.diagramBytes += cell.diagram?.utf8.count ?? 0
          what = "failed (try \(cell.failedTries))"
        }
      }
      student.cells[report.exercise] = cell
      room.students[report.name] = student
      let line =
        "room: \(report.name) \(report.exercise) \(what), from \(client) · \(Self.summary(room.students, now: now))"
      let publish = !room.watchers.isEmpty && !room.publicationDue
      if publish { room.publicationDue = true }
      return .success((line, publish))
    }
    let (line, publish) = try outcome.get()
    if publish {
      Task { [self] in
        try? await Task.sleep(nanoseconds: UInt64(Self.publicationDelay * 1e9))
        publishNow()
      }
    }
    return line
  }

  /// Tells every page the room as it is now (the changes of the last `publicationDelay`
  /// seconds in one event).
  private func publishNow() {
    let now = clock()
    let (snapshot, watchers) = room.withLock { room in
      room.publicationDue = false
      return (Self.snapshot(room.students, now: now), Array(room.watchers.values))
    }
    let event = Self.event(snapshot)
    for watcher in watchers { watcher.yield(event) }
  }

  /// `3 students, 5 passed, 1 stuck (ada)`
  static func summary(_ students: [String: Student], now: Date) -> String {
    let passed = students.values.reduce(0) { $0 + $1.cells.values.filter { $0.passedAt != nil }.count }
    let stuck = students.filter { stuckSince($0.value, now: now) != nil }.map(\.key).sorted()
    let names =
      stuck.isEmpty ? "" : " (\(stuck.prefix(5).joined(separator: ", "))\(stuck.count > 5 ? ", …" : ""))"
    return
      "\(students.count) student\(students.count == 1 ? "" : "s"), \(passed) passed, \(stuck.count) stuck\(names)"
  }

  /// The summary of the room now.
  func summary() -> String {
    let now = clock()
    return room.withLock { Self.summary($0.students, now: now) }
  }

  /// Since when `student` has been stuck (their earliest stuck cell), or nil.
  static func stuckSince(_ student: Student, now: Date) -> Date? {
    student.cells.values.compactMap(\.stuckAt).filter { $0 <= now }.min()
  }

  /// The last failing diagram of `name` on `exercise`.
  func diagram(name: String, exercise: String) -> String? {
    room.withLock { $0.students[name]?.cells[exercise]?.diagram }
  }

  /// The room as JSON, as `GET /_room/state` answers.
  func snapshot() -> Data {
    let now = clock()
    return room.withLock { Self.snapshot($0.students, now: now) }
  }

  /// The room now and at each change, as server-sent events (nil: too many pages watch).
  func watch() -> AsyncStream<Data>? {
    let id = UUID()
    let (stream, continuation) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .bufferingNewest(4))
    let now = clock()
    let first: Data? = room.withLock { room in
      guard room.watchers.count < Self.maximumWatchers else { return nil }
      room.watchers[id] = continuation
      return Self.snapshot(room.students, now: now)
    }
    guard let first else { return nil }
    continuation.onTermination = { [weak self] _ in
      self?.room.withLock { _ = $0.watchers.removeValue(forKey: id) }
    }
    continuation.yield(Self.event(first))
    return stream
  }

  /// Ends every page's stream (the server stops).
  func closeWatchers() {
    let watchers = room.withLock { room in
      defer { room.watchers = [:] }
      return Array(room.watchers.values)
    }
    for watcher in watchers { watcher.finish() }
  }

  /// `data: {…}\n\n`: one server-sent event (JSON has no line breaks outside its strings).
  private static func event(_ snapshot: Data) -> Data {
    Data("data: ".utf8) + snapshot + Data("\n\n".utf8)
  }

  private static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
  }

  /// `{"now": ms, "stuckTries": 3, "stuckMinutes": 10, "exercises": [...], "students": [...]}`,
  /// the students longest stuck first, then the others by name.
  private static func snapshot(_ students: [String: Student], now: Date) -> Data {
    let exercises = Set(students.values.flatMap(\.cells.keys)).sorted()
    let order = students.map { (name: $0.key, student: $0.value, stuck: stuckSince($0.value, now: now)) }
      .sorted { left, right in
        switch (left.stuck, right.stuck) {
        case (let l?, let r?): l == r ? left.name < right.name : l < r
        case (.some, .none): true
        case (.none, .some): false
        case (.none, .none): left.name < right.name
        }
      }
    let rows: [[String: Any]] = order.map { entry in
      let (name, student, stuck) = entry
      var cells: [String: Any] = [:]
      for (exercise, cell) in student.cells {
        var object: [String: Any] = [
          "state": cell.passedAt != nil ? "passed" : cell.failedTries > 0 ? "failing" : "started",
          "failedTries": cell.failedTries, "hintsUsed": cell.hintsUsed,
          "startedAt": milliseconds(cell.startedAt), "hasDiagram": cell.diagram != nil,
        ]
        if let at = cell.stuckAt { object["stuckAt"] = milliseconds(at) }
        if let counts = cell.expectations {
          object["expectations"] = ["passed": counts.passed, "failed": counts.failed]
        }
        if let text = cell.failingText, cell.passedAt == nil { object["failingText"] = text }
        cells[exercise] = object
      }
      var row: [String: Any] = [
        "name": name, "cells": cells, "hintsUsed": student.cells.values.reduce(0) { $0 + $1.hintsUsed },
      ]
      if let stuck { row["stuckSince"] = milliseconds(stuck) }
      return row
    }
    let object: [String: Any] = [
      "now": milliseconds(now), "stuckTries": stuckTries, "stuckMinutes": stuckMinutes,
      "exercises": exercises,
      "students": rows,
    ]
    return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
  }
}
