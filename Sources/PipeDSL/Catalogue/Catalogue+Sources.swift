import Operators

extension Catalogue {
  /// `just`, `of`, `range`, `empty`, `never`, `fail`, `timer`, `every`, `changes`, `current`.
  static var sourceEntries: [CatalogueEntry] {
    [just, of, range, empty, never, fail, timer, every, changes, current] + marbleEntries
  }

  static let just = CatalogueEntry(
    name: "just", role: .source, signature: "just VALUE",
    doc: "Emits one value, then completes, both at the moment of subscription.",
    marble: Marble(source: "just \"a\"", "(a|)"), examples: [Example("just 42", prints: "42")], arity: 1...1
  ) { context in
    guard let value = context.read.dotValue(context.positional[0]) else { return nil }
    return .source({ env, _ in .deferred { .just(try value(env.dot)) } }, immediate: value)
  }

  static let of = CatalogueEntry(
    name: "of", role: .source, signature: "of(a, b, ...)",
    doc: "Emits the given values one after another at the moment of subscription, then completes.",
    marble: Marble(source: "of(\"a\", \"b\", \"c\")", "(abc|)"),
    examples: [
      Example(
        "of(\"London\", \"Paris\")",
        prints: """
          London
          Paris
          """)
    ], arity: 0...Int.max
  ) { context in
    let readers = context.positional.map(context.read.value)
    guard !readers.contains(where: { $0 == nil }) else { return nil }
    return .source { env, _ in .deferred { .from(try readers.map { try $0!(env) }) } }
  }

  static let range = CatalogueEntry(
    name: "range", role: .source, signature: "range(from, count)",
    doc: "Emits `count` whole numbers from `from` upwards at the moment of subscription, then completes.",
    marble: Marble(source: "range(0, 4)", "(0123|)"),
    examples: [
      Example(
        "range(1, 5)",
        prints: """
          1
          2
          3
          4
          5
          """)
    ], arity: 2...2
  ) { context in
    guard let start = context.read.integer(context.positional[0], atLeast: Int.min),
      let count = context.read.integer(context.positional[1])
    else { return nil }
    guard start.addingReportingOverflow(count).overflow == false else {
      context.report(.rangeOverflow(at: context.stage.span))
      return nil
    }
    return .source(
      { _, _ in Observable<Value>.range(start: start, count: count, Value.int) }, stamps: false,
      fusing: { _, _, row in FusedRow.range(start: start, count: count, row) })
  }

  static let empty = CatalogueEntry(
    name: "empty", role: .source, signature: "empty", doc: "Completes at once without a value.",
    marble: Marble(source: "empty", "|"), examples: [Example("empty | count", prints: "0")], arity: 0...0
  ) { _ in .source { _, _ in .empty() } }

  static let never = CatalogueEntry(
    name: "never", role: .source, signature: "never",
    doc: "Never emits and never ends; a script stops it when nothing else can happen.",
    marble: Marble(source: "never | timeout 5ms", "-----#"),
    examples: [Example("never | timeout 1s | catchAndReturn \"late\"", prints: "late")], arity: 0...0
  ) { _ in .source { _, _ in .never() } }

  static let fail = CatalogueEntry(
    name: "fail", role: .source, signature: "fail KIND [\"message\"]",
    doc: "Fails at once with an error of the given kind, as a source that is down would.",
    marble: Marble(source: "fail serverFailure", "#"),
    examples: [Example("fail serverFailure | catchAndReturn 0", prints: "0")], arity: 1...2
  ) { context in
    guard let kind = context.read.word(context.positional[0]) else { return nil }
    var message = "\(kind.text) raised by fail"
    if let arg = context.argument(1) {
      guard let text = context.read.string(arg) else { return nil }
      message = text
    }
    return .source { _, _ in .error(PipeError(kind: kind.text, message: message)) }
  }

