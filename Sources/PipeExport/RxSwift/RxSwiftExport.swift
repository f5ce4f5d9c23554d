import Foundation
import PipeDSL

/// A script as RxSwift 6 code: pipe's semantics are RxSwift's, so this is the closest export.
/// `cold` and `expect` become RxTest's cold observables and recorded events. The export is a
/// whole `main.swift` either way; `runnable` heads it with the package that runs it.
struct RxSwiftExport: LibraryExport {
  var runnable = false

  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String {
    let writer = RxSwiftWriter(context: context, bindings: bindings)
    var (chain, walk) = writer.chain(pipeline)
    let sink = walk.sink
    var notes: [String] = []
    switch sink {
    case .collect?: chain.add(".toArray().asObservable()")  // toArray() is a Single
    case .count?: chain.add(".reduce(0) { count, _ in count + 1 }")
    case .last?: chain.add(".takeLast(1)")
    case .log?: chain.add(".debug()")
    case .expect?: notes = expectNote(pipeline, writer: writer)
    default: break
    }
    // A plugin's values are records too, `{city: "London", ...}`.
    let record = PluginStub.withType(Meaning.elementType(of: pipeline, bindings: bindings)) != nil
    let plain = walk.printsPlainly && !record && sink != .collect
    let value = plain ? "$0" : "show($0)"
    if value != "$0" { context.use("show") }
    context.readErrorRecord()  // onError prints the error's kind
    chain.add(
      ".subscribe(\n    onNext: { print(\(value)) },\n    onError: { print(\"error: \\($0.kind)\") },\n    onCompleted: { print(\"completed\") }\n)"
    )
    chain.add(".disposed(by: disposeBag)")
    return (notes + [chain.swift()]).joined(separator: "\n")
  }

  /// An `expect "MARBLES"` as the RxTest assertion it means.
  private func expectNote(_ pipeline: Pipeline, writer: RxSwiftWriter) -> [String] {
    guard case .operator(let op) = pipeline.stages.last?.kind, let first = op.arguments.first else {
      return []
    }
    if case .literal(.string(let diagram)) = first.kind {
      let values = op.arguments.dropFirst().first?.entries ?? []
      let events = writer.recorded(diagram, values, hint: "String", structs: false)
      return ["// In RxTest: XCTAssertEqual(observer.events, \(events))"]
    }
    return ["// pipe checks it with: \(op.description)"]
  }

