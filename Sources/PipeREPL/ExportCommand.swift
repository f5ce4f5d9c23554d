import ArgumentParser
import Foundation
import PipeDSL
import PipeExport

extension ExportLibrary: ExpressibleByArgument {}

extension PipeCommand {
  /// `pipe export --to rxswift|combine|rxjs FILE.pipe [--runnable]`
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write each pipeline of a script as RxSwift 6, Combine or RxJS 7 code.",
      usage: "pipe export --to rxswift|combine|rxjs <file>|--code <code> [--runnable]",
      discussion: """
        Translates by meaning, not by spelling: pipe's retry 3 (three attempts in all, as RxSwift counts) is retry(3) in RxSwift but retry(2) in Combine and RxJS. What a library lacks comes as a small helper, included once; where a translation keeps pipe's meaning only in part, a comment at that line says so; a stage with none is refused, named with why. Plugin sources become typed stubs to connect.

        --runnable writes a whole program that prints each value the sink would print, then completed or error: KIND, headed by how to run it: for Combine a main.swift on OpenCombine 0.14 (on the real clock; run it with --virtual for pipe's virtual clock), for RxSwift a main.swift with the Package.swift it needs, for RxJS a TypeScript file for `npx tsx` (both on the libraries' test schedulers' virtual clock, as pipe runs a script).

        Exit status: 0 written; 2 the script does not check, 3 a stage has no translation into the library (each is named with why; nothing is written); 64 a usage error.
        """
    )

    @Option(name: .customLong("to"), help: "The library: rxswift, combine or rxjs.")
    var library: ExportLibrary

    @Argument(help: "The script to translate.", completion: .file(extensions: ["pipe"]))
    var file: String?

    @Option(
      name: .customLong("code"), help: ArgumentHelp("Translate CODE instead of a file.", valueName: "CODE"))
    var code: String?

    @Flag(help: "A complete program that prints what each pipeline's sink would print.")
    var runnable = false

    @Flag(help: "Never colour the messages, whatever NO_COLOR and FORCE_COLOR say.")
    var noColor = RunChoices().noColor

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      // It runs nothing and draws nothing: only the colour of its messages is a choice.
      let runs = "it runs nothing"
      try RootOption.refuse(
        allBut: [.noColor], given: pipe, in: "pipe export",
        reasons: [
          .code: "translate code with --code CODE", .format: "it writes code", .seed: runs, .answer: runs,
          .ascii: "it draws nothing", .allowNet: runs, .allowWrite: "it writes on standard output",
          .set: runs,
        ])
      if (file == nil) == (code == nil) {
        throw ValidationError("give a script, or --code CODE (one of them)")
      }
    }

    func run() throws {
      var run = RunChoices()
      run.noColor = noColor
      let streams = OutputStreams(options: run)
      let source = code.map { Result.success($0) } ?? ScriptSource.read(file!, paint: streams.error.paint)
      throw ExitCode(
        ExportScript.run(
          source: source, name: file ?? "<code>", library: library, runnable: runnable, options: run,
          streams: streams))
    }
  }
}

/// Checks a script and prints its export.
enum ExportScript {
  static func run(
    source: Result<String, ScriptSource.Failure>, name: String, library: ExportLibrary, runnable: Bool,
    options: RunChoices, streams: OutputStreams
  ) -> Int32 {
    let settings = Settings.fromEnvironment()
    let redactor = Redactor.fromEnvironment(settings)
    let output = StandardOutput(
      redactor: redactor, errorPaint: streams.error.paint, outputPaint: streams.output.paint)
    defer { output.flush() }
    let text: String
    switch source {
    case .success(let read): text = read
    case .failure(let failure):
      output.errorLine(failure.message)
      return failure.status
    }
    let file = SourceFile(name: name, text: text)
    let session = Session.make(
      options: options, streams: streams, output: output, settings: settings, redactor: redactor,
      persistentCache: false, permissions: options.permissions.permissions(command: "pipe export"))
    defer { session.stopPlugins() }
    let (program, diagnostics) = session.check(file)
    if !diagnostics.isEmpty {
      output.errorLine(
        DiagnosticRenderer(paint: streams.error.paint).render(diagnostics, in: redactor.redact(file)))
    }
    guard !diagnostics.contains(where: \.isError) else { return 2 }
    do {
      let code = try Exporter.export(program, name: name, to: library, runnable: runnable)
      output.line(redactor.redact(code.hasSuffix("\n") ? String(code.dropLast()) : code))
      return 0
    } catch {
      // A stage with no translation: named, with its caret and why; nothing is written.
      output.errorLine(
        DiagnosticRenderer(paint: streams.error.paint).render(error.diagnostics, in: redactor.redact(file)))
      return 3
    }
  }
}
