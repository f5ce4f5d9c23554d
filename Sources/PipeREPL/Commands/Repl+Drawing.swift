import PipeDSL

extension Repl {
  /// `:graph [dot]`, `:schedule STRATEGY`, `:export svg FILE`: drawn by PipeRendering.
  func draw(_ command: Command) {
    _ = DiagramCommands.run(command, in: host.current, output: output, paint: streams.error.paint)
  }

  /// Starts the plugins if no statement has yet, so that their sources and settings can be
  /// completed, listed and explained.
  func loadPluginNames() {
    let session = host.current
    let loaded = session.loop.sync { () -> Bool in
      guard let load = session.loadExternalNames else { return false }
      session.loadExternalNames = nil
      return load()
    }
    if loaded { refreshVocabulary() }
  }

  /// `:plugins`.
  func listPlugins(_ command: Command) {
    output.line(PluginCommands.list(host.current))
    refreshVocabulary()
  }

  /// `:plugin load PATH`.
  func loadPlugin(_ command: Command) {
    guard command.words.count == 2, command.words[0].text == "load" else {
      output.errorLine("error: write :plugin load PATH")
      return
    }
    let result = PluginCommands.load(command.words[1].text, host.current)
    result.hasPrefix("error:") ? output.errorLine(result) : output.line(result)
    refreshVocabulary()
  }
}
