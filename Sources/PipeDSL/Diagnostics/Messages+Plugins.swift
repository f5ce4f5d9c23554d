/// Messages about plugins met while a text is checked, kept together.
extension Diagnostic {
  /// `set crashy.level 3` when the plugin `crashy` cannot start: it is not an unknown setting.
  static func pluginUnavailable(_ plugin: String, _ error: PipeError, at span: Span) -> Diagnostic {
    Diagnostic(
      id: .pluginUnavailable, message: "plugin '\(plugin)' could not start", span: span,
      help: "\(error.kind): \(error.message); it is tried again the next time it is used")
  }

  /// `weather "Oslo"` when the plugin `weather` on PIPE_PLUGIN_PATH hides pipe's own.
  static func pluginShadows(_ note: String, at span: Span) -> Diagnostic {
    Diagnostic(
      id: .pluginShadows, severity: .warning, message: note, span: span,
      help: ":plugins lists every plugin and what it hides")
  }
}
