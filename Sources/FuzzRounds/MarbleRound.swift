import Operators
import PipeDSL

/// A marble string through the engine's parser, renderer and playback, and through the
/// language's `cold`, `hot` and `expect`, with the invariants they must keep:
/// - a diagram that reads draws as a string that reads, and draws the same again;
/// - a cold diagram plays exactly its events at their times;
/// - a refused diagram gets a lowercase message, a column inside the string, and no more
///   than a short piece of it echoed;
/// - `cold` and `hot` refuse the string exactly when the engine does, and
///   `cold "X" | expect "X"` passes (on one session, as a script runs its statements).
struct MarbleRound {
  let text: String

  /// The longest message a refused diagram may get.
  static let longestMessage = 300

  func problems() -> [String] {
    var problems: [String] = []
    var cold: MarbleDiagram?
    var hot: MarbleDiagram?
    for kind in [MarbleDiagram.Kind.cold, .hot, .subscription] {
      do {
        let diagram = try MarbleDiagram(parsing: text, as: kind)
        if kind == .cold { cold = diagram }
        if kind == .hot { hot = diagram }
        problems += drawingProblems(diagram, kind)
      } catch {
        problems += errorProblems(error)
      }
    }
    if let cold { problems += playbackProblems(cold) }
    return problems + languageProblems(readsAsCold: cold, asHot: hot)
  }

  private func drawingProblems(_ diagram: MarbleDiagram, _ kind: MarbleDiagram.Kind) -> [String] {
    for maxDashes in [1, 20] {
      let drawn = diagram.rendered(maxDashes: maxDashes)
      guard let again = try? MarbleDiagram(parsing: drawn, as: kind) else {
        return ["the drawing \(drawn.debugDescription) of a \(kind) diagram does not read"]
      }
      let redrawn = again.rendered(maxDashes: maxDashes)
      if redrawn != drawn {
        return ["the drawing \(drawn.debugDescription) reads back as \(redrawn.debugDescription)"]
      }
    }
    return []
  }

  private func errorProblems(_ error: MarbleSyntaxError) -> [String] {
    let message = error.message
    if !(1...text.count + 1).contains(error.column) {
      return ["'\(message.prefix(200))' points outside a diagram of \(text.count) characters"]
    }
    if message.first?.isUppercase ?? true { return ["'\(message.prefix(200))' is empty or capitalised"] }
    if message.count > Self.longestMessage { return ["a message of \(message.count) characters"] }
    return []
  }

  /// The diagram played on a virtual clock gives its own events at their own times.
  private func playbackProblems(_ diagram: MarbleDiagram) -> [String] {
    let clock = VirtualTimeScheduler()
    var seen: [(time: Time, event: MarbleEvent)] = []
    let subscription = Observable<Character>.marbles(diagram, values: { $0 }, scheduler: clock)
      .subscribe(
        onNext: { seen.append((clock.now, .next($0))) }, onError: { _ in seen.append((clock.now, .error)) },
        onCompleted: { seen.append((clock.now, .completed)) })
    clock.run()
    subscription.dispose()
    let same =
      seen.count == diagram.events.count
      && zip(seen, diagram.events).allSatisfy { $0.time == $1.time && $0.event == $1.event }
    return same ? [] : ["the diagram played \(seen.count) events, not its \(diagram.events.count)"]
  }

  /// `cold`, `hot` and `expect` read the string as the engine does; a diagram well within the
  /// horizon, played by `cold` into an `expect` of itself, passes.
  private func languageProblems(readsAsCold cold: MarbleDiagram?, asHot hot: MarbleDiagram?) -> [String] {
    let literal = Value.string(text).literal
    let file = SourceFile(name: "fuzz.pipe", text: "cold \(literal) | expect \(literal)")
    if Self.refuses(file) != (cold == nil)
      || Self.refuses(SourceFile(name: "fuzz.pipe", text: "hot \(literal)")) != (hot == nil)
    {
      return ["the language and the engine disagree on whether the diagram reads"]
    }
    guard let cold, (cold.events.last?.time ?? .zero) <= .seconds(3000) else { return [] }
    let report = Self.session.execute(file)
    return report.passed == 1 ? [] : ["cold X | expect X did not pass: \(report.expectations)"]
  }

  /// Whether the compiler says the diagram of `file` is bad.
  private static func refuses(_ file: SourceFile) -> Bool {
    let compiler = Compiler(catalogue: FrontEndRound.catalogue, settings: Settings())
    _ = compiler.compile(Parser.parse(file).tree)
    return compiler.diagnostics.contains { $0.id == .badMarbles }
  }

  /// One session for every input: a session is made for a script, not for each statement.
  static let session = Session.make(output: DiscardedOutput())
}

/// Output nobody reads.
final class DiscardedOutput: PipeDSL.OutputStream, Sendable {
  func line(_ text: String) {}
  func errorLine(_ text: String) {}
}
