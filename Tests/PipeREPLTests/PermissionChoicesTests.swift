import PipeDSL
import XCTest

@testable import PipeREPL

/// The permission flags as one value: parsed from a command line, and turned back into one
/// that parses to the same value (for a child `pipe` that grades one file). In process.
final class PermissionChoicesTests: XCTestCase {
  private func parsed(_ arguments: [String]) throws -> PermissionChoices {
    try CommonOptions.parse(PermissionChoices.spellingOut(arguments)).choices.permissions
  }

  func testTheFlagsRoundTripThroughTheirArguments() throws {
    let lines = [
      [], ["--allow-net"], ["--allow-net=127.0.0.1:8080,example.org"], ["--allow-net=a", "--allow-net=b"],
      ["--allow-write"], ["--allow-write=/tmp,out"], ["--set", "weather.baseURL=http://x:1/?a=b"],
      ["--allow-net", "--allow-write=.", "--set", "seed=3", "--set", "weather.mode=live"],
    ]
    for line in lines {
      let choices = try parsed(line)
      XCTAssertEqual(try parsed(choices.arguments), choices, "\(line) → \(choices.arguments)")
    }
    XCTAssertEqual(try parsed(["--allow-net=a", "--allow-net=b"]).net, ["a", "b"])
    XCTAssertEqual(try parsed(["--allow-net"]).arguments, ["--allow-net"])
    XCTAssertNil(try parsed([]).net, "not given is the command's default, not 'none'")
  }

  func testABareFlagDoesNotSwallowTheNextWord() throws {
    XCTAssertEqual(
      PermissionChoices.spellingOut(["check", "--allow-net", "a.pipe", "--", "--allow-write"]),
      ["check", "--allow-net=*", "a.pipe", "--", "--allow-write"])
  }

  func testEachCommandsDefaults() {
    let none = PermissionChoices()
    XCTAssertEqual(none.permissions(command: "pipe check", grading: true).grant.network, .hosts([]))
    XCTAssertEqual(none.permissions(command: "pipe run").grant.network, .anywhere)
    XCTAssertEqual(none.permissions(command: "pipe run").grant.writing, .folders([]))
    let some = PermissionChoices(net: ["h"], write: ["*"])
    XCTAssertEqual(some.permissions(command: "pipe run").grant.network, .hosts(["h"]))
    XCTAssertEqual(some.permissions(command: "pipe run").grant.writing, .anywhere)
  }

  func testSetReadsNumbersAndFlagsAsSuch() {
    XCTAssertEqual(PermissionChoices.split("seed=7")?.value, .int(7))
    XCTAssertEqual(PermissionChoices.split("weather.timeout=2.5")?.value, .double(2.5))
    XCTAssertEqual(PermissionChoices.split("weather.requireKey=false")?.value, .bool(false))
    XCTAssertEqual(PermissionChoices.split("k=a=b")?.value, .string("a=b"))
    XCTAssertNil(PermissionChoices.split("=x"))
    XCTAssertNil(PermissionChoices.split("novalue"))
  }

  func testAKeyGivenWithSetIsWarnedAboutWithoutItsValue() {
    let choices = PermissionChoices(assignments: ["weather.apiKey=sk-123456", "weather.mode=live"])
    XCTAssertEqual(choices.warnings.count, 1)
    XCTAssertTrue(
      choices.warnings[0].hasPrefix("warning: weather.apiKey is given with --set"), choices.warnings[0])
    XCTAssertTrue(choices.warnings[0].contains("export PIPE_WEATHER_APIKEY=…"))
    XCTAssertFalse(choices.warnings[0].contains("sk-123456"))
  }
}
