import XCTest

@testable import SourceCore

/// The fake API logs every request's target with its keys hidden; an ASCII target is read byte
/// by byte, and must come out exactly as the character-by-character reading makes it.
final class RedactQueryTests: XCTestCase {
  static let targets = [
    "/v2/city?city=Paris&key=s3cret", "/data/2.5/weather?q=London&appid=bench&units=metric",
    "/x?APPID=a&Key=b&apikey=c&api_key=d&token=e&keys=f&xkey=g", "/x?key", "/x?key=", "/x?=key",
    "/x?key=a=b", "/x?&&key=1&", "/x?", "/x", "", "?key=1", "/x?a=1?key=2", "/x?q=New%20York&appid=k",
    "/x?token=%E2%80%A2", "/x?KEY=1&kEy=2",
    // Not ASCII: read as characters.
    "/x?\u{212A}ey=secret", "/x?city=São&key=1", "/x?key=1&\u{301}key=2", "/é",
  ]

  func testTheBytewiseReadingIsTheCharacterwiseOne() {
    for target in Self.targets {
      XCTAssertEqual(Redact.query(target), Redact.queryByCharacters(target), target)
    }
  }

  func testKeysAreHiddenWhateverTheirCase() {
    XCTAssertEqual(
      Redact.query("/x?APPID=a&city=Paris&Key=b&api_key=c"), "/x?APPID=••••&city=Paris&Key=••••&api_key=••••")
    XCTAssertEqual(Redact.query("/x?\u{212A}ey=secret"), "/x?\u{212A}ey=••••")
    XCTAssertNotNil(Redact.asciiQuery("/data/2.5/weather?q=London&appid=bench"))
  }
}
