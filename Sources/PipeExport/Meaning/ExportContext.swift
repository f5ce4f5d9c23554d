import PipeDSL

/// What a writer collects while it translates a script: the helpers and stubs to declare
/// once at the top, the error kinds used, the names nested closures have taken.
final class ExportContext {
  /// Helpers by name, in the order first used.
  private(set) var helpers: [String] = []
  /// Declarations (stubs, caches, breakers), in the order first used, each once.
  private(set) var declarations: [String] = []
  private(set) var kinds: [String] = []
  /// Whether the script reads an error's `attempt`: the RxSwift export then numbers the
  /// errors of each stage by its subscription, as pipe does.
  var numbersAttempts = false
  /// The element type of the stream the stage being written gets, where the writer knows it
  /// (a cache's cast needs it).
  var elementType: String?
  /// How deep the closure being written is nested: `value`, `value2`, ...
  private var depth = 0
  private var counter = 0

  func use(_ helper: String) {
    if !helpers.contains(helper) { helpers.append(helper) }
  }

  func declare(_ text: String) {
    if !declarations.contains(text) { declarations.append(text) }
  }

  func kind(_ kind: String) {
    if !kinds.contains(kind) { kinds.append(kind) }
  }

  /// A fresh number, for names that must differ: `breaker1`, `breaker2`.
  func next() -> Int {
    counter += 1
    return counter
  }

  /// Runs `body` one closure deeper, with the parameter name for that depth.
  func nested<T>(_ base: String, _ body: (String) -> T) -> T {
    depth += 1
    defer { depth -= 1 }
    return body(depth == 1 ? base : base + String(depth))
  }
}
