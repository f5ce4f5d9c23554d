import PipeDSL

extension Repl {
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
  func listPlugins() -> CommandReply {
    defer { refreshVocabulary() }
    return .text(PluginCommands.list(host.current))
  }

  /// `:plugin load PATH`.
  func loadPlugin(_ command: Command) throws(CommandError) -> CommandReply {
    guard command.words.count == 2, command.words[0].text == "load" else {
      throw .problem("write :plugin load PATH")
    }
    defer { refreshVocabulary() }
    return .text(try PluginCommands.load(command.words[1].text, host.current))
  }
}
