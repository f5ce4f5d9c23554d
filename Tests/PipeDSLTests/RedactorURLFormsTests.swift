import PipeDSL
import XCTest

/// A key sent in a URL's query comes back percent-encoded from a server that echoes what it
/// got: the redactor masks those forms too.
final class RedactorURLFormsTests: XCTestCase {
  func testItMasksTheFormsAURLGivesASecret() {
    let settings = Settings()
    let redactor = Redactor(settings: settings)
    settings.set("weather.apiKey", .string("sk live/é&a=b+1"))
    XCTAssertEqual(redactor.redact("appid=sk%20live/%C3%A9%26a%3Db+1 ok"), "appid=•••• ok", "as a query")
    XCTAssertEqual(redactor.redact("k=sk%20live%2F%C3%A9%26a%3Db%2B1."), "k=••••.", "every reserved byte")
    XCTAssertEqual(redactor.redact("k=sk+live%2F%C3%A9%26a%3Db%2B1."), "k=••••.", "a space as +")
    XCTAssertEqual(redactor.redact("k=sk%20live%2f%c3%a9%26a%3db%2b1."), "k=••••.", "lower-case hex")
    XCTAssertEqual(redactor.redact("sk live/é&a=b+1"), "••••")
  }
}
