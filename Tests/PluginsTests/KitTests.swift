import Foundation
import PipeProcessSupport
import Synchronization
import XCTest

@testable import PluginKit

/// The plugin of `Plugin`'s doc comment, verbatim: the example must compile and work.
struct Dice: Plugin {
  let name = "dice"
  let version = "1.0.0"
  let sources = [
    SourceSpec(
      "roll", doc: "Rolls `count` dice with `sides` faces, one value each.",
      params: [
        ParamSpec("count", .int, default: 1, doc: "how many dice"),
        ParamSpec("sides", .int, default: 6, doc: "faces per die"),
      ],
      example: "roll 3 | show")
  ]
  let settings = [
    SettingSpec("dice.loaded", .bool, default: false, doc: "always roll the top face"),
    SettingSpec(
      "dice.hand", .string, default: "right", allowed: ["left", "right"], doc: "the hand that rolls"),
    SettingSpec("dice.spin", .number, default: 1, minimum: 0.5, maximum: 10, doc: "turns per roll"),
  ]
  let errors = ["badDice"]

  func subscribe(_ request: Request, _ emit: Emitter) async throws {
    let count = request["count"].intValue!  // type checked, default filled in by PluginKit
    let sides = request["sides"].intValue!
    guard (0...100).contains(count), sides >= 1 else {
      throw PluginError("badDice", "cannot roll \(count) dice with \(sides) sides")
    }
    for _ in 0..<count {
      let loaded = request.setting("dice.loaded").boolValue!
      emit.next(.int(loaded ? sides : Int.random(in: 1...sides)), afterMs: 10)
      try await Task.sleep(for: .milliseconds(1))  // a suspension point: a cancel lands here
    }
  }  // returning sends `completed`
}

/// A plugin with a source that waits until cancelled, one that throws a foreign error, and one
/// that notes the thread it runs on.
final class Waiter: Plugin {
  let name = "waiter"
  let version = "0"
  let sources = [
    SourceSpec("wait", doc: "waits"), SourceSpec("oops", doc: "throws a foreign error"),
    SourceSpec("thread", doc: "notes its thread"),
  ]
  let cancelled = Mutex(0)
  let thread = Mutex<pthread_t?>(nil)

  func subscribe(_ request: Request, _ emit: Emitter) async throws {
    if request.source == "oops" { throw CocoaError(.fileNoSuchFile) }
    if request.source == "thread" { return thread.withLock { $0 = pthread_self() } }
    do {
      try await Task.sleep(for: .seconds(60))
    } catch {
      cancelled.withLock { $0 += 1 }
      emit.next("too late")  // dropped: the host has cancelled
      throw error
    }
  }
}

/// Runs a plugin in-process: lines in, messages out.
final class KitHarness: Sendable {
  let lines = Collected<PluginMessage>()
  let runner: PluginRunner

  init(_ plugin: any Plugin) {
    let lines = self.lines
    runner = PluginRunner(
      plugin: plugin,
      output: Output { line in lines.append(try! PluginMessage.decode(line: line)) })
  }

  func send(_ message: HostMessage) {
    runner.handle(line: message.encodedLine().dropLast())
  }

  /// The messages for subscription `id`, once its terminal one has arrived.
  func replies(to id: Int, file: StaticString = #filePath, line: UInt = #line) -> [PluginMessage] {
    let end = Date(timeIntervalSinceNow: 5)
    while Date() < end {
      let replies = lines.all.filter { $0.id == id }
      if let last = replies.last, case .next = last {} else if !replies.isEmpty { return replies }
      usleep(1_000)
    }
    XCTFail("no end for \(id)", file: file, line: line)
    return []
  }
}

final class KitTests: XCTestCase {
  func testTheDocExampleRollsLoadedDiceWithDefaults() throws {
    let kit = KitHarness(Dice())
    try kit.runner.sayHello(offered: "1,2")
    XCTAssertEqual(kit.lines.all.first, .hello(Dice().hello))
    kit.send(
      .subscribe(Subscribe(id: 1, source: "roll", args: ["count": 2], settings: ["dice.loaded": true])))
    XCTAssertEqual(
      kit.replies(to: 1),
      [.next(id: 1, value: 6, afterMs: 10), .next(id: 1, value: 6, afterMs: 10), .completed(id: 1)])
  }

  func testAPluginErrorBecomesTheErrorMessage() {
    let kit = KitHarness(Dice())
    kit.send(.subscribe(Subscribe(id: 1, source: "roll", args: ["count": 500])))
    XCTAssertEqual(
      kit.replies(to: 1), [.error(id: 1, kind: "badDice", message: "cannot roll 500 dice with 6 sides")])
  }

  func testRequestsAreCheckedBeforeThePluginSeesThem() {
    let kit = KitHarness(Dice())
    let cases: [(Subscribe, String, String)] = [
      (Subscribe(id: 1, source: "flip"), "unknownSource", "dice has no source 'flip' (it has roll)"),
      (
        Subscribe(id: 2, source: "roll", args: ["count": "2"]), "badArgument",
        #"roll: argument 'count' must be int, got "2""#
      ),
      (
        Subscribe(id: 3, source: "roll", args: ["colour": 1]), "badArgument",
        "roll has no parameter 'colour' (it has count, sides)"
      ),
      (
        Subscribe(id: 4, source: "roll", settings: ["dice.loaded": "yes"]), "invalidSetting",
        #"setting 'dice.loaded' must be bool, got "yes""#
      ),
      (
        Subscribe(id: 5, source: "roll", settings: ["dice.hand": "both"]), "invalidSetting",
        #"setting 'dice.hand' must be "left" or "right", got "both""#
      ),
      (
        Subscribe(id: 6, source: "roll", settings: ["dice.spin": 1e11]), "invalidSetting",
        "setting 'dice.spin' must be from 0.5 to 10, got 100000000000.0"
      ),
    ]
    for (request, kind, message) in cases {
      kit.send(.subscribe(request))
      XCTAssertEqual(kit.replies(to: request.id), [.error(id: request.id, kind: kind, message: message)])
    }
  }

