import ArgumentParser
import Foundation
import PipeDSL
import TerminalText

extension PipeCommand {
  /// `pipe fmt FILE…`: every script in the one layout of `Formatter`.
  struct Fmt: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fmt", abstract: "Lay .pipe scripts out in pipe's one layout (comments kept).",
      usage: "pipe fmt <paths> ... [--check]",
      discussion: """
        Rewrites each script in place when its layout changes: one space on each side of |, a line that goes on a statement with | indented by two spaces, no white space at the end of a line, at most one blank line in a row, one line break at the end. Only white space changes, never a token nor a comment, and formatting twice changes nothing more. pipe lsp formats an editor's document the same way.

        With --check, nothing is written: each script that is not laid out so is listed, and the exit status is 1 (for CI).

        Exit status: 0 every script is (now) laid out; 1 with --check, a script is not; 2 a script the lexer cannot read (an unterminated string, a stray character), left as it is; 64 a file that cannot be read or written.
        """)

    @Argument(help: "Scripts, or folders searched for *.pipe.", completion: .file(extensions: ["pipe"]))
    var paths: [String]

    @Flag(help: "Write nothing; list the scripts not laid out, and exit 1 if there is one.")
    var check = false

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      try RootOption.refuse(allBut: [], given: pipe, in: "pipe fmt")
    }

    func run() throws {
      let paint = OutputStreams(options: RunChoices()).error.paint
      var status: Int32 = 0
      for path in Grader.scripts(in: paths) {
        let text: String
        switch ScriptSource.read(path, paint: paint) {
        case .success(let read): text = read
        case .failure(let failure):
          Descriptor.write(failure.message + "\n", to: STDERR_FILENO)
          status = max(status, 64)
          continue
        }
        let file = SourceFile(name: path, text: text)
        switch Formatter.format(file) {
        case .failure(.unreadable(let diagnostics)):
          let rendered = DiagnosticRenderer(paint: paint).render(diagnostics, in: file)
          Descriptor.write(
            rendered.neutralisingControls(keepingStyles: paint.colour) + "\n", to: STDERR_FILENO)
          status = max(status, 2)
        case .failure(.changedTokens):
          Descriptor.write(
            "\(path): not formatted: the layout would change a token (a bug of pipe fmt)\n", to: STDERR_FILENO
          )
          status = max(status, 2)
        case .success(let formatted) where formatted == text: break
        case .success(let formatted) where check:
          Descriptor.write(path.neutralisingControls() + "\n", to: STDOUT_FILENO)
          status = max(status, 1)
        case .success(let formatted):
          do {
            try Data(formatted.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
          } catch {
            Descriptor.write("cannot write '\(path)': \(error.localizedDescription)\n", to: STDERR_FILENO)
            status = max(status, 64)
          }
        }
      }
      throw ExitCode(status)
    }
  }
}
