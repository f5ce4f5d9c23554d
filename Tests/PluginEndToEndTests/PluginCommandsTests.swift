import Foundation
import Operators
import PipeDSL
import PipeProcessSupport
import PluginBridge
import PluginHost
import XCTest

@testable import PipeREPL

/// What `:plugins` and `:plugin load PATH` print, and what they change in the session.
final class PluginCommandsTests: XCTestCase {
  func testListingNamesEveryPluginWithItsSourcesAndPath() {
    let listing = PluginCommands.list(session(searching: [Products.directory.path]))
    let weather = Products.directory.appendingPathComponent("pipe-plugin-weather").path
    XCTAssertTrue(
      listing.contains("weather 1.0.0  \(weather)\n  weather(place: any, lon: any = null)"), listing)
    XCTAssertTrue(listing.contains("\n  random(min: int = "), listing)
    XCTAssertTrue(listing.contains("\n  echo(value: any = \"echo\", delay: int = 0)\n"), listing)
    XCTAssertTrue(listing.contains("  count(n: int)   (hidden: pipe has an operator named 'count')"), listing)
    let names = listing.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.prefix { $0 != " " } }
    XCTAssertEqual(names, ["airquality", "random", "testbed", "weather"])
  }

  func testListingSaysWhereItLookedWhenThereIsNothingAndWhatCouldNotStart() throws {
    let folder = try temporaryFolder()
    XCTAssertEqual(
      PluginCommands.list(session(searching: [folder.path])), "no plugins found (searched \(folder.path))")
    try executable("#!/nonexistent/interpreter\n", at: folder.appendingPathComponent("pipe-plugin-broken"))
    let listing = PluginCommands.list(session(searching: [folder.path]))
    XCTAssertTrue(listing.hasPrefix("broken  could not start: cannot start plugin 'broken'"), listing)
  }

  func testLoadingAPluginMakesItsSourcesUsableAndFirst() throws {
    try requirePython()
    let session = session(searching: [Products.directory.path])
    let dice = Products.repository.appendingPathComponent("examples/plugins/pipe-plugin-dice.py").path
    XCTAssertEqual(
      try PluginCommands.load(dice, session),
      "loaded dice 1.0.0  \(dice)  (loaded by hand)\n  roll(count: int = 1, sides: int = 6)")
    XCTAssertTrue(PluginCommands.list(session).hasPrefix("dice 1.0.0  \(dice)  (loaded by hand)\n  roll("))
    let report = session.execute(SourceFile(name: "t", text: "roll(count: 2, sides: 1) | expect [1, 1]"))
    XCTAssertEqual(report.passed, 1, "\(report.diagnostics) \(report.expectations)")
  }

  func testALoadedPluginTakesASourceNameFromAFoundOne() throws {
    let folder = try temporaryFolder()
    let echoer = folder.appendingPathComponent("echoer.sh")
    try executable(Fixtures.echoer, at: echoer)
    let session = session(searching: [Products.directory.path])
    XCTAssertTrue(try PluginCommands.load(echoer.path, session).hasPrefix("loaded echoer 1.0.0"))
    XCTAssertTrue(
      PluginCommands.list(session).contains(
        "  echo(value: any = \"echo\", delay: int = 0)   (hidden: plugin 'echoer' offers it too)"))
    let report = session.execute(SourceFile(name: "t", text: "echo | expect [\"from sh\"]"))
    XCTAssertEqual(report.passed, 1, "\(report.diagnostics) \(report.expectations)")
  }

  func testLoadingSaysWhatIsWrong() throws {
    let folder = try temporaryFolder()
    let session = session(searching: [folder.path])
    let missing = folder.appendingPathComponent("pipe-plugin-nothing").path
    XCTAssertEqual(problem { try PluginCommands.load(missing, session) }, "no plugin file at \(missing)")
    let plain = folder.appendingPathComponent("plain")
    try "#!/bin/sh\n".write(to: plain, atomically: true, encoding: .utf8)
    XCTAssertEqual(
      problem { try PluginCommands.load(plain.path, session) },
      "\(plain.path) is not executable (chmod +x it, and give a script a #! line)")
    let chatty = folder.appendingPathComponent("chatty")
    try executable("#!/bin/sh\necho hello\n", at: chatty)
    let answer = problem { try PluginCommands.load(chatty.path, session) }
    XCTAssertTrue(answer.hasPrefix("cannot load \(chatty.path): plugin 'chatty' sent a line"), answer)
  }

  /// The problem a command reports (a value, not a string to sniff), or what it gave instead.
  private func problem(_ run: () throws -> String) -> String {
    do {
      return "no problem: " + (try run())
    } catch CommandError.problem(let message) {
      return message
    } catch {
      return "another error: \(error)"
    }
  }

  /// A session whose plugins are searched for in `directories` only.
  private func session(searching directories: [String]) -> Session {
    let loop = Loop.main
    let host = PluginHost(
      options: .init(deadline: .seconds(10), directories: directories),
      deliver: { work in loop.queue.async(execute: work) })
    let session = Session.make(
      services: Services(output: BufferedOutput(), sources: PluginSources(host: host)))
    addTeardownBlock { host.shutdown() }
    return session
  }

  private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pipe-commands-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  private func executable(_ text: String, at url: URL) throws {
    try text.write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }
}
