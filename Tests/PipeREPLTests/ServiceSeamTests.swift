import Foundation
import Operators
import PipeDSL
import PipeProcessSupport
import PipeRendering
import Synchronization
import XCTest

@testable import PipeREPL

/// The prompt's `:plugins`, `:plugin load`, `:export svg` and `:graph` reach the session's
/// services through their protocols only: a session given other sources and another drawing
/// than the command line's (`PluginSources`, `Rendering`) is listed, loaded, stopped and
/// drawn from just the same.
final class ServiceSeamTests: XCTestCase {
  func testPluginsAreListedLoadedAndStoppedThroughTheSourcesProtocol() throws {
    let providers = FakeProviders()
    let session = Session.make(services: Services(output: BufferedOutput(), sources: FakeSources(providers)))

    XCTAssertEqual(
      PluginCommands.list(session).split(separator: "\n"),
      [
        "dice 2.0.0  /plugins/dice", "  hides /other/dice (the dice.* settings go to this one)",
        "  roll(count: int = 1)", "coin  could not start: no hello",
      ])
    XCTAssertTrue(session.loop.sync { session.runtime.settings.isKnown("dice.sides") })

    let loaded = try PluginCommands.load("/bin/true", session)
    XCTAssertEqual(loaded, "loaded dice 2.0.0  /bin/true  (loaded by hand)\n  roll(count: int = 1)")
    XCTAssertEqual(providers.calls.withLock { $0 }, ["listing(true)", "load(/bin/true)", "listing(false)"])

    session.stopPlugins()
    XCTAssertEqual(providers.calls.withLock { $0.last }, "stop(0.5 seconds)")
  }

  func testTheLastDiagramAndTheLayoutComeFromTheDrawingProtocol() throws {
    let drawing = FakeDrawing()
    let session = Session.make(services: Services(output: BufferedOutput(), drawing: drawing))
    let path = try TemporaryFolder.make(for: self).appendingPathComponent("last.svg").path

    XCTAssertEqual(
      PromptPrinters.exportSVG(from: session, to: path),
      "no diagram to export yet: run a pipeline that ends in marbles first")
    session.loop.sync { drawing.svg = "<svg>drawn</svg>" }
    XCTAssertNil(PromptPrinters.exportSVG(from: session, to: path))
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "<svg>drawn</svg>")

    // An ASCII layout draws the schedule without `↻` or box-drawing characters.
    let ascii = PromptPrinters.schedule("backoff(1, 3)", in: session).lines.joined()
    session.loop.sync { drawing.unicode = true }
    let unicode = PromptPrinters.schedule("backoff(1, 3)", in: session).lines.joined()
    XCTAssertNotEqual(ascii, unicode)
    XCTAssertTrue(ascii.allSatisfy(\.isASCII), ascii)
  }
}

/// Sources with one provider, `dice`, and one that could not start, `coin`.
private final class FakeSources: ExternalSources {
  let providers: any SourceProviders

  init(_ providers: any SourceProviders) { self.providers = providers }

  func lookUp(source name: String) -> ExternalLookup<ExternalSourceInfo> { .unknown(help: nil) }
  func lookUp(settingsOf plugin: String) -> ExternalLookup<[Settings.Definition]> { .unknown(help: nil) }
  var knownSources: [ExternalSourceInfo] { [] }

  func observe(
    source: String, arguments: [(name: String, value: Value)], settings: Settings, attempt: Int,
    scheduler: any Scheduler
  ) -> Observable<Value> { .error(PipeError(kind: "unused", message: "unused")) }

  func observe(
    unavailable source: String, failure: PipeError?, arguments: [(label: String?, value: Value)],
    settings: Settings, attempt: Int, scheduler: any Scheduler
  ) -> Observable<Value> { .error(PipeError(kind: "unused", message: "unused")) }
}

private final class FakeProviders: SourceProviders {
  let calls = Mutex<[String]>([])

  func dice(at path: String, byHand: Bool) -> ProviderInfo {
    let sides = Settings.Definition(key: "dice.sides", defaultValue: .int(6), doc: "faces")
    let roll = ExternalSourceInfo(
      name: "roll", plugin: "dice", doc: "rolls",
      parameters: [.init(name: "count", type: "int", defaultValue: .int(1))], settings: [sides])
    return ProviderInfo(
      name: "dice", version: "2.0.0", path: path, loadedByHand: byHand, hides: byHand ? [] : ["/other/dice"],
      sources: [roll], settings: [sides])
  }

  func listing(retryingProblems: Bool) -> ProviderListing {
    calls.withLock { $0.append("listing(\(retryingProblems))") }
    let dice = dice(at: "/plugins/dice", byHand: false)
    return ProviderListing(
      providers: [dice], sources: dice.sources,
      problems: [.init(name: "coin", path: "/plugins/coin", message: "no hello")], searched: ["/plugins"])
  }

  func load(path: String) -> Result<ProviderInfo, PipeError> {
    calls.withLock { $0.append("load(\(path))") }
    return .success(dice(at: path, byHand: true))
  }

  func stop(logsWithin: Duration) { calls.withLock { $0.append("stop(\(logsWithin))") } }
}

/// A drawing that draws nothing, but has a last diagram and a layout to give; read and
/// written on the session's loop, as `Rendering` is.
private final class FakeDrawing: Drawing, @unchecked Sendable {
  var svg: String?
  var unicode = false

  func lanes(for failure: ExpectationFailure) -> [String] { [] }
  var sinkEntries: [CatalogueEntry] { [] }
  func failureSVG(shownIn message: String) -> String? { nil }
  var lastDiagramSVG: String? { svg }
  var layout: (width: Int, unicode: Bool) { (60, unicode) }
}
