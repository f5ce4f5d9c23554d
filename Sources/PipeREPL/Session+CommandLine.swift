import Foundation
import Operators
import PipeDSL
import PipeRendering
import PluginBridge
import PluginHost
import TerminalText

extension Services {
  /// What every session of the command line has, the prompt's too: the plugins (their replies
  /// hop onto `loop`), the drawing sinks' rendering for `display`, `input` reading `lines`,
  /// and `ask`. Secrets may come from the environment (`PIPE_WEATHER_APIKEY`).
  static func withPluginsAndDrawing(
    output: any PipeDSL.OutputStream, settings: Settings, redactor: Redactor, cache: ValueCache,
    display: @escaping @Sendable () -> Display, lines: any LineReader,
    ask: @escaping (PipeError) -> AskAnswer,
    pluginLogPaint: Paint, permissions: Permissions
  ) -> Services {
    Services(
      output: output, settings: settings, cache: cache,
      sources: PluginSources(
        host: Session.pluginHost(output: output, paint: pluginLogPaint), permissions: permissions,
        notes: { output.errorLine($0) }),
      ask: ask, lines: ReaderLines(lines), drawing: Rendering(display: display),
      redactor: redactor, permissions: permissions)
  }
}

extension Settings {
  /// The settings of a run of the command line: a secret not set is read from the
  /// environment (`weather.apiKey` from `PIPE_WEATHER_APIKEY`).
  static func fromEnvironment() -> Settings { Settings(environment: ProcessInfo.processInfo.environment) }
}

extension Redactor {
  /// The redactor of the command line's `settings`, which knows the environment's secrets too.
  static func fromEnvironment(_ settings: Settings) -> Redactor {
    Redactor(settings: settings, environment: ProcessInfo.processInfo.environment)
  }
}

extension Session {
  /// A session for the command line's options, writing to `output` (which redacts with
  /// `redactor`); `catch cache` keeps its values in the user's cache directory unless
  /// `persistentCache` is false (grading must not depend on history). `input` reads standard
  /// input; `ask` is answered by `--answer`, or by the person when standard input is a terminal.
  /// Drawings and a plugin's log lines follow `streams`. With `eventLines`, every job's events
  /// go there and nothing is drawn live. The text is a script's: what it may do is
  /// `permissions`, and the settings the person gave (`--set`) are theirs, the text's are not.
  nonisolated static func make(
    options: RunChoices, streams: OutputStreams, output: sending any PipeDSL.OutputStream,
    settings: sending Settings, redactor: Redactor, persistentCache: Bool = true,
    eventLines: sending EventLines? = nil, permissions: Permissions
  ) -> Session {
    let ask =
      options.answer.map { Asker.scripted($0.answer) }
      ?? (isatty(STDIN_FILENO) == 1 ? Asker.plain(redactor: redactor) : Asker.scripted(.fail))
    if let seed = options.seed { settings.set("seed", .int(seed)) }
    options.permissions.apply(to: settings)
    for warning in options.permissions.warnings { output.errorLine(warning) }
    permissions.follow(settings)
    permissions.scriptsOnly()
    let cache = persistentCache ? ValueCache.kept(in: .standard(), output: output) : ValueCache()
    let live = eventLines == nil
    var services = Services.withPluginsAndDrawing(
      output: output, settings: settings, redactor: redactor, cache: cache,
      display: TerminalDisplay.probe(streams: streams) { [standard = output as? StandardOutput] text in
        guard live else { return }
        standard?.flush()
        Descriptor.write(redactor.redact(text), to: STDOUT_FILENO)  // a live diagram too
      },
      lines: StandardInputLineReader(), ask: ask, pluginLogPaint: streams.error.paint,
      permissions: permissions)
    services.eventLines = eventLines
    return Loop.main.sync { withDrawingSinks(clock: options.clockMode, services: services) }
  }

  /// A session of the command line, made on the loop: its catalogue has the drawing sinks of
  /// the services' rendering and `input`; the plugins' names join the checker when a text
  /// first needs them.
  static func withDrawingSinks(clock: ClockMode, services: Services, interactive: Bool = false) -> Session {
    Session(
      clock: clock, services: services,
      catalogue: .withDrawingSinks(of: services.drawing ?? Rendering { Display() }), interactive: interactive)
  }

  /// The host of a session's plugins: replies hop onto the loop, and a plugin's log lines are
  /// shown dimmed (when `paint`, standard error's, has colour), prefixed with its name.
  nonisolated static func pluginHost(output: any PipeDSL.OutputStream, paint: Paint) -> PluginHost {
    let loop = Loop.main
    let box = UncheckedSendable(output)
    let deadline = PluginDeadline.fromEnvironment { output.errorLine($0) }
    let helloCache = Locations.folder(
      "XDG_CACHE_HOME", fallback: ".cache", ProcessInfo.processInfo.environment
    )
    .map { $0 + "/pipe/plugins.json" }
    return PluginHost(
      options: PluginHost.Options(
        deadline: deadline, helloCache: helloCache, hostVersion: PipeCommand.version, adoptsOrphans: true),
      log: { plugin, line in
        box.value.errorLine(paint("[\(plugin)] \(line)", .dim))
      },
      deliver: { work in loop.queue.async(execute: work) })
  }
}
