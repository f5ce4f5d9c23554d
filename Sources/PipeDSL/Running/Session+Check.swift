extension Session {
  /// Checks a text without running any of it: its tree, and every diagnostic parsing and
  /// compiling reported (`pipe export` translates only a text that checks).
  public nonisolated func check(_ file: SourceFile) -> (program: Program, diagnostics: [Diagnostic]) {
    let parsed = Parser.parse(file)
    guard !parsed.hasErrors else { return (parsed.tree, parsed.diagnostics) }
    let diagnostics = loop.sync { () -> [Diagnostic] in
      _ = compiler.compile(parsed.tree)
      return compiler.diagnostics
    }
    return (parsed.tree, parsed.diagnostics + diagnostics)
  }
}
