import Foundation
import Operators
import PipeDSL
import PipeRendering
import PluginBridge
import PluginHost
import TerminalText

/// Runs a text as `pipe -e`, `pipe run` and piped standard input do.
enum Script {
  /// Runs every statement of `text`; returns the exit status (0, 1 or 2).
  static func run(text: String, name: String, options: RunOptions, streams: OutputStreams) -> Int32 {
    let output = StandardOutput(errorPaint: streams.error.paint)
    let session = Session.make(options: options, streams: streams, output: output)
    let file = SourceFile(name: name, text: text)
    session.commandHandler = { [unowned session] command, _ in
      guard !DiagramCommands.run(command, in: session, output: output, paint: streams.error.paint) else {
        return
      }
      output.errorLine("note: ':\(command.name.text)' is a prompt command; scripts ignore it")
    }
    let renderer = DiagnosticRenderer(paint: streams.error.paint)
    session.onWarnings = { output.errorLine(renderer.render($0, in: file)) }
    let report = session.execute(file)
    session.stopPlugins()
    if !report.diagnostics.isEmpty {
      output.errorLine(renderer.render(report.diagnostics, in: file))
    }
    if report.hasCompileErrors { return 2 }
    for (_, outcome) in report.expectations {
      if case .failed(let message) = outcome { output.errorLine(message) }
    }
    output.flush()
    return report.failed > 0 || !report.unhandledErrors.isEmpty ? 1 : 0
  }

  static func readStandardInput() -> String {
    String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
  }
}

extension Session {
  /// A session for the command line's options; `catch cache` keeps its values in the user's
  /// cache directory unless `persistentCache` is false (grading must not depend on history).
  /// `input` reads standard input; `ask` is answered by `--answer`, or by the person when
  /// standard input is a terminal. Drawings and a plugin's log lines follow `streams`.
  static func make(
    options: RunOptions, streams: OutputStreams, output: any PipeDSL.OutputStream,
    persistentCache: Bool = true
  ) -> Session {
    let ask =
      options.answer.map { Asker.scripted($0.answer) }
      ?? (isatty(STDIN_FILENO) == 1 ? Asker.plain() : Asker.scripted(.fail))
    let session = make(
      clock: options.clockMode, seed: options.seed, output: output, settings: Settings(), loop: Loop(),
      display: TerminalDisplay.probe(streams: streams) { [standard = output as? StandardOutput] text in
        standard?.flush()
        Descriptor.write(text, to: STDOUT_FILENO)
      },
      lines: StandardInputLineReader(), ask: ask)
    session.attach(PluginSources(host: pluginHost(for: session, output: output, paint: streams.error.paint)))
    if persistentCache { session.keepCache(in: .standard(), output: output) }
    return session
  }

  /// What every session of the command line has, the prompt's too: the catalogue with the
  /// drawing sinks for `display`, `input` reading `lines`, and `ask`.
  static func make(
    clock: ClockMode, seed: Int?, output: any PipeDSL.OutputStream, settings: Settings, loop: Loop,
    display: @escaping @Sendable () -> Display, lines: any LineReader, ask: @escaping (PipeError) -> AskAnswer
  ) -> Session {
    if let seed { settings.set("seed", .int(seed)) }
    let rendering = Rendering(display: display)
    let session = Session(
      clock: clock, output: output, settings: settings, catalogue: .commandLine(drawingWith: rendering),
      loop: loop)
    rendering.attach(to: session)
    session.loop.sync {
      InputSource.attach(lines, loop: loop, to: session.runtime)
      session.runtime.ask = ask
    }
    return session
  }

  /// The host of the session's plugins: replies hop onto the session's loop, and a plugin's
  /// log lines are shown dimmed (when `paint`, standard error's, has colour), prefixed with
  /// its name.
  static func pluginHost(for session: Session, output: any PipeDSL.OutputStream, paint: Paint) -> PluginHost {
    let loop = session.loop
    let box = UncheckedSendable(output)
    let deadline = PluginDeadline.fromEnvironment { output.errorLine($0) }
    return PluginHost(
      options: PluginHost.Options(deadline: deadline),
      log: { plugin, line in
        box.value.errorLine(paint("[\(plugin)] \(line)", .dim))
      },
      deliver: { work in loop.queue.async(execute: work) })
  }
}

/// Writes lines to standard output (buffered) and standard error, safe from any thread;
/// `error:` in the error style when standard error has colour.
final class StandardOutput: PipeDSL.OutputStream, @unchecked Sendable {
  private let lock = NSLock()
  private var buffer: [UInt8] = []
  private let errorPaint: Paint

  init(errorPaint: Paint = .plain) { self.errorPaint = errorPaint }

  func line(_ text: String) {
    lock.withLock {
      buffer.append(contentsOf: text.utf8)
      buffer.append(10)
      if buffer.count > 1 << 16 { drain() }
    }
  }

  func errorLine(_ text: String) {
    lock.withLock {
      drain()
      Descriptor.write(errorPaint.errorLine(text.hasSuffix("\n") ? text : text + "\n"), to: STDERR_FILENO)
    }
  }

  func flush() { lock.withLock { drain() } }

  private func drain() {
    guard !buffer.isEmpty else { return }
    Descriptor.write(buffer, to: STDOUT_FILENO)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Whole writes to a file descriptor, retried on interruption.
enum Descriptor {
  static func write(_ text: String, to descriptor: Int32) { write(Array(text.utf8), to: descriptor) }

  static func write(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
