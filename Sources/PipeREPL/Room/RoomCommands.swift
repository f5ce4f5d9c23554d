import ArgumentParser
import Foundation
import PipeDSL

extension PipeCommand {
  /// `pipe join URL --name NAME`
  struct Join: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "join", abstract: "Join a workshop room: use its service and report your checks to it.",
      usage: "pipe join <url> --name <name>",
      discussion: """
        The teacher runs 'pipe fake-api --room', which prints the room's URL. After joining, pipe's prompt sends weather and airquality requests to the room's service (never with your API key: the one you saved stays for when you leave), and 'pipe check' and 'pipe hint' tell the room each result, under your name. The room is saved in pipe's settings file; 'pipe leave' leaves it.

        The first join also makes a random secret, kept in the settings file (after leaving too), that each report carries: the room keeps your name for you, and refuses another student's reports under it.

        A room that cannot be reached never fails a check: pipe says so in one line.
        """)

    @Argument(help: "The room's URL, as the teacher's pipe fake-api --room prints it: http://HOST:PORT.")
    var url: String

    @Option(help: ArgumentHelp("The name the teacher sees (at most 64 characters).", valueName: "name"))
    var name: String

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      try RootOption.refuse(allBut: [], given: pipe, in: "pipe join")
      do throws(RoomAddress.Problem) {
        _ = try RoomAddress(url)
      } catch {
        throw ValidationError(error.description)
      }
      if let problem = RoomMembership.nameProblem(name) { throw ValidationError("--name: \(problem)") }
    }

    func run() throws {
      let url = url.hasSuffix("/") ? String(url.dropLast()) : url
      guard let store = RoomMembership.store else {
        throw ValidationError("pipe keeps the room in its settings file, and HOME is not set")
      }
      try Self.save([
        RoomMembership.urlKey: .string(url), RoomMembership.nameKey: .string(name),
        RoomMembership.secretKey: .string(RoomMembership.secret(in: store)),
      ])
      print("joined room \(url) as \(name)")
      print("pipe's prompt now asks the room's weather and airquality; pipe check reports to the room.")
    }

    /// Writes `changes` into the settings file, or fails with why not.
    static func save(_ changes: [String: Value?]) throws {
      guard let store = RoomMembership.store else {
        throw ValidationError("pipe keeps the room in its settings file, and HOME is not set")
      }
      if let problem = store.update(changes) {
        Descriptor.write("error: \(problem)\n", to: STDERR_FILENO)
        throw ExitCode(1)
      }
    }
  }

  /// `pipe leave`
  struct Leave: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "leave",
      abstract: "Leave the workshop room: back to your own weather and airquality settings, no more reports.")

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      try RootOption.refuse(allBut: [], given: pipe, in: "pipe leave")
    }

    func run() throws {
      let room = RoomMembership.load(from: RoomMembership.store)
      try Join.save([RoomMembership.urlKey: nil, RoomMembership.nameKey: nil])  // a half-written room too
      print(room.map { "left room \($0.url)" } ?? "not in a room")
    }
  }

  /// `pipe hint FILE`
  struct Hint: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "hint", abstract: "Show the next hint of an exercise: its '# hint:' lines, one at a time.",
      usage: "pipe hint <file>",
      discussion: """
        Each call shows the next hint and remembers it (in $XDG_STATE_HOME/pipe/hints.json, by default ~/.local/state/pipe/hints.json), so the first call shows hint 1, the next hint 2, and after the last one pipe says there are no more. In a room (pipe join), the room sees how many hints you used.
        """)

    @Argument(help: "The exercise.", completion: .file(extensions: ["pipe"]))
    var file: String

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      try RootOption.refuse(allBut: [.noColor], given: pipe, in: "pipe hint")
    }

    func run() throws {
      let streams = OutputStreams(options: pipe.options.choices)
      let text: String
      switch ScriptSource.read(file, paint: streams.error.paint) {
      case .success(let read): text = read
      case .failure(let failure):
        Descriptor.write(failure.message + "\n", to: STDERR_FILENO)
        throw ExitCode(64)
      }
      let hints = Hints.read(text)
      let exercise = Hints.exercise(of: file)
      guard !hints.isEmpty else {
        print("\(file) has no hints")
        return
      }
      guard let state = HintState.standard() else {
        throw ValidationError("pipe remembers hints under HOME, and HOME is not set")
      }
      let shown: Int
      do {
        shown = try state.take(exercise, available: hints.count)
      } catch {
        Descriptor.write("error: \(error)\n", to: STDERR_FILENO)
        throw ExitCode(1)
      }
      guard shown < hints.count else {
        print("no more hints for \(exercise): you have seen all \(hints.count)")
        return
      }
      print("hint \(shown + 1) of \(hints.count): \(hints[shown].visibleControls)")
      RoomReporter.joined { Descriptor.write($0 + "\n", to: STDERR_FILENO) }?
        .reportHint(exercise: exercise, used: shown + 1)
    }
  }
}
