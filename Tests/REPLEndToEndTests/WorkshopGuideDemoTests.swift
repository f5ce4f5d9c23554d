import Foundation
import PipeProcessSupport
import XCTest

/// What workshop/README.md says outside the room, claim by claim, against the real `pipe`:
/// each key of the fake-api table (pressed in a terminal: tmux), what each demo prints, the
/// first ten minutes' lines, the timings on the virtual clock and the troubleshooting
/// messages. Each test quotes the guide's words it checks, and fails when they are gone.
/// (Starts processes: `pipe`, `pipe fake-api` under tmux, Python for plain HTTP.)
final class WorkshopGuideDemoTests: XCTestCase {
  private var guide: String {
    ((try? PipeProcess.read("workshop/README.md")) ?? "").replacing(/\s+/, with: " ")
  }

  private func quoted(_ words: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(guide.contains(words), "the guide says: \(words)", file: file, line: line)
  }

  static let weather = "/data/2.5/weather?q=London&appid=demo"
  static let airQuality = "/v2/city?city=Beijing&state=Beijing&country=China&key=demo"

  /// `pipe fake-api --port 0` in a terminal of its own, and its address.
  private func fakeAPI(home: String) throws -> (pane: Tmux, url: String) {
    let pane = try Tmux.start(
      test: self, home: home,
      command: [
        "env", "HOME=\(home)", "NO_COLOR=1", "TERM=xterm-256color", Products.pipe, "fake-api", "--port", "0",
      ],
      prompt: "Requests:")
    let url = try XCTUnwrap(try pane.unwrappedScreen().firstMatch(of: /http:\/\/127\.0\.0\.1:\d+/)).output
    return (pane, String(url))
  }

  /// The status of each of `count` GETs of `path`, one after the other, or `timeout` for one
  /// not answered within `seconds`.
  private func statuses(_ url: String, _ path: String, count: Int = 1, seconds: Double = 5) throws -> [String]
  {
    let script = """
      import socket, sys, urllib.error, urllib.request
      for _ in range(int(sys.argv[2])):
          try:
              print(urllib.request.urlopen(sys.argv[1], timeout=float(sys.argv[3])).status, flush=True)
          except urllib.error.HTTPError as error:
              print(error.code, flush=True)
          except (socket.timeout, TimeoutError, urllib.error.URLError):
              print("timeout", flush=True)
      """
    let run = try Program.run(
      "/usr/bin/env", ["python3", "-c", script, url + path, String(count), String(seconds)], timeout: 120)
    XCTAssertEqual(run.status, 0, run.stdout)
    return run.stdout.split(separator: "\n").map(String.init)
  }

  /// Presses `key` and waits until the service has the faults it sets (`GET /_control`).
  private func press(_ key: String, _ pane: Tmux, _ url: String, until faults: [String: String]) throws {
    try pane.type(key)
    let deadline = Date().addingTimeInterval(5)
    var state: [String: Any] = [:]
    while Date() < deadline {
      let run = try Program.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import urllib.request,sys; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
          url + "/_control",
        ])
      state = (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
      let now = faults.keys.map { ((state[$0] as? [String: Any])?["faults"] as? String) ?? "?" }
      if now == Array(faults.values) { return }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("key \(key) did not set \(faults) at once, no Enter: \(state)")
  }

