import PipeDSL

extension CombineWriter {
  /// The head of a chain for a source stage, and whether it never fails (so a later stage
  /// may need `.setFailureType(to: Error.self)`); nil when the stage is not a source.
  /// `hint`: the element type a source without values is given (a record type's struct is
  /// declared only where it is written).
  func source(_ meaning: Meaning, outer: String?, hint: String) -> (String, Bool)? {
    let name = { context.swiftName(of: hint) }
    switch meaning {
    case .just(let arg): return ("Just(\(argument(arg, outer: outer)))", true)
    case .of(let args):
      return ("[" + args.map { argument($0, outer: outer) }.joined(separator: ", ") + "].publisher", true)
    case .range(let from, let count):
      return (count > 0 ? "(\(from)...\(from + count - 1)).publisher" : "(\(from)..<\(from)).publisher", true)
    case .empty: return ("Empty<\(name()), Error>()", false)
    case .never: return ("Empty<\(name()), Error>(completeImmediately: false)", false)
    case .fail(let kind):
      return ("Fail<\(name()), Error>(error: \(context.kind(kind)))", false)
    case .timer(.seconds(let seconds)):
      return ("Just(0).delay(for: \(stride(seconds)), scheduler: scheduler)", true)
    case .timer(.computed(let expr)):
      return (
        "Just(0).delay(for: .seconds(\(expression(expr, element: outer ?? "$0"))), scheduler: scheduler)",
        true
      )
    case .every(let seconds):
      context.use(CombineHelper.interval.rawValue)
      return ("interval(\(stride(seconds)), scheduler: scheduler)", true)
    case .cold(let diagrams, let values): return (cold(diagrams, values, hint: hint), false)
    case .hot(let diagram, _):
      context.declare(
        "/// pipe's hot \(dialect.string(diagram)): send its events from your test.\nlet hot = PassthroughSubject<\(name()), Error>()"
      )
      return ("hot", false)
    case .changes(let setting):
      let property = Self.camelCase(setting)
      context.declare(
        "/// The settings the pipeline watches, as `@Published` properties.\nfinal class Settings: ObservableObject {\n    @Published var \(property) = \"\"\n}\n\nlet settings = Settings()"
      )
      return ("settings.$\(property).dropFirst()", true)
    case .input:
      context.declare(
        "/// The lines the person types: connect your text field here.\nlet lines = PassthroughSubject<String, Error>()"
      )
      return ("lines", false)
    case .plugin(let name, let arguments): return (plugin(name, arguments, outer: outer), false)
    case .reference(let name): return (name, false)
    case .group(let pipeline):
      let (inner, _) = chain(pipeline, outer: outer)
      return (inner.swift(), false)
    default: return nil
    }
  }

  /// `cold("-a-#")`, `cold("-(n|)", "-(v|)", values: ["n": -5, "v": 42])`, `cold("-#", of: Int.self)`.
  private func cold(_ diagrams: [String], _ values: [DictEntry], hint: String) -> String {
    context.use(CombineHelper.cold.rawValue)
    var words = diagrams.map(dialect.string)
    let letters = MarbleText.valueLetters(diagrams)
    let valueEntries = values.filter { $0.keyText != "#" }
    if !valueEntries.isEmpty {
      words.append(
        "values: ["
          + valueEntries.map {
            dialect.string($0.keyText) + ": " + SwiftCode.value($0.value, context: context)
          }.joined(
            separator: ", ") + "]")
    } else if !letters.isEmpty, letters.allSatisfy(\.isNumber) {
      words.append("values: [" + letters.sorted().map { "\"\($0)\": \($0)" }.joined(separator: ", ") + "]")
    } else if letters.isEmpty {
      words.append("of: \(context.swiftName(of: hint)).self")
    }
    if let error = values.first(where: { $0.keyText == "#" })?.value.word {
      words.append("error: \(context.kind(error))")
    } else if diagrams.contains(where: { $0.contains("#") }) {
      words.append("error: \(context.kind("error"))")
    }
    return "cold(" + words.joined(separator: ", ") + ")"
  }

  /// A plugin source as a call of a typed stub, declared once.
  private func plugin(_ name: String, _ arguments: [Arg], outer: String?) -> String {
    let words = arguments.map { argument($0, outer: outer) }
    let stub = PluginStub.named(name, arguments: arguments.count)
    if !stub.fields.isEmpty { context.use(CombineHelper.show.rawValue) }  // its type is a Record
    context.declare(
      stub.swiftDeclaration(
        publisher: "AnyPublisher<\(stub.type), Error>",
        body:
          "Fail(error: \(context.kind("notConnected"))).eraseToAnyPublisher()"
      ))
    return stub.function + "(" + stub.callArguments(words) + ")"
  }

  /// `weather.apiKey` → `weatherApiKey`.
  static func camelCase(_ dotted: String) -> String {
    let parts = dotted.split(separator: ".").map(String.init)
    return parts.enumerated().map {
      $0.offset == 0 ? $0.element : $0.element.prefix(1).uppercased() + $0.element.dropFirst()
    }.joined()
  }
}
