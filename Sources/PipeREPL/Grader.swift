import Foundation
import PipeDSL

/// `pipe check`: runs scripts on virtual time and grades them by their `expect` lines.
enum Grader {
  static func run(paths: [String], options: RunOptions, streams: OutputStreams) -> Int32 {
    let files = scripts(in: paths)
    guard !files.isEmpty else {
      Descriptor.write("error: no .pipe scripts in \(paths.joined(separator: " "))\n", to: STDERR_FILENO)
      return 2
    }
    var passed = 0
    var failed = 0
    for path in files {
      let (filePassed, fileFailed) = check(path, options: options, streams: streams)
      passed += filePassed
      failed += fileFailed
    }
    print("\(passed) passed, \(failed) failed")
    return failed > 0 ? 1 : 0
  }

  /// Checks one script; a script that does not compile or cannot be read counts one failure.
  /// Everything is printed on standard output, coloured as `streams` says.
  static func check(_ path: String, options: RunOptions, streams: OutputStreams) -> (passed: Int, failed: Int)
  {
    let text: String
    switch ScriptSource.read(path, paint: streams.output.paint) {
    case .success(let read): text = read
    case .failure(let failure):
      print(failure.message)
      return (0, 1)
    }
    var quiet = options
    quiet.answer = quiet.answer ?? .fail  // grading never waits for a person
    let settings = Settings.commandLine()
    let redactor = Redactor.commandLine(settings)
    let session = Session.make(
      options: quiet, streams: streams, output: BufferedOutput(), settings: settings, redactor: redactor,
      persistentCache: false
    )
    let file = SourceFile(name: path, text: text)
    let report = session.execute(file, commands: { _, _ in })
    if report.hasCompileErrors {
      print(
        DiagnosticRenderer(paint: streams.output.paint).render(report.diagnostics, in: redactor.redact(file)))
      return (0, 1)
    }
    for (_, outcome) in report.expectations {
      if case .failed(let message) = outcome { print(redactor.redact(message)) }
    }
    // A script that checks nothing, or lets an error through unhandled, does not pass.
    var failed = report.failed
    for error in report.unhandledErrors {
      print(redactor.redact("\(path): unhandled \(error.unhandledLine)"))
      failed += 1
    }
    if report.expectations.isEmpty {
      print("\(path): nothing was checked: the script has no expect line")
      failed += 1
    }
    let mark = failed == 0 ? "ok  " : "FAIL"
    print("\(mark) \(path): \(report.passed) passed, \(failed) failed")
    return (report.passed, failed)
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
