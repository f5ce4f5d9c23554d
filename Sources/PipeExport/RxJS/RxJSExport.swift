import PipeDSL

/// A script as RxJS 7 TypeScript: each pipeline a `pipe(...)`, `cold` and `expect` the
/// `TestScheduler`'s marbles, imports listed once at the top.
struct RxJSExport: LibraryExport {
  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String {
    let writer = RxJSWriter(context: context, bindings: bindings)
    var (chain, sink) = writer.chain(pipeline)
    switch sink {
    case .collect?: chain.add(writer.use("toArray") + "()")
    case .count?: chain.add(writer.use("count") + "()")
    case .last?: chain.add(writer.use("last") + "()")
    case .log?: chain.add(writer.use("tap") + "(console.log)")
    case .expect?:
      if let expectation = expect(pipeline, chain: chain, writer: writer) { return expectation }
    default: break
    }
    return chain.javascript()
      + ".subscribe({\n  next: (x) => console.log(x),\n  error: (e) => console.log(`error: ${e.kind}`),\n  complete: () => console.log('completed'),\n});"
  }

  /// `expect "MARBLES"` as `expectObservable(...).toBe(...)`; nil for the other forms.
  private func expect(_ pipeline: Pipeline, chain: Chain, writer: RxJSWriter) -> String? {
    guard case .operator(let op) = pipeline.stages.last?.kind, let first = op.arguments.first,
      case .literal(.string(let diagram)) = first.kind
    else { return nil }
    writer.context.use("testScheduler")
    let values = writer.marbleValues(op.arguments.dropFirst().first?.entries ?? [])
    let arguments = ([CodeDialect.javascript.string(diagram)] + values).joined(separator: ", ")
    return "expectObservable(\(Chain.indentLines(chain.javascript(), by: ""))).toBe(\(arguments));"
  }

  func binding(_ name: String, _ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String
  {
    "const \(name) = "
      + RxJSWriter(context: context, bindings: bindings).chain(pipeline, outer: "x").0.javascript() + ";"
  }

  func comment(_ text: String) -> String { SwiftCode.lineComments(text) }

  func document(name: String, body: [String], context: ExportContext) -> String {
    let imports = context.helpers.filter { $0.hasPrefix("rxjs:") }.map { String($0.dropFirst(5)) }
    let testing = context.helpers.contains("testScheduler")
    var parts = ["// \(name) in RxJS 7, exported by pipe."]
    var importLines =
      imports.isEmpty ? [] : ["import { \(Set(imports).sorted().joined(separator: ", ")) } from 'rxjs';"]
    if testing { importLines.append("import { TestScheduler } from 'rxjs/testing';") }
    if !importLines.isEmpty { parts.append(importLines.joined(separator: "\n")) }
    parts.append(Self.pipeError)
    if context.helpers.contains("withAttempt") { parts.append(Self.withAttempt) }
    parts += context.declarations
    guard testing else { return (parts + body).joined(separator: "\n\n") + "\n" }
    if context.helpers.contains("coldEach") { parts.append(Self.coldEach) }
    parts.append(
      "// The marbles run on the TestScheduler's virtual clock: one frame is 1 ms.\n"
        + "const testScheduler = new TestScheduler((actual, expected) => {\n"
        + "  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error('marbles differ');\n});\n\n"
        + "testScheduler.run(({ cold, hot, expectObservable }) => {\n"
        + body.map { "  " + Chain.indentLines($0, by: "  ") }.joined(separator: "\n\n") + "\n});")
    return parts.joined(separator: "\n\n") + "\n"
  }

  static let pipeError = """
    /** An error of one of pipe's kinds, as its sources and throwIf raise them. */
    class PipeError extends Error {
      constructor(
        readonly kind: string,
        message: string = kind,
        readonly attempt: number = 1,
      ) {
        super(message);
      }
    }
    """

  static let withAttempt = """
    /** The error as a PipeError numbered by the attempt that failed, as pipe numbers them. */
    function withAttempt(error: any, attempt: number): PipeError {
      return new PipeError(error.kind ?? error.name, error.message, attempt);
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
