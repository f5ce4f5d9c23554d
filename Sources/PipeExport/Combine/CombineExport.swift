import PipeDSL

/// A script as Combine code: a fragment to paste into an app, or with `runnable` a whole
/// `main.swift` on OpenCombine that prints what each pipeline's sink would print.
struct CombineExport: LibraryExport {
  let runnable: Bool

  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String {
    self.pipeline(pipeline, context: context, bindings: bindings, background: false)
  }

  /// A pipeline pipe runs in the background (`&`) is, in the runnable program, a `run` that
  /// returns at once: it runs together with the next ones, as in pipe.
  func pipeline(_ pipeline: Pipeline, context: ExportContext, bindings: Set<String>, background: Bool)
    -> String
  {
    let writer = CombineWriter(context: context, bindings: bindings)
    var (chain, walk) = writer.chain(pipeline)
    switch walk.sink {
    case .collect?: chain.add(".collect()")
    case .count?: chain.add(".count()")
    case .last?: chain.add(".last()")
    case .log?: chain.add(".print()")
    default: break
    }
    if runnable {
      let code = Chain.indentLines(chain.swift(), by: "    ")
      return (background ? "runInBackground" : "run") + "(\n    " + code + "\n)"
    }
    chain.add(".sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })")
    chain.add(".store(in: &subscriptions)")
    return chain.swift()
  }

  func binding(_ name: String, _ pipeline: Pipeline, context: ExportContext, bindings: Set<String>) -> String
  {
    var (chain, _) = CombineWriter(context: context, bindings: bindings).chain(pipeline, outer: "$0")
    chain.add(".eraseToAnyPublisher()")
    return "let \(name) = " + chain.swift()
  }

  func comment(_ text: String) -> String { SwiftCode.lineComments(text) }

  func document(name: String, body statements: [StatementCode], context: ExportContext) -> String {
    var body = statements.map(\.text)
    // What still runs in the background at the end is played to its end, as pipe does.
    if runnable, statements.last(where: \.runs)?.background == true { body.append("waitForAll()") }
    var parts: [String] = []
    if runnable {
      parts.append(Self.runnableHeader(name: name))
      parts.append(Self.imports)
    } else {
      parts.append("// \(name) in Combine, exported by pipe.")
      parts.append(Self.imports)
      parts.append("let scheduler = DispatchQueue.main\nvar subscriptions = Set<AnyCancellable>()")
    }
    let helpers = CombineHelper.closure(of: context.helpers, runnable: runnable)
    let errors = context.errors.swift(kinds: context.kinds)
    parts += [errors].compactMap { $0 }
    parts += helpers.map {
      $0 == .pipeError
        ? SwiftCode.pipeError(
          numbered: helpers.contains(.numbered), errors: errors == nil ? nil : context.errors,
          rxTimeout: false)
        : $0.text
    }
    parts += context.declarations
    parts += context.recordDeclarations
    parts += body
    return parts.joined(separator: "\n\n") + "\n"
  }

  /// Apple's Combine in an app; OpenCombine, whose Dispatch product gives `DispatchQueue` its
  /// scheduler types, where there is no Combine (Linux): the same file builds on both.
  static let imports = """
    import Foundation
    #if canImport(Combine)
    import Combine
    #else
    import OpenCombine
    import OpenCombineDispatch
    #endif
    """

  /// What `--runnable` says first: what the program prints and the package that builds it
  /// (every product it imports).
  static func runnableHeader(name: String) -> String {
    """
    // \(name) as a Combine program, exported by pipe: Apple's Combine where there is one,
    // else OpenCombine 0.14 (Linux).
    \(Exporter.runnablePrints)
    // `--virtual` runs it on a virtual clock, as pipe does, instead of the real one.
    // To run it: save it as Sources/demo/main.swift, next to this Package.swift, and
    // `swift run demo --virtual`.
    //
    //     // swift-tools-version: 5.9
    //     import PackageDescription
    //     let package = Package(
    //       name: "demo",
    //       dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")],
    //       targets: [.executableTarget(name: "demo", dependencies: [
    //         .product(name: "OpenCombine", package: "OpenCombine"),
    //         .product(name: "OpenCombineDispatch", package: "OpenCombine")])])
    """
  }
}
