extension Session {
  /// Checks a text without running any of it: its tree, and every diagnostic parsing and
  /// compiling reported (`pipe export` translates only a text that checks). `alone` checks it
  /// with a compiler of its own, as if it were the session's first text: the `let` names of
  /// texts checked before are not known (`pipe lsp` checks each version of a document so).
  public nonisolated func check(_ file: SourceFile, alone: Bool = false) -> (
    program: Program, diagnostics: [Diagnostic]
  ) {
    check(Parser.parse(file), alone: alone)
  }

  /// `check` of a text parsed already (`pipe lsp` parses each version of a document once).
  public nonisolated func check(_ parsed: ParseResult<Program>, alone: Bool = false) -> (
    program: Program, diagnostics: [Diagnostic]
  ) {
    guard !parsed.hasErrors else { return (parsed.tree, parsed.diagnostics) }
    let diagnostics = loop.sync { () -> [Diagnostic] in
      let compiler =
        alone
        ? Compiler(
          catalogue: self.compiler.catalogue, settings: self.compiler.settings, sources: self.compiler.sources
        )
        : self.compiler
      _ = compiler.compile(parsed.tree)
      return compiler.diagnostics
    }
    return (parsed.tree, parsed.diagnostics + diagnostics)
  }
}
