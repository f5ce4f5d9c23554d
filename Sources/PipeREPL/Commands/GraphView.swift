import Operators
import PipeDSL

// Plain-text `:graph` and `:schedule`, until the PipeRendering target draws them; kept in
// this one file so it can be swapped for the renderers.
extension Repl {
  /// `:graph`: the last pipeline's stages, nested stages indented under their parent.
  func showGraph() {
    let session = host.current
    let graph = session.loop.sync { session.lastGraph }
    guard !graph.nodes.isEmpty else {
      output.line("no pipeline has run yet")
      return
    }
    for line in GraphText.lines(graph) { output.line(line) }
  }

  /// `:schedule STRATEGY`: the delays a strategy would wait, with the time of each attempt.
  func showSchedule(_ command: Command) {
    let text = command.rest.text
    guard !text.isEmpty else {
      output.errorLine("error: write :schedule STRATEGY, for example :schedule backoff(1, 3, 5, 10)")
      return
    }
    let session = host.current
    let file = SourceFile(name: "<schedule>", text: text)
    let parsed = Parser.parseArgument(file)
    let (strategy, diagnostics, seed) = session.loop.sync { () -> (CompiledStrategy?, [Diagnostic], UInt64) in
      guard !parsed.hasErrors else { return (nil, parsed.diagnostics, 0) }
      let strategy = session.compiler.compileStrategy(parsed.tree)
      return (strategy, session.compiler.diagnostics, session.runtime.seed)
    }
    guard let strategy, !diagnostics.contains(where: \.isError) else {
      output.errorLine(DiagnosticRenderer(colored: style.colored).render(diagnostics, in: file))
      return
    }
    guard let retry = strategy.schedule else {
      output.line(
        "\(text) has no fixed delays: it waits for something (a setting, the network, a person, a stream)")
      return
    }
    for line in GraphText.schedule(retry, seed: seed) { output.line(line) }
  }
}

/// The plain-text drawings.
enum GraphText {
  /// `#0 weather "London"`, with nested stages indented under their parent.
  static func lines(_ graph: Graph) -> [String] {
    var lines: [String] = []
    func visit(_ parent: Int?, depth: Int) {
      for node in graph.children(of: parent) {
        lines.append(
          String(repeating: "  ", count: depth) + "#\(node.id) \(node.label)  (\(node.role.rawValue))")
        visit(node.id, depth: depth + 1)
      }
    }
    visit(nil, depth: 0)
    return lines
  }

  /// `retry 1  after 1s   at 1s` for each resubscription, then where the error goes through.
  static func schedule(_ strategy: RetryStrategy, seed: UInt64) -> [String] {
    var lines = ["\(strategy): after an error, wait, then subscribe again"]
    var total = Time.zero
    var schedule = strategy.makeSchedule(seed: seed)
    var attempt = 1
    while let delay = schedule.next() {
      total = total + delay
      attempt += 1
      lines.append(
        "  attempt \(attempt)".padded(13) + "after " + delay.description.padded(8) + "at " + total.description
      )
      if attempt > 50 {
        lines.append("  ...")
        break
      }
    }
    lines.append("  then the next error goes through")
    return lines
  }
}
