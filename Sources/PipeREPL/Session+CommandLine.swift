import Foundation
import Operators
import PipeDSL
import PipeRendering
import PluginBridge
import PluginHost
import TerminalText

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
