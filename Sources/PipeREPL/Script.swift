import Foundation
import Operators
import PipeDSL
import PipeRendering
import PluginBridge
import PluginHost

/// Runs a text as `pipe -e`, `pipe run` and piped standard input do.
enum Script {
  /// Runs every statement of `text`; returns the exit status (0, 1 or 2).
  static func run(text: String, name: String, options: RunOptions) -> Int32 {
    let output = StandardOutput()
    let session = Session.make(options: options, output: output)
    let file = SourceFile(name: name, text: text)
    session.commandHandler = { [unowned session] command, _ in
      guard !DiagramCommands.run(command, in: session, output: output, colored: options.colored) else {
        return
      }
      output.errorLine("note: ':\(command.name.text)' is a prompt command; scripts ignore it")
    }
    let renderer = DiagnosticRenderer(colored: options.colored)
    session.onWarnings = { output.errorLine(renderer.render($0, in: file)) }
    let interrupt = ScriptInterrupt(session: session, output: output)
    let report = session.execute(file)
    session.stopPlugins()
    if session.wasInterrupted {
      output.flush()
      return interrupt.exitStatus
    }
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
  /// standard input is a terminal.
  static func make(options: RunOptions, output: any PipeDSL.OutputStream, persistentCache: Bool = true)
    -> Session
  {
    let ask =
      options.answer.map { Asker.scripted($0.answer) }
      ?? (isatty(STDIN_FILENO) == 1 ? Asker.plain() : Asker.scripted(.fail))
    let session = make(
      clock: options.clockMode, seed: options.seed, output: output, settings: Settings(), loop: Loop(),
      display: TerminalDisplay.probe(options: options, output: output as? StandardOutput),
      lines: StandardInputLineReader(), ask: ask)
    session.attach(PluginSources(host: pluginHost(for: session, output: output, colored: options.colored)))
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
  /// log lines are shown dimmed, prefixed with its name.
  static func pluginHost(for session: Session, output: any PipeDSL.OutputStream, colored: Bool) -> PluginHost
  {
    let loop = session.loop
    let box = UncheckedSendable(output)
    let deadline = PluginDeadline.fromEnvironment { output.errorLine($0) }
    return PluginHost(
      options: PluginHost.Options(deadline: deadline),
      log: { plugin, line in
        box.value.errorLine(colored ? "\u{1B}[2m[\(plugin)] \(line)\u{1B}[0m" : "[\(plugin)] \(line)")
      },
      deliver: { work in loop.queue.async(execute: work) })
  }
}

/// SIGINT while a script runs (Ctrl-C in the terminal, `kill -INT`): every job is stopped
/// at once, however tight its loop, no further statement runs, and pipe exits with 130
/// (128 + SIGINT), as a shell expects of a program it interrupted. Should the orderly way
/// out take longer than a moment (a plugin slow to stop), pipe leaves at once.
final class ScriptInterrupt {
  /// The exit status of an interrupted script.
  let exitStatus: Int32 = 128 + SIGINT
  private let source: any DispatchSourceSignal

  init(session: Session, output: StandardOutput) {
    signal(SIGINT, SIG_IGN)  // delivered to the dispatch source instead
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    let box = UncheckedSendable(session)
    let status = exitStatus
    source.setEventHandler {
      box.value.interruptAll()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
        output.flush()
        _exit(status)
      }
    }
    source.resume()
  }

  deinit { source.cancel() }
}

/// Writes lines to standard output (buffered) and standard error, safe from any thread.
final class StandardOutput: PipeDSL.OutputStream, @unchecked Sendable {
  private let lock = NSLock()
  private var buffer: [UInt8] = []

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
      Descriptor.write(text.hasSuffix("\n") ? text : text + "\n", to: STDERR_FILENO)
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
