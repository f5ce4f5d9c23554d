import PipeDSL
import XCTest

final class RedactionTests: XCTestCase {
  func testASecretSettingsValueIsMasked() {
    XCTAssertEqual(Redactor.maskingAssignments(in: "set weather.apiKey \"abc\""), "set weather.apiKey ••••")
    XCTAssertEqual(Redactor.maskingAssignments(in: "set github.token 0123"), "set github.token ••••")
    XCTAssertEqual(
      Redactor.maskingAssignments(in: "set vault.clientSecret [a: 1]"), "set vault.clientSecret ••••")
  }

  func testOnlySecretKeysAreMasked() {
    XCTAssertEqual(Redactor.maskingAssignments(in: "set network \"off\""), "set network \"off\"")
    XCTAssertEqual(
      Redactor.maskingAssignments(in: "just \"set weather.apiKey x\""), "just \"set weather.apiKey x\"")
  }

  func testEveryStatementOfALineIsLookedAt() {
    XCTAssertEqual(
      Redactor.maskingAssignments(in: "just 1; set weather.apiKey \"a b\"; set airquality.key \"c\""),
      "just 1; set weather.apiKey ••••; set airquality.key ••••")
  }

  func testAnUnfinishedValueIsMaskedToo() {
    XCTAssertEqual(Redactor.maskingAssignments(in: "set weather.apiKey \"abc"), "set weather.apiKey ••••")
  }
}
