import Foundation
import PipeProcessSupport
import XCTest

/// What an RxSwift habit is told to write instead is what the language has, and what it is
/// told to write compiles. Starts `pipe` processes.
final class HabitRewriteTests: XCTestCase {
  /// Each habit, a piece of the help (or message) it gets, and what it must not be told.
  let habits: [(typed: String, help: String, notHelp: String?)] = [
    (
      #"weather "London" | catch { error in return .just(cache["London"]) }"#, "write 'catch cache'", "return"
    ),
    (#"weather "London" | catch { e in return .just(0) }"#, "write 'catchAndReturn 0'", "return"),
    (
      #"weather "London" | retryWhen { errors in errors.enumerated() }"#, "'retryWhen (errors | ...)'",
      "enumerated"
    ),
    (#"weather "London" | catch { just(0) }"#, "catch (just 0)", "expected a name"),
    ("just 1 | onNext { print($0) }", "write 'onNext say { . }'", "expected a name"),
    ("set weather.faults 500,500,ok", #"set weather.faults "500,500,ok""#, nil),
    ("set weather.faults 500", #"put it in quotes, "500""#, nil),
    (
      #"airquality(city: "Los Angeles", state: "California", country: "USA")"#, #""City, State, Country""#,
      nil
    ),
    // A forgotten `|` after any source gets the same hint, whatever stage follows.
    (#"airquality "Beijing" show"#, "missing '|' before 'show'?", "expected a value"),
    (#"weather "Paris" show"#, "missing '|' before 'show'?", "expected a value"),
    (#"airquality "Beijing" map { .aqi }"#, "missing '|' before 'map'?", "expected a value"),
    (#"random 1 10 show"#, "missing '|' before 'show'?", "expected a value"),
  ]

  func testEachHabitIsPointedAtWhatTheLanguageHas() throws {
    let home = try TemporaryFolder.home(for: self)
    for habit in habits {
      let result = try PipeProcess.run(["-e", habit.typed], home: home)
      XCTAssertNotEqual(result.status, 0, habit.typed)
      let helps = result.stderr.split(separator: "\n").filter {
        $0.contains("= help:") || $0.contains("error:")
      }
      XCTAssertTrue(helps.contains { $0.contains(habit.help) }, "\(habit.typed):\n\(result.stderr)")
      if let wrong = habit.notHelp {
        XCTAssertFalse(
          result.stderr.split(separator: "\n").contains { $0.contains(wrong) && !$0.contains(habit.typed) },
          "\(habit.typed):\n\(result.stderr)")
      }
      XCTAssertEqual(
        result.stderr.components(separatedBy: "error:").count - 1, 1, "one error:\n\(result.stderr)")
    }
  }

  func testTheSuggestedFormsCompile() throws {
    let home = try TemporaryFolder.home(for: self)
    for typed in [
      #"weather "London" | catch cache"#, #"weather "London" | catch (just 0)"#,
      #"weather "London" | retryWhen (errors | throwIf { .attempt >= 4 } . | flatMap (timer { .attempt }))"#,
      "just 1 | onNext say { . }", #"set weather.faults "500,500,ok""#,
    ] {
      let result = try PipeProcess.run(["-e", typed], home: home)
      XCTAssertEqual(result.status, 0, "\(typed):\n\(result.stderr)")
    }
  }
}
