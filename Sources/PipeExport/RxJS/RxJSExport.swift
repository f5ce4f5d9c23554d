import PipeDSL

/// A script as RxJS 7 TypeScript: each pipeline a `pipe(...)`, `cold` and `expect` the
/// `TestScheduler`'s marbles, imports listed once at the top. With `runnable`, a program that
/// prints what each pipeline's sink would print instead of asserting its marbles.
struct RxJSExport: LibraryExport {
  var runnable = false

  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String {
    let writer = RxJSWriter(context: context, bindings: bindings)
    var (chain, walk) = writer.chain(pipeline)
    switch walk.sink {
    case .collect?: chain.add(writer.use("toArray") + "()")
    case .count?: chain.add(writer.use("count") + "()")
    case .last?: chain.add(writer.use("last") + "()")
    case .log?: chain.add(writer.use("tap") + "(console.log)")
    case .expect? where !runnable:
      if let expectation = expect(pipeline, chain: chain, writer: writer) {
        return expectation
      }
    default: break
    }
    let value = walk.printsPlainly ? "x" : "show(x)"
    if value != "x" { context.use("show") }
    context.use(RxJSWriter.pipeError)  // the error's kind
    return chain.javascript()
      + ".subscribe({\n  next: (x) => console.log(\(value)),\n  error: (e) => console.log(`error: ${e.kind}`),\n  complete: () => console.log('completed'),\n});"
  }

  /// `expect "MARBLES"` as `expectObservable(...).toBe(...)`; nil for the other forms.
  private func expect(_ pipeline: Pipeline, chain: Chain, writer: RxJSWriter) -> String? {
    guard case .operator(let op) = pipeline.stages.last?.kind, let first = op.arguments.first,
      case .literal(.string(let diagram)) = first.kind
    else { return nil }
    writer.context.use("testScheduler")
    let values = writer.marbleValues(
      op.arguments.dropFirst().first?.entries ?? [], diagrams: [diagram], anyError: true)
    let arguments = ([CodeDialect.javascript.string(diagram)] + values).joined(separator: ", ")
    return "expectObservable(\(Chain.indentLines(chain.javascript(), by: ""))).toBe(\(arguments));"
  }

