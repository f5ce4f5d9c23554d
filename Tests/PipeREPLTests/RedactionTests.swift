import XCTest

@testable import PipeREPL

final class RedactionTests: XCTestCase {
  func testASecretSettingsValueIsMasked() {
    XCTAssertEqual(Redaction.redact("set weather.apiKey \"abc\""), "set weather.apiKey ••••")
    XCTAssertEqual(Redaction.redact("set github.token 0123"), "set github.token ••••")
    XCTAssertEqual(Redaction.redact("set vault.clientSecret [a: 1]"), "set vault.clientSecret ••••")
  }

  func testOnlySecretKeysAreMasked() {
    XCTAssertEqual(Redaction.redact("set network \"off\""), "set network \"off\"")
    XCTAssertEqual(Redaction.redact("just \"set weather.apiKey x\""), "just \"set weather.apiKey x\"")
  }

  func testEveryStatementOfALineIsLookedAt() {
    XCTAssertEqual(
      Redaction.redact("just 1; set weather.apiKey \"a b\"; set airquality.key \"c\""),
      "just 1; set weather.apiKey ••••; set airquality.key ••••")
  }

  func testAnUnfinishedValueIsMaskedToo() {
    XCTAssertEqual(Redaction.redact("set weather.apiKey \"abc"), "set weather.apiKey ••••")
  }
}