  /// The table "| key | faults | shows |": each key sets what its row says, at once, no Enter.
  func testEachKeyOfTheGuidesTableDoesWhatItsRowSays() throws {
    try requirePython()
    let home = try TemporaryFolder.home(for: self)
    let (pane, url) = try fakeAPI(home: home)

    quoted("| 1 | weather: 500, 500, then answers |")
    try press("1", pane, url, until: ["weather": "500,500,ok"])
    XCTAssertEqual(try statuses(url, Self.weather, count: 3), ["500", "500", "200"])

    quoted("| 2 | both services: 503 on every request |")
    try press("2", pane, url, until: ["weather": "503", "airquality": "503"])
    XCTAssertEqual(try statuses(url, Self.weather, count: 3), ["503", "503", "503"])
    XCTAssertEqual(try statuses(url, Self.airQuality, count: 3), ["503", "503", "503"])

    quoted("| 3 | weather: 30 % of requests get 503 |")
    try press("3", pane, url, until: ["weather": "rate(0.3)"])
    let flaky = try statuses(url, Self.weather, count: 200)
    XCTAssertEqual(Set(flaky), ["200", "503"])
    XCTAssertTrue((40...80).contains(flaky.filter { $0 == "503" }.count), "about 30 % of 200: \(flaky)")

    quoted("| 4 | weather: the next request hangs |")
    try press("4", pane, url, until: ["weather": "timeout,ok"])
    XCTAssertEqual(try statuses(url, Self.weather, seconds: 2), ["timeout"], "the next request hangs")
    XCTAssertEqual(try statuses(url, Self.weather), ["200"], "only the next")

    quoted("| 5 | weather: 429 on every request |")
    try press("5", pane, url, until: ["weather": "429"])
    XCTAssertEqual(try statuses(url, Self.weather, count: 3), ["429", "429", "429"])

    quoted("| 6 | air quality: 500, 500, then answers |")
    try press("6", pane, url, until: ["airquality": "500,500,ok"])
    XCTAssertEqual(try statuses(url, Self.airQuality, count: 3), ["500", "500", "200"])

    quoted("| 0 | healthy | |")
    try press("0", pane, url, until: ["weather": "", "airquality": ""])
    XCTAssertEqual(try statuses(url, Self.weather, count: 2), ["200", "200"])
    XCTAssertEqual(try statuses(url, Self.airQuality), ["200"])

    quoted("Whenever the faults change, their counts restart: after **1**, the next two requests fail.")
    try press("1", pane, url, until: ["weather": "500,500,ok"])
    XCTAssertEqual(try statuses(url, Self.weather, count: 3), ["500", "500", "200"])
    try press("1", pane, url, until: ["weather": "500,500,ok"])
    XCTAssertEqual(try statuses(url, Self.weather), ["500"], "the same key again restarts them")

    quoted("| r / s / q | restart the attempt counts / show the state / quit |")
    try pane.type("r")
    try pane.waitFor("r's line") { $0.contains("attempts restart at 1") }
    XCTAssertEqual(try statuses(url, Self.weather, count: 3), ["500", "500", "200"])
    try pane.type("s")
    try pane.waitFor("s's state") { $0.contains("weather     faults 500,500,ok, 3 request(s)") }
    try pane.type("q")
    try pane.waitForExit()
  }

