import Foundation
import PipeProcessSupport
import XCTest

/// A student attacks the teacher's `pipe fake-api --room` on 127.0.0.1, one kind of attack per
/// test (`RoomAttacker` sends the bytes): the service refuses what it must, keeps answering
/// the others, and the teacher's page keeps its updates. (Starts processes: `pipe fake-api`,
/// Python.)
final class RoomAttackTests: XCTestCase {
  static let weather = "/data/2.5/weather?q=London&appid=k"

  /// The token in the page's link: never in the log, never sent on as a Referer.
  func testTheTokenIsNeitherLoggedNorSentOnAsAReferrer() throws {
    let room = try RoomServer(self)
    let page = try room.request("GET", "/_room?token=\(RoomServer.token)")
    XCTAssertEqual(page.status, 200)
    XCTAssertEqual(page.header("Referrer-Policy"), "no-referrer")
    XCTAssertTrue(page.text.contains(#"<meta name="referrer" content="no-referrer">"#))
    for path in [
      "/_nothing?token=\(RoomServer.token)", "/_control?token=\(RoomServer.token)",
      "/_control/faults?token=\(RoomServer.token)&weather=nonsense",
      "/data/2.5/weather?q=London&appid=k&token=\(RoomServer.token)",
    ] {
      _ = try room.request(path.contains("faults") ? "POST" : "GET", path)
    }
    _ = try room.request("GET", "/_control?token=a-wrong-token-of-mine")
    XCTAssertTrue(room.process.waitForOutput("token=••••", count: 2), room.process.stdout)
    // The start-up lines print the token, for the teacher; the log after them never does.
    let log = try XCTUnwrap(
      (room.process.stdout + room.process.stderr).components(separatedBy: "Requests:").last)
    XCTAssertFalse(log.contains(RoomServer.token), log)
    XCTAssertFalse(log.contains("a-wrong-token-of-mine"), log)
  }

  /// Deep, broken and huge bodies are refused with a 400 or 413, and the service goes on.
  func testReportsThatAreDeepNotUTF8OrHugeAreRefused() throws {
    let room = try RoomServer(self)
    let json = ["Content-Type": "application/json"]
    let deep = Data((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8)
    XCTAssertEqual(try room.request("POST", "/_room/report", headers: json, body: deep).status, 413)
    let nested = Data(
      (String(repeating: #"{"a":"#, count: 20_000) + "1" + String(repeating: "}", count: 20_000)).utf8)
    XCTAssertEqual(try room.request("POST", "/_room/report", headers: json, body: nested).status, 400)
    var broken = Data(#"{"name":"ada"#.utf8)
    broken += [0xFF, 0xFE, 0xC0, 0x80]
    broken += Data(#"","exercise":"01","kind":"hint","secret":"secret-of-ada-for-tests"}"#.utf8)
    XCTAssertEqual(try room.request("POST", "/_room/report", headers: json, body: broken).status, 400)
    let huge = Data(repeating: UInt8(ascii: "a"), count: 50 * 1024 * 1024)
    XCTAssertEqual(
      try room.request("POST", "/_room/report", headers: json, body: huge, timeout: 30).status, 413)
    XCTAssertEqual(try room.request("GET", Self.weather).status, 200, "and the service goes on")
    XCTAssertEqual((try room.state()["students"] as? [Any])?.count, 0)
  }

  /// Names and exercises: controls and bidi overrides refused, markup kept as text, 64 at most.
  func testNamesWithControlsOrBidiOverridesAreRefusedAndMarkupIsKeptAsText() throws {
    let room = try RoomServer(self)
    for name in [
      "ada\u{202E}gnp.exe", "ada\u{2067}x", "ada\u{200F}", "ada\u{061C}", "ada\u{0007}", "ada\u{2028}bob",
      "ada\u{9B}2J",
    ] {
      let answer = try room.report(["name": name, "exercise": "01", "kind": "hint"])
      XCTAssertEqual(
        answer.status, 400, "\(name.unicodeScalars.map { String($0.value, radix: 16) }): \(answer.text)")
      let exercise = try room.report(["name": "ada", "exercise": name, "kind": "hint"])
      XCTAssertEqual(exercise.status, 400, exercise.text)
    }
    XCTAssertEqual(
      try room.report(["name": String(repeating: "é", count: 65), "exercise": "01", "kind": "hint"]).status,
      400)
    let markup = "</script><img src=x onerror=alert(1)>"
    XCTAssertEqual(try room.report(["name": markup, "exercise": "01", "kind": "hint"]).status, 204)
    let students = try XCTUnwrap(try room.state()["students"] as? [[String: Any]])
    XCTAssertEqual(students.compactMap { $0["name"] as? String }, [markup], "kept as the text it is")
    let page = try room.request("GET", "/_room?token=\(RoomServer.token)").text
    XCTAssertFalse(page.contains(markup), "in the page's first HTML only escaped")
    XCTAssertTrue(page.contains(#"\u003c\/script\u003e\u003cimg src=x onerror=alert(1)\u003e"#), page)
    XCTAssertEqual(
      page.components(separatedBy: "</script>").count, 3, "the page's two scripts end where they should")
  }

  /// One student cannot report as another: the name is the first reporter's.
  func testAStudentCannotReportAsAnother() throws {
    let room = try RoomServer(self)
    XCTAssertEqual(
      try room.report(["name": "ada", "exercise": "01", "kind": "check", "passed": false]).status, 204)
    let forged = try room.report([
      "name": "ada", "exercise": "01", "kind": "check", "passed": true, "secret": "bob-pretending-to-be-ada",
    ])
    XCTAssertEqual(forged.status, 403, forged.text)
    XCTAssertTrue(forged.text.contains("the name ada is another student's"), forged.text)
    XCTAssertEqual(
      try room.report(["name": "ada", "exercise": "01", "kind": "check", "passed": true, "secret": ""])
        .status, 400)
    let cells = try XCTUnwrap(
      (try room.state()["students"] as? [[String: Any]])?.first?["cells"] as? [String: [String: Any]])
    XCTAssertEqual(cells["01"]?["state"] as? String, "failing", "ada's row is hers")
    XCTAssertTrue(
      room.process.waitForOutput("room: report from 127.0.0.1 refused: the name ada is another student's"))

    // Through pipe: two students join as "grace"; the second one's check is not reported.
    let exercise = "workshop/solutions/01-fallback-value.pipe"
    var notes: [String] = []
    for _ in 1...2 {
      let home = try TemporaryFolder.home(for: self)
      XCTAssertEqual(try PipeProcess.run(["join", room.url, "--name", "grace"], home: home).status, 0)
      let check = try PipeProcess.run(["check", exercise], home: home)
      XCTAssertEqual(check.status, 0, check.output)
      notes.append(check.stderr)
    }
    let note =
      "note: not reported to the room: the room answered 403: your name is another student's there; join with one of your own"
    XCTAssertTrue(
      try PipeProcess.read("workshop/README.md").replacing(/\s+/, with: " ").contains(note),
      "the guide quotes it")
    XCTAssertEqual(notes, ["", note + "\n"])
  }

  /// Thousands of reports as fast as a student's machine sends them: the service answers
  /// another client within a second, the teacher's page gets its updates, and the memory stays bounded.
  func testAFloodOfReportsLeavesTheServiceAndThePageResponsive() throws {
    let room = try RoomServer(self)
    let teacher = try RoomAttacker.start(self, "watch", room, [RoomServer.token])
    XCTAssertTrue(teacher.waitForOutput("event: 0 students"), teacher.stdout + teacher.stderr)
    let flood = try RoomAttacker.start(self, "flood", room, ["10000", "4"])
    var slowest = 0.0
    var peak = 0
    let deadline = Date().addingTimeInterval(120)
    while flood.isRunning {
      guard Date() < deadline else {
        XCTFail("10,000 reports not taken within 120 s: \(String(teacher.stdout.suffix(300)))")
        return
      }
      let asked = Date()
      XCTAssertEqual(try room.request("GET", Self.weather, timeout: 5).status, 200)
      slowest = max(slowest, Date().timeIntervalSince(asked))
      peak = max(peak, RoomAttacker.residentKilobytes(room.process.pid))
      Thread.sleep(forTimeInterval: 0.1)
    }
    let run = flood.wait(timeout: 300)
    XCTAssertTrue(run.stdout.contains(#"sent 10000 in"#), run.stdout + run.stderr)
    XCTAssertTrue(run.stdout.contains(#"{"204": 10000}"#), run.stdout)
    XCTAssertLessThan(slowest, 1, "another client waited \(slowest) s: \(run.stdout)")
    XCTAssertLessThan(peak, 400_000, "resident memory peaked at \(peak) kB")
    XCTAssertTrue(teacher.waitForOutput("event: 50 students", timeout: 5), String(teacher.stdout.suffix(500)))
    let asked = Date()
    XCTAssertEqual(try room.report(["name": "late", "exercise": "01", "kind": "hint"]).status, 204)
    XCTAssertTrue(
      teacher.waitForOutput("event: 51 students", timeout: 2), "within 2 s of a report after the flood")
    XCTAssertLessThan(Date().timeIntervalSince(asked), 2)
  }

  /// 1,000 open `/_room/events` connections from a student (no token: 401 each, closed), and
  /// a teacher's page that reads nothing: the teacher's other page still gets every update.
  func testOpenEventStreamsAndASlowReaderDoNotStopTheTeachersUpdates() throws {
    let room = try RoomServer(self)
    let slow = try RoomAttacker.start(self, "slow", room, [RoomServer.token])
    XCTAssertTrue(slow.waitForOutput("not reading"))
    let streams = try RoomAttacker.start(self, "streams", room, ["1000"])
    XCTAssertTrue(streams.waitForOutput("streams: ", timeout: 60), streams.stdout + streams.stderr)
    XCTAssertFalse(streams.stdout.contains(#""200""#), "no stream without the token: \(streams.stdout)")
    let teacher = try RoomAttacker.start(self, "watch", room, [RoomServer.token])
    XCTAssertTrue(teacher.waitForOutput("event: 0 students", timeout: 5), teacher.stdout + teacher.stderr)
    let text = String(repeating: "x", count: 4000)
    for number in 1...200 {
      let report: [String: Any] = [
        "name": "s\(number)", "exercise": "01", "kind": "check", "passed": false, "failing": ["text": text],
      ]
      XCTAssertEqual(try room.report(report).status, 204)
    }
    XCTAssertTrue(
      teacher.waitForOutput("event: 200 students", timeout: 2), String(teacher.stdout.suffix(300)))
    XCTAssertLessThan(RoomAttacker.residentKilobytes(room.process.pid), 400_000)
    XCTAssertEqual(try room.request("GET", Self.weather, timeout: 2).status, 200)
  }

  /// Every control and room route refuses another origin's request, and none allows it by CORS.
  func testEveryControlAndRoomRouteRefusesAnotherOrigin() throws {
    let room = try RoomServer(self)
    let token = RoomServer.token
    for (method, path) in [
      ("GET", "/_control?token=\(token)"), ("POST", "/_control/faults?weather=503&token=\(token)"),
      ("POST", "/_control/reset?token=\(token)"), ("GET", "/_room?token=\(token)"),
      ("GET", "/_room/state?token=\(token)"), ("GET", "/_room/events?token=\(token)"),
      ("GET", "/_room/diagram?token=\(token)&name=ada&exercise=01"), ("POST", "/_room/report"),
    ] {
      for origin in ["http://evil.example", "null", "http://127.0.0.1.evil.example"] {
        let answer = try room.request(
          method, path, headers: ["Origin": origin, "Content-Type": "application/json"],
          body: method == "POST" ? Data("{}".utf8) : nil)
        XCTAssertEqual(answer.status, 403, "\(method) \(path) from \(origin)")
        XCTAssertNil(answer.header("Access-Control-Allow-Origin"), path)
      }
      let preflight = try room.request(
        "OPTIONS", path, headers: ["Origin": "http://evil.example", "Access-Control-Request-Method": method])
      XCTAssertNil(preflight.header("Access-Control-Allow-Origin"), "OPTIONS \(path)")
      XCTAssertNotEqual(preflight.status / 100, 2, "OPTIONS \(path)")
    }
    XCTAssertTrue(
      try XCTUnwrap(try room.request("GET", "/_control?token=\(token)").text).contains(#""weather""#))
    XCTAssertFalse(
      try room.request("GET", "/_control?token=\(token)").text.contains("503"), "no fault was set")
  }

  /// Two Content-Lengths, chunked with a Content-Length, and a flood of headers: each refused
  /// or read one way only; no request hidden in a body is ever carried out.
  func testSmugglingAndHeaderFloodsCarryOutNothingHidden() throws {
    let room = try RoomServer(self)
    let hidden = try JSONSerialization.data(withJSONObject: [
      "name": "smuggled", "exercise": "01", "kind": "hint", "secret": RoomServer.secret(of: "smuggled"),
    ])
    let hiddenRequest =
      "POST /_room/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(hidden.count)\r\n\r\n" + String(decoding: hidden, as: UTF8.self)
    let get = "GET \(Self.weather) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    let twoLengths = try RoomAttacker.raw(
      self, room,
      get + "Content-Length: 0\r\nContent-Length: \(hiddenRequest.utf8.count)\r\n\r\n" + hiddenRequest)
    XCTAssertEqual(twoLengths, "400", "two Content-Lengths")
    let chunkedAndLength = try RoomAttacker.raw(
      self, room,
      "POST /_room/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
        + "0\r\n\r\n" + hiddenRequest)
    XCTAssertEqual(chunkedAndLength, "400", "chunked with a Content-Length")
    let flood = try RoomAttacker.raw(
      self, room,
      get + String(repeating: "X-Flood: \(String(repeating: "y", count: 100))\r\n", count: 20_000) + "\r\n")
    XCTAssertTrue(["431", "400", ""].contains(flood), "a flood of headers: \(flood)")
    XCTAssertEqual(
      (try room.state()["students"] as? [Any])?.count, 0, "the hidden report was never carried out")
    XCTAssertEqual(try room.request("GET", Self.weather, timeout: 2).status, 200)
  }

  /// No route serves a file: dot segments and escapes find the 404 and nothing else.
  func testPathTraversalFindsNoFile() throws {
    let room = try RoomServer(self)
    for path in [
      "/_room/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/_room/..%2f..%2fetc%2fpasswd",
      "/_room/diagram?token=\(RoomServer.token)&name=../../../etc/passwd&exercise=passwd",
      "//etc/passwd", "/_room/%00",
    ] {
      let raw = try RoomAttacker.raw(
        self, room, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
      XCTAssertTrue(["404", "400"].contains(raw), "\(path): \(raw)")
    }
    XCTAssertFalse(room.process.stdout.contains("root:"), room.process.stdout)
  }
}
