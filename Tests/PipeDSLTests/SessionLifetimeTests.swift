import Operators
import XCTest

@testable import PipeDSL

/// A session is freed when its owner lets go: the prompt makes a new one on each `:clock` and
/// `:speed`, and a fuzzer or a long class makes thousands.
final class SessionLifetimeTests: XCTestCase {
  private func assertFreed(
    _ text: String, clock: ClockMode = .virtual, file: StaticString = #filePath, line: UInt = #line
  ) {
    weak var freed: Session?
    do {
      let session = Session.make(
        clock: clock, services: Services(output: BufferedOutput(), settings: Settings()))
      _ = session.execute(SourceFile(name: "demo.pipe", text: text))
      freed = session
    }
    XCTAssertNil(freed, "the session of \(text) is still alive", file: file, line: line)
  }

  func testAnEmptySessionIsFreed() { assertFreed("") }
  func testASessionThatRanAStatementIsFreed() { assertFreed("just 1 | show") }
  func testASessionWithTimeIsFreed() { assertFreed("every 10ms | take 3 | log") }
  func testASessionWithAnErrorIsFreed() { assertFreed("fail offline | retry 2 | show") }
  func testASessionWithABackgroundJobIsFreed() { assertFreed("every 10ms | take 2 | show &\njust 1 | show") }
  func testASessionWithALetIsFreed() { assertFreed("let s = just 1 | share\ns | merge (s) | show") }
  func testARealClockSessionIsFreed() { assertFreed("timer 5ms | show", clock: .real(speed: 1)) }
}
