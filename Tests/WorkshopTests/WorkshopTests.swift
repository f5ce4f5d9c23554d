import PipeProcessSupport
import XCTest

/// Every workshop exercise fails as shipped, because of its expectations and not of a
/// mistake in the file, and passes once its missing stage is written: its solution.
final class WorkshopTests: XCTestCase {
  static let exercises = "workshop/exercises"
  static let solutions = "workshop/solutions"

  func testThereAreAtLeastEightExercisesEachWithASolution() throws {
    let exercises = try PipeProcess.files(in: Self.exercises, suffix: ".pipe")
    let solutions = try PipeProcess.files(in: Self.solutions, suffix: ".pipe")
    XCTAssertGreaterThanOrEqual(exercises.count, 8)
    XCTAssertEqual(exercises.map(Self.name), solutions.map(Self.name))
    for exercise in exercises {
      XCTAssertNotNil(
        Self.name(exercise).wholeMatch(of: /\d\d-[a-z0-9-]+\.pipe/), "\(exercise) is named NN-name.pipe")
    }
  }

  func testEveryExerciseFailsAsShipped() throws {
    for exercise in try PipeProcess.files(in: Self.exercises, suffix: ".pipe") {
      let run = try PipeProcess.run(["check", exercise], errors: .output)
      XCTAssertEqual(run.status, 1, "\(exercise) should fail as shipped:\n\(run.output)")
      XCTAssertTrue(
        run.output.contains("expectation failed"), "\(exercise) fails by an expect:\n\(run.output)")
      XCTAssertTrue(run.output.contains("FAIL \(exercise):"), "\(exercise) compiles and runs:\n\(run.output)")
    }
  }

  func testEverySolutionPasses() throws {
    for solution in try PipeProcess.files(in: Self.solutions, suffix: ".pipe") {
      let run = try PipeProcess.run(["check", solution], errors: .output)
      XCTAssertEqual(run.status, 0, "\(solution) should pass:\n\(run.output)")
      XCTAssertTrue(run.output.hasSuffix(" passed, 0 failed\n"), "\(solution):\n\(run.output)")
      XCTAssertFalse(run.output.hasPrefix("0 passed"), "\(solution) checks something:\n\(run.output)")
    }
  }

  /// The solution is the exercise with the `# TODO` line replaced by stages, and nothing
  /// else changed but the title: students compare the two line by line.
  func testEachSolutionFillsInTheTodoAndChangesNothingElse() throws {
    for exercise in try PipeProcess.files(in: Self.exercises, suffix: ".pipe") {
      let given = try PipeProcess.read(exercise).split(separator: "\n", omittingEmptySubsequences: false)
      let solved = try PipeProcess.read("\(Self.solutions)/\(Self.name(exercise))")
        .split(separator: "\n", omittingEmptySubsequences: false)
      let todo = given.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("# TODO") }
      guard let todo else {
        XCTFail("\(exercise) has no # TODO line")
        continue
      }
      XCTAssertEqual(given.filter { $0.contains("# TODO") }.count, 1, "\(exercise): one TODO")
      XCTAssertFalse(solved.contains { $0.contains("# TODO") }, "\(exercise)'s solution has no TODO")
      let added = solved.count - given.count + 1
      XCTAssertGreaterThanOrEqual(added, 1, exercise)
      XCTAssertEqual(Array(solved[1..<todo]), Array(given[1..<todo]), "\(exercise): lines before the TODO")
      XCTAssertEqual(
        Array(solved[(todo + added)...]), Array(given[(todo + 1)...]), "\(exercise): lines after the TODO")
    }
  }

  private static func name(_ path: String) -> String {
    String(path.split(separator: "/").last ?? "")
  }
}