  static let timer = CatalogueEntry(
    name: "timer", role: .source, signature: "timer DURATION",
    doc: "Emits 0 once the duration has passed, then completes. Inside a sub-pipeline the "
      + "duration may be computed: `timer { .attempt }` waits that many seconds.",
    marble: Marble(source: "timer 3ms", "---(0|)"), examples: [Example("timer 2s", prints: "0")], arity: 1...1
  ) { context in
    guard let delay = context.read.delay(context.positional[0]) else { return nil }
    return .source { env, _ in
      .deferred { Observable<Int>.timer(try delay(env), scheduler: env.runtime.scheduler).map(Value.int) }
    }
  }

  static let every = CatalogueEntry(
    name: "every", role: .source, signature: "every DURATION",
    doc: "Emits 0, 1, 2, ... one per period, the first after one period; it never completes.",
    marble: Marble(source: "every 2ms | take 3", "--0-1-(2|)"),
    examples: [
      Example(
        "every 1s | take 3",
        prints: """
          0
          1
          2
          """)
    ], arity: 1...1
  ) { context in
    guard let period = context.read.duration(context.positional[0]) else { return nil }
    guard period > .zero else {
      context.report(.zeroPeriod(at: context.positional[0].span))
      return nil
    }
    return .source { env, _ in
      Observable<Int>.interval(period, scheduler: env.runtime.scheduler).map(Value.int)
    }
  }

  static let changes = CatalogueEntry(
    name: "changes", role: .source, signature: "changes(SETTING)",
    doc: "Emits the new value of a setting every time `set` changes it; it never completes.",
    examples: [
      Example(
        "changes(weather.apiKey) | take 1",
        prints: """
          note: stopped 'changes(weather.apiKey) | take 1': it waits for something that can no longer happen (a setting change, a line typed); at the prompt, run it with & and change the setting
          """)
    ], arity: 1...1
  ) { context in
    guard let key = context.read.setting(context.positional[0]) else { return nil }
    return .source { env, _ in env.runtime.settings.changes(of: key) }
  }
}

extension Catalogue {
  static let current = CatalogueEntry(
    name: "current", role: .source, signature: "current(SETTING)",
    doc: "Emits the setting's value as it is when subscribed, then completes: state read anew on "
      + "each subscription, so a retry sees a value set meanwhile (RxSwift's `deferred`). A "
      + "secret reads as `••••`, or `\"\"` while it is empty.",
    examples: [
      Example("set seed 7; current(seed)", prints: "7"),
      Example(
        #"set weather.apiKey ""; current(weather.apiKey) | map { . == "" }"#, prints: "true"),
    ], arity: 1...1
  ) { context in
    guard let key = context.read.setting(context.positional[0]) else { return nil }
    return .source { env, _ in
      .deferred {
        let settings = env.runtime.settings
        return .just(settings.asRead(key, settings[key]))
      }
    }
  }
}

extension StageContext {
  /// The readers of this stage's arguments.
  public var read: ArgumentReader {
    var reader = ArgumentReader(compiler: compiler, hasDot: hasDot)
    reader.source = stage.text
    return reader
  }
}

extension ArgumentReader {
  /// A duration known now (`2s`), or computed per subscription from `.` or `{ ... }` in
  /// seconds; a computed value that is not a number is a `typeError`.
  func delay(_ arg: Arg) -> ((Env) throws -> Time)? {
    switch arg.kind {
    case .element, .expression:
      guard let value = value(arg) else { return nil }
      let stage = source
      return { env in
        let seconds = try value(env)
        guard let number = seconds.number, !number.isNaN else {
          throw PipeError(
            kind: PipeError.typeErrorKind, message: "expected a number of seconds, found \(seconds.typeName)",
            source: stage)
        }
        return .seconds(max(0, min(number, 1e9)))
      }
    default:
      guard let time = duration(arg) else { return nil }
      return { _ in time }
    }
  }
}
