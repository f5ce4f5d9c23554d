import Foundation
import PipeProcessSupport
import PluginHost
import PluginProtocol
import XCTest

/// `examples/plugins/pipe-plugin-dice.py`, a plugin in another language, end to end.
final class PythonPluginTests: XCTestCase {
  private var examples: String { Products.repository.appendingPathComponent("examples/plugins").path }

  override func setUpWithError() throws {
    try requirePython()
  }

  func testRollsSeededDiceWithSimulatedLatency() {
    let harness = HostHarness(directories: [examples])
    let settings: JSONObject = ["dice.seed": 42, "network": "on"]
    let first = harness.run("roll", plugin: "dice", args: ["count": 3, "sides": 6], settings: settings)
    XCTAssertEqual(first.count, 4, "\(first)")
    for event in first.dropLast() {
      guard case .next(.int(let face), afterMs: 10) = event else { return XCTFail("\(event)") }
      XCTAssertTrue((1...6).contains(face))
    }
    XCTAssertEqual(first.last, .completed(afterMs: 0))
    XCTAssertEqual(
      harness.run("roll", plugin: "dice", args: ["count": 3, "sides": 6], settings: settings), first, "seeded"
    )
  }

  func testItsErrorsAndItsCatalogEntry() {
    let harness = HostHarness(directories: [examples])
    XCTAssertEqual(
      harness.run("roll", plugin: "dice", args: ["count": 500]),
      [.error(kind: "badDice", message: "cannot roll 500 dice with 6 sides", status: nil, afterMs: 0)])
    let dice = harness.host.catalog().first { $0.name == "dice" }
    XCTAssertEqual(dice?.sources.map(\.name), ["roll"])
    XCTAssertEqual(dice?.errors, ["badDice"])
  }

  func testLoadingItByPath() throws {
    let harness = HostHarness(directories: [])
    let info = try harness.host.load(path: examples + "/pipe-plugin-dice.py")
    XCTAssertEqual(info.name, "dice")
    XCTAssertEqual(harness.run("roll", plugin: "dice", args: ["count": 0]), [.completed(afterMs: 0)])
  }
}
