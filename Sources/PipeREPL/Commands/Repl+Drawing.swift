import PipeDSL

extension Repl {
  /// `:graph [dot]`, `:schedule STRATEGY`, `:export svg FILE`: drawn by PipeRendering.
  func draw(_ command: Command) {
    _ = DiagramCommands.run(command, in: host.current, output: output, paint: streams.error.paint)
  }

  /// Learns every plugin's sources and settings, so that they can be completed, listed and
  /// explained (a plugin whose hello is known, here or in the hello cache, is not started).
  func loadPluginNames() {
    if host.current.learnAllPlugins() != nil { refreshVocabulary() }
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
