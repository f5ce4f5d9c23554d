import Foundation
import FuzzRounds
import XCTest

/// Every committed seed of `make fuzz` keeps its target's invariants: the rounds build and
/// hold without libFuzzer, so `make test` notices when one rots or a change breaks a seed.
final class SeedTests: XCTestCase {
  static let seeds = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/PipeFuzz/seeds")

  func testEveryTargetHasSeedsAndEverySeedKeepsItsInvariants() throws {
    for round in FuzzRound.allCases {
      let folder = Self.seeds.appendingPathComponent(round.rawValue)
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      XCTAssertFalse(names.isEmpty, "no seeds for \(round)")
      for name in names {
        let input = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
        XCTAssertEqual(round.problems(input), [], "\(round) seed \(name)")
      }
    }
  }
}
