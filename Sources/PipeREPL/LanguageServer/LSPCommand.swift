import ArgumentParser
import Foundation

extension PipeCommand {
  /// `pipe lsp`: the language server an editor starts.
  struct LSP: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "lsp",
      abstract: "Run the language server (LSP 3.17) on standard input and output, for an editor.",
      discussion: """
        An editor starts `pipe lsp` and speaks the Language Server Protocol to it over standard input and output: diagnostics as `pipe check` reports them (on open and on every change), completion, hover with the help of `:help NAME`, and quick fixes for the compiler's suggestions. A code lens "▶ run" on each statement and a hover on it show its marble diagram; once the typing pauses the document is run, and each `expect` that does not hold is a diagnostic. A run takes at most 5 s (initializationOptions.runSeconds); nothing runs that could reach a host or write a file. Messages longer than 8 MiB are refused. It exits when the editor sends `exit` or closes standard input (status 0 after `shutdown`, else 1).

        The files of share/pipe/editors set editors up (README.md).
        """)

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      try RootOption.refuse(allBut: [], given: pipe, in: "pipe lsp")
    }

    func run() throws {
      let server = LanguageServer(writer: LSPWriter(descriptor: STDOUT_FILENO))
      throw ExitCode(server.run(reader: LSPReader(descriptor: STDIN_FILENO)))
    }
  }
}