  func testAForeignErrorIsAPluginError() {
    let kit = KitHarness(Waiter())
    kit.send(.subscribe(Subscribe(id: 1, source: "oops")))
    guard case .error(_, let kind, _, _, _, _)? = kit.replies(to: 1).last else { return XCTFail("no error") }
    XCTAssertEqual(kind, "pluginError")
  }

  func testCancelCancelsTheTaskAndDropsWhatFollows() {
    let waiter = Waiter()
    let kit = KitHarness(waiter)
    kit.send(.subscribe(Subscribe(id: 1, source: "wait")))
    kit.send(.subscribe(Subscribe(id: 2, source: "wait")))
    kit.send(.cancel(id: 1))
    let end = Date(timeIntervalSinceNow: 5)
    while waiter.cancelled.withLock({ $0 }) == 0, Date() < end { usleep(1_000) }
    XCTAssertEqual(waiter.cancelled.withLock { $0 }, 1)
    XCTAssertEqual(kit.runner.runningCount, 1, "subscription 2 still runs")
    usleep(20_000)
    XCTAssertEqual(kit.lines.all, [], "nothing is sent for a cancelled subscription")
    kit.send(.cancel(id: 2))
  }

  func testASubscriptionRunsOnTheReadingThreadUntilItsFirstAwait() {
    let waiter = Waiter()
    KitHarness(waiter).send(.subscribe(Subscribe(id: 1, source: "thread")))
    XCTAssertEqual(waiter.thread.withLock { $0 }.map { pthread_equal($0, pthread_self()) }, 1)
  }

  func testAnInvalidHelloIsRefusedBeforeItIsSent() {
    struct Bad: Plugin {
      let name = "bad"
      let version = "1"
      let sources: [SourceSpec] = []
      let settings = [SettingSpec("apiKey", .string, doc: "not namespaced")]
      func subscribe(_ request: Request, _ emit: Emitter) async throws {}
    }
    let kit = KitHarness(Bad())
    XCTAssertThrowsError(try kit.runner.sayHello(offered: "1,2")) { error in
      XCTAssertEqual("\(error)", "hello: setting key 'apiKey' must be 'bad.<identifier>'")
    }
    XCTAssertEqual(kit.lines.all, [])
  }
}

/// PluginKit speaks the newest version the host offers, and what an older one cannot say is
/// left out.
final class KitVersionTests: XCTestCase {
  struct Limited: Plugin {
    let name = "limited"
    let version = "1"
    let sources = [SourceSpec("slow", doc: "asks to be left alone")]
    let settings = [SettingSpec("limited.mode", .string, default: "a", allowed: ["a", "b"], doc: "a mode")]
    func subscribe(_ request: Request, _ emit: Emitter) async throws {
      throw PluginError("rateLimited", "later", status: 429, retryAfterMs: 7000)
    }
  }

  func testUnderAHostOfVersion1ItSaysVersion1AndLeavesOutWhatItCannotSay() throws {
    let kit = KitHarness(Limited())
    try kit.runner.sayHello(offered: nil)
    guard case .hello(let hello)? = kit.lines.all.first else { return XCTFail("no hello") }
    XCTAssertEqual(hello.protocolVersion, 1)
    XCTAssertNil(hello.settings[0].allowed)
    kit.send(.subscribe(Subscribe(id: 1, source: "slow")))
    XCTAssertEqual(kit.replies(to: 1), [.error(id: 1, kind: "rateLimited", message: "later", status: 429)])
  }

  func testUnderAHostOfVersion2ItSaysVersion2AndTakesTheHostsHello() throws {
    let kit = KitHarness(Limited())
    try kit.runner.sayHello(offered: "1,2")
    guard case .hello(let hello)? = kit.lines.all.first else { return XCTFail("no hello") }
    XCTAssertEqual(hello.protocolVersion, 2)
    XCTAssertEqual(hello.settings[0].allowed, ["a", "b"])
    kit.send(.hello(HostHello(protocolVersion: 2, version: "0.1.0")))
    kit.send(.subscribe(Subscribe(id: 1, source: "slow")))
    XCTAssertEqual(
      kit.replies(to: 1),
      [.error(id: 1, kind: "rateLimited", message: "later", status: 429, retryAfterMs: 7000)])
  }

  func testTheVersionIsTheNewestBothSpeak() {
    XCTAssertEqual(negotiatedProtocolVersion(offered: "1,2"), 2)
    XCTAssertEqual(negotiatedProtocolVersion(offered: "1, 2, 7"), 2)
    XCTAssertEqual(negotiatedProtocolVersion(offered: nil), 1)
    XCTAssertEqual(negotiatedProtocolVersion(offered: "garbage"), 1)
    XCTAssertEqual(negotiatedProtocolVersion(offered: "1,2", speaks: 1...1), 1)
    XCTAssertNil(negotiatedProtocolVersion(offered: "3"))
  }
}
