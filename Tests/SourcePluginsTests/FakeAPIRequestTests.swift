import XCTest

@testable import FakeAPI

/// The fake API reads a plain request target without Foundation, and must read it exactly as
/// Foundation does (`URLComponents`, `URL.standardized`); anything less plain goes to Foundation.
final class FakeAPIRequestTests: XCTestCase {
  /// Targets as the live clients, wrk and a person with curl send them.
  static let plainTargets = [
    "/", "/data/2.5/weather", "/data/2.5/weather?q=London&appid=bench&units=metric",
    "/v2/city?city=Paris&state=Ile-de-France&country=France&key=bench",
    "/v2/nearest_city?lat=51.5&lon=-0.12&key=bench", "/v2/nearest_city?key=k",
    "/data/2.5/weather?q=New%20York&appid=s3cret", "/data/2.5/weather?q=S%C3%A3o%20Paulo&appid=k",
    "/data/2.5/weather?q=a+b&appid=k", "/DATA/2.5/Weather?Q=London", "/_control",
    "/v2/city?city=&state=&country=&key=", "/v2/city?city", "/x?a=1&a=2", "/x?a=%2F%3F%26%3D",
    "/x?a=%00", "/x?a=:@/?!$'()*,;", "/x?~._-=~._-",
  ]

  /// Targets that are not plain: Foundation reads them, and the result is the same as before.
  static let otherTargets = [
    "", "x", "/x?", "//x", "/a//b", "/v2/city/", "/v2/./city", "/v2/../v2/city", "/v2/%63ity", "/a;b", "/a b",
    "/x?a=b=c", "/x?a&&b", "/x?&a", "/x?a&", "/x?a=%zz", "/x?a=%C3", "/x?a=%", "/x?a b", "/x?a=1#f",
    "/x#f", "/é?a=1", "/x?a=é", "/x?a=[1]", "/x?a=\"q\"", "/...", "/x?a=1&b==",
  ]

  func testPlainTargetsAreReadAsFoundationReadsThem() {
    for target in Self.plainTargets {
      guard let plain = FakeAPIRequest.plain(target) else {
        XCTFail("\(target) should be read as plain")
        continue
      }
      let foundation = FakeAPIRequest.parsedByFoundation(target)
      XCTAssertEqual(plain.0, foundation.0, "path of \(target)")
      XCTAssertEqual(names(plain.1), names(foundation.1), "query of \(target)")
    }
  }

  func testOtherTargetsAreLeftToFoundation() {
    for target in Self.otherTargets {
      XCTAssertNil(FakeAPIRequest.plain(target).map { names($0.1) }, "\(target) is not plain")
      let request = FakeAPIRequest(method: "GET", target: target)
      let foundation = FakeAPIRequest.parsedByFoundation(target)
      XCTAssertEqual(request.path, foundation.0, "path of \(target)")
      XCTAssertEqual(names(request.query), names(foundation.1), "query of \(target)")
    }
  }

  func testTheRequestKeepsItsTargetAndReadsItsQuery() {
    let request = FakeAPIRequest(method: "GET", target: "/data/2.5/weather?q=New%20York&appid=k")
    XCTAssertEqual(request.target, "/data/2.5/weather?q=New%20York&appid=k")
    XCTAssertEqual(request.path, "/data/2.5/weather")
    XCTAssertEqual(request.query["q"], "New York")
    XCTAssertEqual(request.query["appid"], "k")
    XCTAssertNil(request.query["units"])
  }

  private func names(_ query: FakeAPIRequest.Query) -> [String] {
    query.map { "\($0.name)=\($0.value)" }
  }
}
