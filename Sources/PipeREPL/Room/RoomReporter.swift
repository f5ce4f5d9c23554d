import Foundation
import JSON

/// Tells the joined room what this student did: each graded file (`kind: check`) and each
/// hint taken (`kind: hint`), as `POST ROOM/_room/report` with a JSON body:
///
///     {"name":"ada","exercise":"03-try-again","kind":"check","passed":false,
///      "expectations":{"passed":0,"failed":1},
///      "failing":{"text":"…expectation failed…","diagram":"<svg …>…</svg>"},"hintsUsed":1,
///      "secret":"…"}
///
/// A room that cannot be reached costs one short timeout and one note on standard error;
/// the reports after it in the same run are not tried (the command goes on as if not joined).
final class RoomReporter {
  let room: RoomMembership
  let address: RoomAddress
  let hints: HintState?
  /// Where the note goes when the room cannot be reached.
  let note: (String) -> Void
  private var gaveUp = false

  /// The most characters (Unicode scalars) of a failure's text sent: a longer one is cut
  /// (the room takes 4,096; the teacher's page shows one failure, not a log).
  static let textLimit = 4_000
  /// The largest diagram sent, in bytes; a larger one is left out (the room takes reports
  /// of up to 256 KiB).
  static let diagramLimit = 200_000

  init?(room: RoomMembership?, hints: HintState? = .standard(), note: @escaping (String) -> Void) {
    guard let room, let address = try? RoomAddress(room.url) else { return nil }
    self.room = room
    self.address = address
    self.hints = hints
    self.note = note
  }

  /// The reporter of the room this user joined, if any.
  static func joined(note: @escaping (String) -> Void) -> RoomReporter? {
    RoomReporter(room: RoomMembership.load(from: RoomMembership.store), note: note)
  }

  /// Reports one graded file; `diagram` is the SVG of its first failing expectation, if drawn.
  func reportCheck(_ script: GradedScript, diagram: String?) {
    let exercise = Hints.exercise(of: script.path)
    var members: [JSONObject.Member] = [
      .init(key: "name", value: .string(room.name)),
      .init(key: "exercise", value: .string(exercise)),
      .init(key: "kind", value: "check"),
      .init(key: "passed", value: .bool(script.failed == 0)),
      .init(key: "expectations", value: ["passed": .int(script.passed), "failed": .int(script.failed)]),
    ]
    if let failure = script.cases.compactMap(\.failure).first {
      var failing: [JSONObject.Member] = [
        .init(
          key: "text",
          value: .string(String(String.UnicodeScalarView(failure.unicodeScalars.prefix(Self.textLimit)))))
      ]
      // A failure that is not a marble expect's has no diagram: the key is left out.
      if let diagram, diagram.utf8.count <= Self.diagramLimit {
        failing.append(.init(key: "diagram", value: .string(diagram)))
      }
      members.append(.init(key: "failing", value: .object(JSONObject(uniqueMembers: failing))))
    }
    members.append(.init(key: "hintsUsed", value: .int(hints?.used(exercise) ?? 0)))
    send(members)
  }

  /// Reports that a hint of `exercise` was taken; `used` is how many now.
  func reportHint(exercise: String, used: Int) {
    send([
      .init(key: "name", value: .string(room.name)), .init(key: "exercise", value: .string(exercise)),
      .init(key: "kind", value: "hint"), .init(key: "hintsUsed", value: .int(used)),
    ])
  }

  /// Tries the room again after it could not be reached (a watch's next save).
  func tryAgain() { gaveUp = false }

  private func send(_ members: [JSONObject.Member]) {
    guard !gaveUp else { return }
    let secret = room.secret.map { [JSONObject.Member(key: "secret", value: .string($0))] } ?? []
    let body = JSONValue.object(JSONObject(uniqueMembers: members + secret)).encoded()
    guard let problem = RoomPost(address: address).send(body) else { return }
    gaveUp = true
    note("note: not reported to the room: \(problem)")
  }
}
