import SourceCore
import WeatherCore
import XCTest

final class WeatherFaultTests: XCTestCase {
  private func fetch(faults: String, attempt: Int = 1) -> SourceReply<WeatherRecord> {
    WeatherService { $0.faults = plan(faults) }.simulate(.city("Paris"), attempt: attempt)
  }

  func testEveryFaultWordMapsToItsKind() {
    let expected: [(String, SourceError.Kind, Int?)] = [
      ("401", .invalidKey, 401), ("404", .cityNotFound, 404), ("429", .rateLimited, 429),
      ("500", .serverFailure, 500), ("503", .serverFailure, 503), ("400", .badRequest, 400),
      ("timeout", .timeout, nil), ("offline", .offline, nil), ("garbage", .badResponse, nil),
    ]
    for (word, kind, status) in expected {
      assertError(fetch(faults: word), kind, status: status)
    }
    XCTAssertEqual(fetch(faults: "ok").value?.city, "Paris")
  }

  func testTheMessagesAreTheLiveServicesOwn() {
    XCTAssertEqual(
      fetch(faults: "401").error?.message,
      "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.")
    XCTAssertTrue(fetch(faults: "429").error!.message.hasPrefix("Your account is temporary blocked"))
  }

  func testATimeoutTakesTheTimeoutAndARefusalNoTimeAtAll() {
    let timedOut = WeatherService {
      $0.faults = plan("timeout")
      $0.timeoutSeconds = 2.5
    }.simulate(.city("Paris"), attempt: 1)
    XCTAssertEqual(timedOut.afterMs, 2500)
    XCTAssertEqual(timedOut.error?.message, "no answer within 2500 ms")
    XCTAssertEqual(fetch(faults: "offline").afterMs, 0)
    XCTAssertTrue((200...400).contains(fetch(faults: "500").afterMs))
  }

  func testASequenceFailsTheFirstAttemptsThenSucceeds() {
    var kinds: [String] = []
    for attempt in 1...4 {
      let reply = fetch(faults: "500,503,ok", attempt: attempt)
      kinds.append(reply.error.map { "\($0.kind.rawValue) \($0.status!)" } ?? "ok")
    }
    XCTAssertEqual(kinds, ["serverFailure 500", "serverFailure 503", "ok", "ok"])
  }

  func testARateRepeatsForTheSameSeed() {
    func run() -> [Bool] {
      var failed: [Bool] = []
      for attempt in 1...40 { failed.append(fetch(faults: "rate(0.5)", attempt: attempt).error != nil) }
      return failed
    }
    let first = run()
    XCTAssertEqual(first, run())
    XCTAssertTrue(first.contains(true) && first.contains(false))
  }

  func testNetworkOffIsOfflineAtOnceWhateverElseIsSet() {
    let reply = WeatherService {
      $0.network = false
      $0.faults = plan("500")
      $0.apiKey = ""
    }.simulate(.city("xyzzy"), attempt: 1)
    assertError(reply, .offline)
    XCTAssertEqual(reply.afterMs, 0)
  }

  func testAnEmptyKeyIsInvalidKeyWhenAKeyIsRequired() {
    for key in ["", "  "] {
      assertError(
        WeatherService { $0.apiKey = key }.simulate(.city("Paris"), attempt: 1), .invalidKey, status: 401)
    }
    let relaxed = WeatherService {
      $0.apiKey = ""
      $0.requireKey = false
    }.simulate(.city("Paris"), attempt: 1)
    XCTAssertEqual(relaxed.value?.city, "Paris")
  }

  func testAnInjectedFaultComesBeforeTheKeyAndTheCity() {
    let reply = WeatherService {
      $0.apiKey = ""
      $0.faults = plan("503")
    }.simulate(.city("xyzzy"), attempt: 1)
    assertError(reply, .serverFailure, status: 503)
  }
}