  /// The demos of parts 1-4, each after its key, against the service the guide's `set` lines
  /// point at (fake-api prints them with its address). Run as scripts: on the virtual clock
  /// the waits take no time, and the service's answers are the same.
  func testEachDemoShowsWhatTheGuideSays() throws {
    try requirePython()
    let home = try TemporaryFolder.home(for: self)
    let (pane, url) = try fakeAPI(home: home)
    let lines = [
      #"set weather.mode live; set weather.baseURL "\#(url)""#,
      #"set airquality.mode live; set airquality.baseURL "\#(url)""#,
    ]
    for line in lines {
      quoted(line.replacingOccurrences(of: url, with: "http://127.0.0.1:8080"))
      XCTAssertTrue(try pane.unwrappedScreen().contains(line), "fake-api prints \(line)")
    }
    func run(_ pipeline: String) throws -> PipeRun {
      try PipeProcess.run(["-e", lines.joined(separator: "\n") + "\n" + pipeline], home: home)
    }

    quoted(
      "press **2** (both services down) and run `weather \"London\" | catch cache | show` — the cached reading comes back."
    )
    let fresh = try run(#"weather "London" | catch cache | show"#)
    XCTAssertTrue(fresh.stdout.hasPrefix(#"{city: "London""#), fresh.output)
    try press("2", pane, url, until: ["weather": "503", "airquality": "503"])
    let cached = try run(#"weather "London" | catch cache | show"#)
    XCTAssertEqual(cached.status, 0, cached.output)
    XCTAssertEqual(cached.stdout, fresh.stdout, "the cached reading")
    quoted("A city never loaded has nothing cached: `catch cache` ends its stream quietly")
    let never = try run(#"weather "Paris" | catch cache | show"#)
    XCTAssertEqual(never.status, 0, never.output)
    XCTAssertEqual(never.stdout, "", never.output)

    quoted(
      "press **1** (500, 500, then answers) and run `weather \"London\" | retry 3 | show` — then press **1** again and run it with `retry 2`: it fails."
    )
    try press("1", pane, url, until: ["weather": "500,500,ok"])
    let three = try run(#"weather "London" | retry 3 | show"#)
    XCTAssertEqual(three.status, 0, three.output)
    XCTAssertTrue(three.stdout.hasPrefix(#"{city: "London""#), three.output)
    try press("1", pane, url, until: ["weather": "500,500,ok"])
    let two = try run(#"weather "London" | retry 2 | show"#)
    XCTAssertNotEqual(two.status, 0, two.output)
    XCTAssertTrue(two.output.contains("serverFailure"), two.output)

    let polling =
      "every 1s | take 10 | flatMap (weather \"London\" | retryWhen backoff(1, 2, 4) | catch cache) | count"
    quoted("Press **3** (30 % of requests fail) and run `\(polling)`.")
    try press("3", pane, url, until: ["weather": "rate(0.3)"])
    let polled = try run(polling)
    XCTAssertEqual(polled.status, 0, polled.output)
    XCTAssertEqual(polled.stdout, "10\n", "every poll answered, the failures retried: \(polled.output)")

    let materialized = "every 5s | take 4 | flatMap (airquality \"Beijing\" | materialize) | show"
    quoted("press **6** (air quality: 500, 500, then answers) and run `\(materialized)`.")
    try press("6", pane, url, until: ["airquality": "500,500,ok"])
    let records = try run(materialized)
    XCTAssertEqual(records.status, 0, "each error is a record and the polling goes on: \(records.output)")
    XCTAssertEqual(
      records.stdout.split(separator: "\n").filter { $0.hasPrefix(#"{event: "error""#) }.count, 2,
      records.stdout)

    quoted(
      "press **4** (the next request hangs) and run `weather \"London\" | timeout 2s | catch cache | show`.")
    try press("2", pane, url, until: ["weather": "503", "airquality": "503"])
    let last = try run(#"weather "London" | catch cache | show"#)
    XCTAssertTrue(last.stdout.hasPrefix(#"{city: "London""#), "the last reading cached: \(last.output)")
    try press("4", pane, url, until: ["weather": "timeout,ok"])
    let hung = try run(#"weather "London" | timeout 2s | catch cache | show"#)
    XCTAssertEqual(hung.status, 0, hung.output)
    XCTAssertEqual(hung.stdout, last.stdout, "the cached reading, after the timeout")
  }

  /// "0:00 — Streams and errors": the three lines everyone types, and the 253 ms.
  func testTheFirstTenMinutesPrintWhatTheGuideSays() throws {
    quoted("pipe -e 'of(1, 2, 3) | log' pipe -e 'weather \"London\" | log' pipe -e 'weather \"xyzzy\" | log'")
    let numbers = try PipeProcess.run(["-e", "of(1, 2, 3) | log"])
    XCTAssertEqual(numbers.status, 0, numbers.output)
    for event in ["next 1", "next 2", "next 3", "completed"] {
      XCTAssertTrue(numbers.stdout.contains(event), "\(event): \(numbers.stdout)")
    }
    quoted("the 253 ms is the simulated round trip to the weather service")
    let london = try PipeProcess.run(["-e", #"weather "London" | log"#])
    XCTAssertEqual(london.status, 0, london.output)
    XCTAssertNotNil(london.stdout.firstMatch(of: /253ms .*next/), london.stdout)
    quoted("An error *ends* the stream — nothing comes after it.")
    let unknown = try PipeProcess.run(["-e", #"weather "xyzzy" | log"#])
    let events = unknown.stdout.split(separator: "\n").filter { !$0.hasSuffix("dispose") }
    XCTAssertTrue(events.last?.contains("error") == true, unknown.output)
    XCTAssertFalse(unknown.stdout.contains("next"), unknown.output)
  }

  /// The timings the guide makes the class compute: 766 ms (three round trips) and 3766 ms.
  func testTheTimingsOfExercises3And4() throws {
    quoted("The 766 ms are three round trips.")
    quoted("Have them compute the 3766 ms in the comment themselves: waits plus round trips.")
    XCTAssertTrue(try PipeProcess.read("workshop/exercises/03-try-again.pipe").contains("766ms"))
    let backOff = try PipeProcess.read("workshop/exercises/04-back-off.pipe")
    XCTAssertTrue(backOff.contains("3766"), backOff)
    let solved = try PipeProcess.run([
      "check", "workshop/solutions/03-try-again.pipe", "workshop/solutions/04-back-off.pipe",
    ])
    XCTAssertEqual(solved.status, 0, "on the virtual clock, to the millisecond: \(solved.output)")
    XCTAssertTrue(
      try PipeProcess.read("workshop/exercises/03-try-again.pipe").contains("(253, 221 and 292 ms here)"),
      "three round trips: 253 + 221 + 292 = 766")
  }

  /// Troubleshooting: the messages it quotes are pipe's.
  func testTheTroubleshootingMessagesArePipes() throws {
    let folder = try TemporaryFolder.make(for: self)
    quoted("`error: ... needs something upstream`")
    let forgotten = folder.appendingPathComponent("forgotten.pipe")
    try "retry 3 | expect \"1ms (a|)\" [a: 1]\n".write(to: forgotten, atomically: true, encoding: .utf8)
    let upstream = try PipeProcess.run(["check", forgotten.path], errors: .output)
    XCTAssertNotEqual(upstream.status, 0)
    XCTAssertTrue(upstream.stdout.contains("needs something upstream"), upstream.stdout)
    XCTAssertTrue(upstream.stdout.contains("^"), "with a caret: \(upstream.stdout)")

    quoted("`note: stopped '...' after 1h of virtual time (the horizon)`")
    quoted("pipe stops it after an hour of virtual time and grades what came until then.")
    quoted("stopped after 30 s of real time (`pipe check --timeout`).")
    let endless = folder.appendingPathComponent("endless.pipe")
    try "every 1s | expect \"1ms (a|)\" [a: 1]\n".write(
      to: endless, atomically: true, encoding: .utf8)
    let horizon = try PipeProcess.run(["check", endless.path], errors: .output)
    XCTAssertNotEqual(horizon.status, 0)
    XCTAssertTrue(
      horizon.stdout.hasPrefix(
        #"note: stopped 'every 1s | expect "1ms (a|)" [a: 1]' after 1h of virtual time (the horizon)"#),
      horizon.stdout)
    XCTAssertTrue(horizon.stdout.contains("0 passed, 1 failed"), "graded: \(horizon.stdout)")
  }

  /// "settings are saved, and the prompt's first screen names them (`settings:
  /// weather.faults="500,ok" · :settings, :reset`). `:reset` puts every one back to its
  /// default, `:reset weather.faults` just that one."
  func testSavedSettingsAreNamedOnThePromptsFirstScreenAndResetForgetsThem() throws {
    let line = #"settings: weather.faults="500,ok" · :settings, :reset"#
    quoted("(`\(line)`)")
    let home = try TemporaryFolder.home(for: self)
    try FileManager.default.createDirectory(atPath: home + "/.config/pipe", withIntermediateDirectories: true)
    try #"{"weather.faults": "500,ok", "seed": 7}"#.write(
      toFile: home + "/.config/pipe/settings.json", atomically: true, encoding: .utf8)
    let first = try Tmux.start(test: self, home: home)
    try first.waitFor("the settings line") {
      $0.contains(#"settings: "#) && $0.contains(#"weather.faults="500,ok""#)
    }
    try first.type(":reset weather.faults", enter: true)
    try first.type(":quit", enter: true)
    try first.waitForExit()
    let second = try Tmux.start(test: self, home: home)
    let screen = try second.screen()
    XCTAssertFalse(screen.contains("weather.faults"), "just that one is reset: \(screen)")
    XCTAssertTrue(screen.contains("seed=7"), screen)
    try second.type(":reset", enter: true)
    try second.type(":quit", enter: true)
    try second.waitForExit()
    let third = try Tmux.start(test: self, home: home)
    let reset = try third.screen()
    XCTAssertFalse(reset.contains("settings:"), reset)
  }

  /// "How the exercises work" and the parts' bullets: each bullet's stage is its solution's,
  /// a solved file prints `ok` and `1 passed, 0 failed`, the reports' formats, the chapter.
  func testTheExercisesAreWhatTheGuideSaysTheyAre() throws {
    let bullets = guide.matches(of: /\* \*\*(\d\d) [^*]+\*\* — `([^`]+)`/)
    XCTAssertEqual(bullets.map { String($0.1) }, (1...10).map { String(format: "%02d", $0) })
    for bullet in bullets {
      let solution = try XCTUnwrap(
        try PipeProcess.files(in: "workshop/solutions", suffix: ".pipe").first {
          $0.contains("/\(bullet.1)-")
        })
      XCTAssertTrue(
        try PipeProcess.read(solution).replacing(/\s+/, with: " ").contains(bullet.2),
        "\(solution): \(bullet.2)")
    }

    quoted("When the stage is right the file prints `ok` and `1 passed, 0 failed`.")
    let solved = try PipeProcess.run(["check", "workshop/solutions/03-try-again.pipe"])
    XCTAssertEqual(solved.status, 0, solved.output)
    XCTAssertTrue(solved.stdout.contains("ok"), solved.stdout)
    XCTAssertTrue(solved.stdout.hasSuffix("1 passed, 0 failed\n"), solved.stdout)

    quoted("pipe -e 'weather \"London\" | show' # one line of London's (simulated) weather")
    let london = try PipeProcess.run(["-e", #"weather "London" | show"#])
    XCTAssertEqual(london.stdout.split(separator: "\n").count, 1, london.output)

    quoted("`pipe check --format junit workshop/exercises > report.xml` writes a JUnit report")
    let junit = try PipeProcess.run(["check", "--format", "junit", "workshop/exercises"])
    XCTAssertTrue(junit.stdout.hasPrefix("<?xml"), junit.stdout)
    XCTAssertTrue(junit.stdout.contains(#"name="workshop/exercises/03-try-again.pipe:"#), junit.stdout)
    quoted("`--format tap` writes TAP")
    let tap = try PipeProcess.run(["check", "--format", "tap", "workshop/exercises"])
    XCTAssertTrue(tap.stdout.contains("not ok 1"), tap.stdout)

    quoted("in `examples/chapter/` (18 files, one per idea of the chapter, `pipe check examples/chapter`)")
    XCTAssertEqual(try PipeProcess.files(in: "examples/chapter", suffix: ".pipe").count, 18)
    let chapter = try PipeProcess.run(["check", "examples/chapter"], timeout: 300)
    XCTAssertEqual(chapter.status, 0, chapter.output)
  }
}
