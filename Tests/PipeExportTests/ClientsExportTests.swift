import PipeDSL
import PipeExport
import XCTest

/// `clients N (PIPELINE)` is a simulation of many clients against pipe's simulated service:
/// no library has it, and the exporter says so, for every library, with a caret under it.
final class ClientsExportTests: XCTestCase {
  func testClientsIsRefusedAsASimulationNotAppCode() {
    let text = #"clients 10 (weather "London" | retry 3) outage 5s"#
    let program = Parser.parse(SourceFile(name: "fleet.pipe", text: text)).tree
    for library in ExportLibrary.allCases {
      do {
        _ = try Exporter.export(program, name: "fleet.pipe", to: library)
        XCTFail("\(library): clients was exported")
      } catch {
        let refusal = error.diagnostics.first
        XCTAssertEqual(error.diagnostics.count, 1, "\(library)")
        XCTAssertEqual(refusal?.id, .notExportable)
        XCTAssertEqual(refusal?.span.start, 0)
        XCTAssertTrue(refusal?.message.contains("a simulation, not app code") == true, refusal?.message ?? "")
      }
    }
  }
}
