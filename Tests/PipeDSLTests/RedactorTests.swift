import PipeDSL
import XCTest

/// The redactor masks the current value of every secret setting, however it is written.
final class RedactorTests: XCTestCase {
  func testItMasksEverySecretsCurrentValueAsWrittenInTextJSONAndXML() {
    let settings = Settings()
    let redactor = Redactor(settings: settings)
    XCTAssertEqual(redactor.redact("key a<b\"c&d"), "key a<b\"c&d", "nothing is secret yet")
    settings.set("weather.apiKey", .string("a<b\"c&d"))
    XCTAssertEqual(redactor.redact("key a<b\"c&d."), "key ••••.")
    XCTAssertEqual(redactor.redact(#"{"message":"key a<b\"c&d"}"#), #"{"message":"key ••••"}"#)
    XCTAssertEqual(redactor.redact("<text>a&lt;b&quot;c&amp;d</text>"), "<text>••••</text>")
    settings.set("weather.apiKey", .string("new-key-0042"))
    XCTAssertEqual(redactor.redact("a<b\"c&d new-key-0042"), "a<b\"c&d ••••", "only the current value")
  }

  func testShortValuesAndOtherSettingsAreLeftAlone() {
    let settings = Settings()
    let redactor = Redactor(settings: settings)
    settings.set("github.token", .string("abc"))
    settings.set("network", .string("offline-mode"))
    XCTAssertEqual(redactor.redact("abc offline-mode"), "abc offline-mode")
  }

  func testASecretFromTheEnvironmentIsReadAndMasked() {
    let environment = ["PIPE_WEATHER_APIKEY": "from-the-environment"]
    let settings = Settings(environment: environment)
    settings.define(Settings.Definition(key: "weather.apiKey", defaultValue: "demo", doc: ""))
    let redactor = Redactor(settings: settings, environment: environment)
    XCTAssertEqual(settings["weather.apiKey"], .string("from-the-environment"))
    XCTAssertEqual(settings.display("weather.apiKey"), "••••")
    XCTAssertEqual(redactor.redact("got from-the-environment"), "got ••••")
    settings.set("weather.apiKey", .string("typed-at-the-prompt"))
    XCTAssertEqual(settings["weather.apiKey"], .string("typed-at-the-prompt"), "a set value wins")
  }

  func testAnEchoedLineKeepsItsWidthSoTheCaretStillPoints() {
    let redactor = Redactor()
    let file = SourceFile(name: "t", text: "set weather.apiKey \"abcdef\"; just 1 | fliter")
    XCTAssertEqual(redactor.redact(file).text, "set weather.apiKey ••••••••; just 1 | fliter")
  }
}
