import ArgumentParser
import Foundation
import PipeDSL
import PipeRendering
import PluginBridge
import PluginHost
import TerminalText

extension Catalogue {
  /// What the command line runs with: the language's own entries, and any the command line
  /// adds. docs/OPERATORS.md is generated from the same value, so it lists what pipe knows.
  /// The drawing sinks (marbles, table, plot) join it here, from PipeRendering, and `input`.
  static func withDrawingSinks(of rendering: any Drawing = Rendering(display: { Display() })) -> Catalogue {
    var catalogue = Catalogue.standard
    for entry in rendering.sinkEntries { catalogue.add(entry) }
    catalogue.add(InputSource.entry)  // lines typed by the person
    return catalogue
  }
}

extension PipeCommand {
  /// `pipe docs operators`: the reference pages generated from the catalogue (hidden; `make
  /// docs` writes docs/OPERATORS.md with it).
  struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "docs", abstract: "Print generated documentation.", shouldDisplay: false,
      subcommands: [Operators.self, Names.self])

    @ParentCommand var pipe: PipeCommand

    func validate() throws {
      try RootOption.refuse(allBut: [], given: pipe, in: "pipe docs")
    }

    /// `pipe docs names`: the mapping tables of docs/COOKBOOK.md; with `--into FILE`, writes
    /// them between the page's markers.
    struct Names: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "names",
        abstract: "Print the tables of RxSwift, Combine and RxJS names, or write them into a page.")

      @Option(name: .customLong("into"), help: "The page whose generated tables to replace.")
      var page: String?

      func run() throws {
        guard let page else { return print(TranslationDocument.markdown) }
        let text = try String(contentsOfFile: page, encoding: .utf8)
        guard let updated = TranslationDocument.replacingTables(in: text) else {
          throw ValidationError("\(page) has no generated-tables markers")
        }
        try updated.write(toFile: page, atomically: true, encoding: .utf8)
      }
    }

    struct Operators: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "operators",
        abstract: "Print docs/OPERATORS.md: every operator, source, sink, strategy and setting.")

      func run() throws {
        let document = OperatorsDocument(
          catalogue: .withDrawingSinks(), plugins: Self.builtInPluginSources(), settings: Settings.globals)
        print(document.markdown.neutralisingControls(), terminator: "")  // plugins' docs too
      }

      /// The plugins built with pipe, as their handshakes describe them.
      static let builtInPlugins: Set<String> = ["weather", "airquality", "random"]

      /// Their sources, read from the plugins next to this executable only, so that a user's
      /// own plugins do not change the generated page.
      static func builtInPluginSources() -> [ExternalSourceInfo] {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
          .deletingLastPathComponent().path
        let host = PluginHost(options: .init(directories: [directory]), deliver: { $0() })
        return PluginSources(host: host).allSources().filter { builtInPlugins.contains($0.plugin) }
      }
    }
  }
}