  func binding(_ name: String, _ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String
  {
    "const \(name) = "
      + RxJSWriter(context: context, bindings: bindings).chain(pipeline, outer: "x").0.javascript() + ";"
  }

  func comment(_ text: String) -> String { SwiftCode.lineComments(text) }

  func document(name: String, body statements: [StatementCode], context: ExportContext) -> String {
    let imports = context.imports
    let testing = context.helpers.contains("testScheduler")
    var parts = ["// \(name) in RxJS 7, exported by pipe."]
    if runnable {
      parts[0] = """
        // \(name) as an RxJS 7 program, exported by pipe.
        \(Exporter.runnablePrints)
        // To run it: `npm install rxjs@7 tsx`, save it as demo.ts and `npx tsx demo.ts`.
        """
    }
    var importLines =
      imports.isEmpty ? [] : ["import { \(Set(imports).sorted().joined(separator: ", ")) } from 'rxjs';"]
    if testing { importLines.append("import { TestScheduler } from 'rxjs/testing';") }
    if !importLines.isEmpty { parts.append(importLines.joined(separator: "\n")) }
    // A statement in the background (&) runs together with the next one, as in pipe.
    let body = statements.map { $0.text + (testing && $0.runs && !$0.background ? "\nplayToEnd();" : "") }
    let errors = context.errors.typescript(kinds: context.kinds)
    // The helpers declared: those used, and on the TestScheduler its check of the marbles.
    let helpers = (Self.helpers + Self.functions + Self.checked + Self.faithful).filter {
      context.helpers.contains($0.name)
    }
    var testHelpers: [(name: String, text: String)] = []
    if testing {
      if context.helpers.contains("coldEach") { testHelpers.append(("coldEach", Self.coldEach)) }
      testHelpers.append(("sameMarbles", Self.sameMarbles))
    }
    // PipeError where the code raises or reads an error (a script of prompt commands does not),
    // or a helper declared reads it.
    if errors != nil || context.helpers.contains(RxJSWriter.pipeError)
      || (helpers + testHelpers).contains(where: { Self.pipeErrorReaders.contains($0.name) })
    {
      parts.append(Self.pipeError)
    }
    parts += [errors].compactMap { $0 }
    parts += helpers.map(\.text)
    parts += context.declarations
    guard testing else { return (parts + body).joined(separator: "\n\n") + "\n" }
    parts += testHelpers.map(\.text)
    parts.append(
      "// Every pipeline runs on the TestScheduler's virtual clock, as pipe runs a script: one frame\n"
        + "// is 1 ms. In an app, leave out the TestScheduler: the operators then use the real clock.\n"
        + "const testScheduler = new TestScheduler((actual, expected) => {\n"
        + "  if (!sameMarbles(actual, expected)) {\n"
        + "    throw new Error(`marbles differ:\\n  actual:   ${JSON.stringify(actual)}\\n  expected: ${JSON.stringify(expected)}`);\n"
        + "  }\n});\n\n"
        + "/** Plays a statement to its end and sets the clock back to 0: one statement after another, as pipe. */\n"
        + "function playToEnd(): void {\n  testScheduler.flush();\n  testScheduler.frame = 0;\n}\n\n"
        + "testScheduler.run(({ cold, hot, expectObservable }) => {\n"
        + body.map { "  " + Chain.indentLines($0, by: "  ") }.joined(separator: "\n\n") + "\n});")
    return parts.joined(separator: "\n\n") + "\n"
  }

  /// The helpers of pipe's operators and values, in the order they are declared.
  static let helpers: [(name: String, text: String)] = [
    ("withAttempt", withAttempt), ("numbered", numbered), ("retryWhenOn", retryWhenOn), ("show", show),
  ]

  /// The helpers whose text reads the `PipeError` class (`new PipeError`, `instanceof PipeError`):
  /// a document declaring one declares the class.
  static let pipeErrorReaders = Set([
    "withAttempt", "show", "sameMarbles", "num", "len", "abs", "round", "min", "max",
  ]).union(checked.map(\.name).filter { $0 != "pipeEqual" })

  static let pipeError = """
    /** An error of one of pipe's kinds, as its sources and throwIf raise them; retryAfter is the seconds a 429's or 503's Retry-After asked for. */
    class PipeError extends Error {
      constructor(
        readonly kind: string,
        message: string = kind,
        readonly attempt: number = 1,
        readonly retryAfter?: number,
      ) {
        super(message);
      }
    }
    """

  static let withAttempt = """
    /** The error as a PipeError numbered by the attempt that failed, as pipe numbers them: once, a later stage keeps the number. */
    function withAttempt(error: any, attempt: number): PipeError {
      return Object.assign(new PipeError(error.kind ?? error.name, error.message, attempt, error.retryAfter), { numbered: true });
    }
    """

  static let numbered = """
    /** pipe's `error.attempt`: an error of this stage's n-th subscription is numbered n (RxJS's errors carry no number); one numbered upstream keeps its number. */
    function numbered<T>(): MonoTypeOperatorFunction<T> {
      return (source) => {
        let subscriptions = 0;
        return defer(() => {
          const attempt = ++subscriptions;
          return source.pipe(
            catchError((e) => throwError(() => (e.numbered ? e : withAttempt(e, attempt)))),
          );
        });
      };
    }
    """

  static let retryWhenOn = """
    /** pipe's retryWhen … on KINDS: an error of another kind ends the stream at once, unseen by the notifier. */
    function retryWhenOn<T>(kinds: string[], notifier: (errors: Observable<any>) => Observable<unknown>) {
      return (source: Observable<T>) =>
        new Observable<T>((subscriber) =>
          source
            .pipe(
              catchError((e) => {
                if (kinds.includes(e.kind)) return throwError(() => e);
                subscriber.error(e);
                return EMPTY;
              }),
              retryWhenToEnd(notifier),
            )
            .subscribe(subscriber),
        );
    }
    """

  static let show = """
    /** A value as pipe's `show` prints it: a string as itself, inside lists and records quoted. */
    function show(x: unknown): string {
      return typeof x === 'string' ? x : literal(x);
    }

    function literal(x: any): string {
      if (x === null || x === undefined) return 'null';
      if (typeof x === 'string') return JSON.stringify(x);
      if (Array.isArray(x)) return '[' + x.map(literal).join(', ') + ']';
      if (x instanceof PipeError) return `{kind: ${JSON.stringify(x.kind)}}`;
      if (typeof x === 'object') {
        return '{' + Object.entries(x).map(([k, v]) => `${k}: ${literal(v)}`).join(', ') + '}';
      }
      return String(x);
    }
    """

  /// pipe's functions whose JavaScript would not fail where pipe's do, in the order they are
  /// declared: each is declared once at the top of an export that calls it.
  static let functions: [(name: String, text: String)] = [
    ("num", num), ("len", len), ("abs", abs), ("round", round), ("min", extreme("min", least: true)),
    ("max", extreme("max", least: false)),
  ]

  /// pipe's `min` and `max`: of one list, its least or greatest item (JavaScript's
  /// `Math.min([3, 1])` is NaN), null when it is empty; of numbers and texts mixed, typeError.
  static func extreme(_ name: String, least: Bool) -> String {
    """
    /** pipe's \(name): the \(least ? "least" : "greatest") of its values, or of the items of one list (null when it is empty); numbers with numbers, texts with texts, else typeError, as in pipe (JavaScript's Math.\(name) of a list is NaN). */
    function \(name)(...xs: unknown[]): any {
      const items = xs.length === 1 ? xs[0] : xs;
      if (!Array.isArray(items)) throw new PipeError('typeError', `\(name) of one argument needs a list, not ${items === null ? "null" : typeof items}`);
      if (items.length === 0) return null;
      const kind = typeof items[0];
      if ((kind !== 'number' && kind !== 'string') || items.some((x) => typeof x !== kind)) {
        throw new PipeError('typeError', `cannot apply '\(name)' to ${items.map((x) => (x === null ? 'null' : typeof x)).join(' and ')}`);
      }
      return items.reduce((a, b) => (b \(least ? "<" : ">") a ? b : a));
    }
    """
  }

  /// pipe's `num`: JavaScript's `Number('abc')` is NaN and `Number('')` 0, where pipe fails.
  static let num = """
    /** pipe's num: a number stays itself, a text written as a number (spaces around it allowed) is that number; other text or another value fails with typeError, as in pipe (JavaScript's Number gives NaN, or 0 for ''). */
    function num(x: unknown): number {
      if (typeof x === 'number') return x;
      if (typeof x !== 'string') throw new PipeError('typeError', `num needs a string or a number, not ${x === null ? "null" : typeof x}`);
      const text = x.trim();
      if (/^[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?$/.test(text) && Number.isFinite(Number(text))) return Number(text);
      throw new PipeError('typeError', `cannot read ${JSON.stringify(x)} as a number`);
    }
    """

  /// pipe's `len`: JavaScript's `length` of a record or a number is undefined.
  static let len = """
    /** pipe's len: the characters of a text (as a person sees them: 🇫🇷 is one, JavaScript's length 4), the items of a list, the fields of a record; another value fails with typeError, as in pipe (JavaScript's length is undefined there). */
    function len(x: unknown): number {
      if (typeof x === 'string') return [...new (Intl as any).Segmenter().segment(x)].length;
      if (Array.isArray(x)) return x.length;
      if (typeof x === 'object' && x !== null && !(x instanceof PipeError)) return Object.keys(x).length;
      throw new PipeError('typeError', `len needs a string, list or record, not ${x === null ? "null" : typeof x}`);
    }
    """

  /// pipe's `abs`: JavaScript's `Math.abs('-3')` is 3, `Math.abs('a')` NaN.
  static let abs = """
    /** pipe's abs: of a number; another value fails with typeError, as in pipe (JavaScript's Math.abs('-3') is 3). */
    function abs(x: unknown): number {
      if (typeof x !== 'number') throw new PipeError('typeError', `abs needs a number, not ${x === null ? "null" : typeof x}`);
      return Math.abs(x);
    }
    """

  /// pipe's `round`: half away from zero (JavaScript's `Math.round(-2.5)` is -2, pipe's -3),
  /// and `round(x, digits)`, which JavaScript has not.
  static let round = """
    /** pipe's round: half away from zero (JavaScript's Math.round(-2.5) is -2, pipe's -3), or to 0 to 15 digits; another value fails with typeError, as in pipe. */
    function round(x: unknown, digits: number = 0): number {
      if (typeof x !== 'number' || !Number.isInteger(digits) || digits < 0 || digits > 15) {
        throw new PipeError('typeError', 'round(x, digits) needs a number and 0 to 15 digits');
      }
      const scale = 10 ** digits;
      const rounded = Math.round(Math.abs(x) * scale) / scale;
      return x < 0 && rounded !== 0 ? -rounded : rounded;
    }
    """

  static let coldEach = """
    /** pipe's cold with several diagrams: the n-th subscription plays the n-th, the last repeating. */
    function coldEach<T>(diagrams: Observable<T>[]): Observable<T> {
      let subscriptions = 0;
      return defer(() => diagrams[Math.min(subscriptions++, diagrams.length - 1)]);
    }
    """
}
