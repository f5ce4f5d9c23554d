import PipeDSL

extension Repl {
  /// Learns every plugin's sources and settings, so that they can be completed, listed and
  /// explained (a plugin whose hello is known, here or in the hello cache, is not started).
  func loadPluginNames() {
    if host.current.learnAllPlugins() != nil { refreshVocabulary() }
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
