import Foundation
import PipeDSL
import PipeRendering
import TerminalText

/// `pipe check`: runs scripts on virtual time and grades them by their `expect` lines.
enum Grader {
  /// Grades every script under `paths` and writes the results in `format`; the exit status is
  /// 0 when everything passed, 1 when something failed, 2 when there was nothing to grade.
  /// Each script is graded by `grade`: in this process (tests), or in a `GradingChild` of its
  /// own (the command line), so that one script's crash or runaway fails that script only.
  static func run(
    paths: [String], options: RunChoices, streams: OutputStreams, format: CheckFormat = .text,
    room: RoomReporter? = nil, grade: ((String) -> GradedScript)? = nil
  ) -> Int32 {
    let files = scripts(in: paths)
    guard !files.isEmpty else {
      let named = paths.joined(separator: " ").neutralisingControls()
      Descriptor.write("error: no .pipe scripts in \(named)\n", to: STDERR_FILENO)
      return 2
    }
    let grade = grade ?? { check($0, options: options, streams: streams) }
    var graded: [GradedScript] = []
    for path in files {
      let script = grade(path)
      if format == .text { print(script.text.neutralisingControls(), terminator: "") }
      room?.reportCheck(script, diagram: script.failingDiagram)
      graded.append(script)
    }
    // A hand-in's file name, errors and values never drive the terminal (nor the report).
    switch format {
    case .text: print(GradedScript.summary(graded).neutralisingControls())
    case .junit: print(GradedScript.junit(graded).neutralisingControls(), terminator: "")
    case .tap: print(GradedScript.tap(graded).neutralisingControls(), terminator: "")
    }
    return graded.contains { $0.failed > 0 } ? 1 : 0
  }

  /// Checks one script; a script that does not compile or cannot be read is one failed case.
  /// Texts are coloured as `streams` says for standard output.
  static func check(_ file: String, options: RunChoices, streams: OutputStreams) -> GradedScript {
    let path = shown(file)
    var script = GradedScript(path: path)
    let name = path
    let text: String
    switch ScriptSource.read(file, paint: streams.output.paint) {
    case .success(let read): text = read
    case .failure(let failure):
      script.add("\(name): reads as a script", failure: failure.message, kind: "unreadable")
      script.ranNothing = true
      return script
    }
    var quiet = options
    quiet.answer = quiet.answer ?? .fail  // grading never waits for a person
    let settings = Settings.fromEnvironment()
    let redactor = Redactor.fromEnvironment(settings)
    // Each file is graded with only what the person allowed: no network without --allow-net.
    let permissions = options.permissions.permissions(command: "pipe check", grading: true)
    let output = BufferedOutput()
    let session = Session.make(
      options: quiet, streams: streams, output: output, settings: settings, redactor: redactor,
      persistentCache: false, permissions: permissions
    )
    let file = SourceFile(name: name, text: text)
    let report = session.execute(file)
    // Why a run was stopped (the horizon, nothing left to wait for), as `pipe -e` says it.
    for note in output.errorLines where note.hasPrefix("note: stopped") {
      Descriptor.write(redactor.redact(note).neutralisingControls() + "\n", to: STDERR_FILENO)
    }
    if report.hasCompileErrors {
      let rendered = DiagnosticRenderer(paint: streams.output.paint)
        .render(report.diagnostics, in: redactor.redact(file))
      script.add("\(name): compiles", failure: rendered, kind: "compile")
      script.ranNothing = true
      return script
    }
    for (statement, outcome) in report.expectations {
      let line = file.line(of: statement.span.start)
      if case .failed(let message) = outcome {
        script.add("\(name):\(line)", line: line, failure: redactor.redact(message))
      } else {
        script.add("\(name):\(line)", line: line)
      }
    }
    // What it tried and was refused is a failure of its own, whatever its expectations say.
    for refusal in permissions.refusals {
      script.add(
        redactor.redact("\(name): refused \(refusal.action)"),
        failure: redactor.redact("\(name): refused: \(refusal)"), kind: "refused")
    }
    // A script that checks nothing, or lets an error through unhandled, does not pass.
    for error in report.unhandledErrors {
      script.add(
        "\(name): no unhandled error", failure: redactor.redact("\(name): unhandled \(error.unhandledLine)"),
        kind: "unhandled")
    }
    if let first = script.cases.compactMap(\.failure).first {
      script.failingDiagram = session.loop.sync { session.services.drawing?.failureSVG(shownIn: first) }.map {
        redactor.redact($0)
      }
    }
    if report.expectations.isEmpty {
      script.add(
        "\(name): checks something", failure: "\(name): nothing was checked: the script has no expect line",
        kind: "unchecked")
    }
    return script
  }

  /// A hand-in's file name as every report shows it: on one line, its line breaks and tabs
  /// written `\u{A}` as its other control characters are, so that a name cannot start a line
  /// of its own (`ok 9` in TAP, `ok  x.pipe` in the text report).
  static func shown(_ path: String) -> String {
    // By scalars: "\r\n" is one Character, which a search for "\n" would not find.
    var scalars = String.UnicodeScalarView()
    for scalar in path.unicodeScalars {
      if scalar == "\n" || scalar == "\t" {
        scalars.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars).neutralisingControls()
  }

  /// This executable, which grades each file in a child of its own.
  static var executable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  /// The scripts named, with folders searched recursively for `*.pipe`, sorted.
  static func scripts(in paths: [String]) -> [String] {
    var result: [String] = []
    let manager = FileManager.default
    for path in paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        result.append(path)
        continue
      }
      guard isDirectory.boolValue else {
        result.append(path)
        continue
      }
      let found = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".pipe") }.sorted()
      result += found.map { (path as NSString).appendingPathComponent($0) }
    }
    return result
  }
}