  func binding(_ name: String, _ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String
  {
    "let \(name) = "
      + RxSwiftWriter(context: context, bindings: bindings).chain(pipeline, outer: "$0").0.swift()
  }

  func comment(_ text: String) -> String { SwiftCode.lineComments(text) }

  func document(name: String, body: [StatementCode], context: ExportContext) -> String {
    var parts = ["// \(name) in RxSwift 6, exported by pipe."]
    let testing = context.helpers.contains("testScheduler")
    if runnable { parts[0] = Self.runnableHeader(name: name, testing: testing) }
    parts.append("import Foundation\nimport RxSwift" + (testing ? "\nimport RxTest" : ""))
    if testing {
      parts.append(
        "// Every pipeline runs on RxTest's virtual clock, as pipe runs a script: one tick is 1 ms, and\n"
          + "// testScheduler.start() plays each to its end at once. In an app, use MainScheduler.instance.\n"
          + "let testScheduler = TestScheduler(initialClock: 0, resolution: 0.001)\nlet scheduler = testScheduler"
      )
    } else {
      parts.append("let scheduler = MainScheduler.instance")
    }
    parts.append("let disposeBag = DisposeBag()")
    let numbered = context.helpers.contains("numbered")
    let errors = context.errors.swift(kinds: context.kinds)
    parts += [errors].compactMap { $0 }
    let helpers = RxSwiftHelper.allCases.filter { context.helpers.contains($0.rawValue) }
    // The error record where the code or a helper reads it (a runnable program prints errors' kinds).
    if runnable || context.helpers.contains(SwiftCode.errorRecord)
      || helpers.contains(where: { !$0.reads.isEmpty })
    {
      parts.append(
        SwiftCode.pipeError(numbered: numbered, errors: errors == nil ? nil : context.errors, rxTimeout: true)
      )
    }
    for helper in helpers {
      parts.append(helper.text)
      if helper == .show, context.declarations.contains(RxSwiftWriter.record) {
        parts.append(RxSwiftWriter.recordFields)
      }
    }
    parts += context.declarations
    parts += context.recordDeclarations
    // On RxTest's clock a statement runs when the scheduler starts: one after another, as in pipe.
    parts += body.map { $0.text + (testing && $0.runs ? "\ntestScheduler.start()" : "") }
    return parts.joined(separator: "\n\n") + "\n"
  }

  /// What `--runnable` says first: what the program prints and the package that runs it.
  static func runnableHeader(name: String, testing: Bool) -> String {
    let test = testing ? ",\n//         .product(name: \"RxTest\", package: \"RxSwift\")" : ""
    return """
      // \(name) as an RxSwift 6 program, exported by pipe.
      \(Exporter.runnablePrints)
      // To run it: save it as Sources/demo/main.swift, next to this Package.swift, and `swift run demo`.
      //
      //     // swift-tools-version: 5.9
      //     import PackageDescription
      //     let package = Package(
      //       name: "demo",
      //       dependencies: [.package(url: "https://github.com/ReactiveX/RxSwift", from: "6.0.0")],
      //       targets: [.executableTarget(name: "demo", dependencies: [
      //         .product(name: "RxSwift", package: "RxSwift")\(test)])])
      """
  }

  static let retryAfter = """
    extension Error {
        /// The wait before the next attempt: the strategy's `delay`, or this error's `retryAfter`
        /// (its service's Retry-After) when that is longer, as pipe's delay strategies wait.
        func honouringRetryAfter(_ delay: RxTimeInterval) -> RxTimeInterval {
            guard let retryAfter else { return delay }
            let asked = Int((retryAfter * 1000).rounded())
            let own: Int
            switch delay {
            case .seconds(let seconds): own = seconds * 1000
            case .milliseconds(let milliseconds): own = milliseconds
            case .microseconds(let microseconds): own = microseconds / 1000
            case .nanoseconds(let nanoseconds): own = nanoseconds / 1_000_000
            default: return delay
            }
            return own >= asked ? delay : .milliseconds(asked)
        }
    }
    """

  static let retryOn = """
    /// An error of the kinds a `retry(on:when:)` retries.
    struct Retryable: Error {
        var error: Error
    }

    extension ObservableType {
        /// pipe's `retryWhen … on KINDS`: RxSwift's `retry(when:)` typed to `Retryable`, so an error
        /// of another kind ends the stream at once, unseen by the handler.
        func retry<Trigger: ObservableType>(
            on kinds: Set<String>, when handler: @escaping (Observable<Error>) -> Trigger
        ) -> Observable<Element> {
            asObservable()
                .catch { error in throw kinds.contains(error.kind) ? Retryable(error: error) : error }
                .retry(when: { (errors: Observable<Retryable>) in handler(errors.map(\\.error)) })
        }
    }
    """

  /// With it, PipeError's `numbered` says a stage has numbered it: the first that does, as pipe
  /// stamps an error once.
  static let numbered = """
    extension ObservableType {
        /// pipe's `error.attempt`: an error of this stage's n-th subscription is numbered n (RxSwift's
        /// errors carry no number); one numbered upstream keeps its number.
        func numbered() -> Observable<Element> {
            var subscriptions = 0
            return Observable.deferred {
                subscriptions += 1
                let attempt = subscriptions
                return self.asObservable().catch { error in
                    guard (error as? PipeError)?.numbered != true else { throw error }
                    var numbered = PipeError(error, attempt: attempt)
                    numbered.numbered = true
                    throw numbered
                }
            }
        }
    }
    """

  static let coldEach = """
    /// pipe's cold with several diagrams: the n-th subscription plays the n-th, the last repeating.
    func coldEach<T>(_ recordings: [[Recorded<Event<T>>]]) -> Observable<T> {
        var subscriptions = 0
        return Observable.deferred {
            subscriptions += 1
            let events = recordings[min(subscriptions, recordings.count) - 1]
            return testScheduler.createColdObservable(events).asObservable()
        }
    }
    """
}
