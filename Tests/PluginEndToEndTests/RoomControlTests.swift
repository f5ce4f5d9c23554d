import Foundation
import PipeProcessSupport
import XCTest

/// Who may change the room's faults: control needs the token with `--room`, a web page of another
/// origin is refused in both modes, the log names every caller, and bad plans get a 400.
/// (Starts processes: `pipe fake-api`, a Python listener.)
final class RoomControlTests: XCTestCase {
  func testControlNeedsTheTokenAndTheLogNamesTheCaller() throws {
    let room = try RoomServer(self)
    for (method, path) in [
      ("GET", "/_control"), ("POST", "/_control/faults?weather=503"), ("POST", "/_control/reset"),
    ] {
      XCTAssertEqual(try room.request(method, path).status, 401, path)
      XCTAssertEqual(
        try room.request(method, path, headers: ["Authorization": "Bearer wrong-token"]).status, 401)
    }
    let weather = try room.request("GET", "/data/2.5/weather?q=London&appid=k")
    XCTAssertEqual(weather.status, 200, "the fault above was refused")

    let bearer = try room.request(
      "POST", "/_control/faults?weather=503", headers: ["Authorization": "Bearer \(RoomServer.token)"])
    XCTAssertEqual(bearer.status, 200, bearer.text)
    XCTAssertEqual(try room.request("GET", "/data/2.5/weather?q=London&appid=k").status, 503)
    XCTAssertEqual(try room.request("POST", "/_control/reset?token=\(RoomServer.token)").status, 200)
    XCTAssertTrue(
      room.process.waitForOutput("control from 127.0.0.1: faults weather=503"), room.process.stdout)
    XCTAssertTrue(room.process.waitForOutput("control from 127.0.0.1: attempts reset"), room.process.stdout)
    let log = try XCTUnwrap(room.process.stdout.components(separatedBy: "Requests:").last)
    XCTAssertFalse(log.contains(RoomServer.token), "the log never shows the token: \(log)")
  }

  func testAWebPageOfAnotherOriginIsRefused() throws {
    let room = try RoomServer(self)
    let token = ["Authorization": "Bearer \(RoomServer.token)"]
    let foreign = try room.request(
      "POST", "/_control/faults?weather=503", headers: token.merging(["Origin": "http://evil.example"]) { $1 }
    )
    XCTAssertEqual(foreign.status, 403, foreign.text)
    let own = try room.request(
      "POST", "/_control/faults?weather=503", headers: token.merging(["Origin": room.url]) { $1 })
    XCTAssertEqual(own.status, 200, own.text)

    let plain = try Spawned(["fake-api", "--port", "0"], environment: try Sandbox(self).environment)
    addTeardownBlock { plain.killGroup() }
    XCTAssertTrue(plain.waitForOutput("Requests:"), plain.stdout)
    let url = try XCTUnwrap(plain.stdout.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+/)).output
    let crossSite = try RoomServer.send(
      "POST", "\(url)/_control/reset", headers: ["Origin": "null", "Content-Type": "text/plain"])
    XCTAssertEqual(crossSite.status, 403, "a plain cross-site POST, as a web page sends it")
    XCTAssertEqual(
      try RoomServer.send("POST", "\(url)/_control/reset").status, 200, "loopback needs no token")

    try requirePython()
    let port = try XCTUnwrap(url.split(separator: ":").last.map(String.init))
    let rebound = try Spawned(
      [
        "python3", "-c",
        """
        import http.client, sys
        for host in sys.argv[2:]:
            c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=10)
            c.putrequest("POST", "/_control/reset", skip_host=True)
            c.putheader("Host", host)
            c.putheader("Content-Length", "0")
            c.endheaders()
            print(host, c.getresponse().status, flush=True)
        """,
        port, "evil.example:\(port)", "localhost:\(port)", "[::1]:\(port)",
      ], environment: PipeProcess.environment(), executable: "/usr/bin/env"
    ).wait(timeout: 30)
    XCTAssertEqual(
      rebound.stdout, "evil.example:\(port) 403\nlocalhost:\(port) 200\n[::1]:\(port) 200\n",
      "a name rebound to 127.0.0.1 is refused: \(rebound.stderr)")
  }

  func testABadFaultPlanOrQueryGets400WithTheReason() throws {
    let room = try RoomServer(self)
    let token = "&token=\(RoomServer.token)"
    let undecodable = try room.request("POST", "/_control/faults?weather=%FF%FE" + token)
    XCTAssertEqual(undecodable.status, 400, undecodable.text)
    XCTAssertTrue(undecodable.text.contains("not percent-encoded UTF-8"), undecodable.text)
    let unknown = try room.request("POST", "/_control/faults?weather=500,sometimes" + token)
    XCTAssertEqual(unknown.status, 400)
    XCTAssertTrue(unknown.text.contains("unknown fault 'sometimes'"), unknown.text)
    let status = try room.request("GET", "/_control?token=\(RoomServer.token)").text
    XCTAssertTrue(
      status.contains(#""weather":{"attempts":0,"faults":""}"#), "the plan is unchanged: \(status)")
  }

  func testAPercentEncodedKeyNameIsMaskedInTheLog() throws {
    let room = try RoomServer(self)
    XCTAssertEqual(try room.request("GET", "/data/2.5/weather?q=London&%61ppid=SECRET-KEY-42").status, 200)
    XCTAssertTrue(room.process.waitForOutput("&%61ppid=•••• → 200"), room.process.stdout)
    XCTAssertFalse(room.process.stdout.contains("SECRET-KEY-42"), room.process.stdout)
  }

  func testABusyPortSaysSoInOneCleanLine() throws {
    let listener = try PythonServer(
      script: """
        import socket, sys, time
        s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen()
        print(s.getsockname()[1], flush=True)
        time.sleep(120)
        """, test: self)
    let run = try Sandbox(self).run(["fake-api", "--port", String(listener.port)], timeout: 20)
    XCTAssertEqual(run.status, 1)
    XCTAssertEqual(
      run.stderr,
      "pipe fake-api: port \(listener.port) is in use: pick another with --port, or --port 0 for any free port\n"
    )
  }

  func testTheBannerTheHelpAndTheTokensRules() throws {
    let room = try RoomServer(self)
    let banner = room.process.stdout
    XCTAssertTrue(banner.contains("/_room?token=\(RoomServer.token)\n"), banner)
    XCTAssertTrue(banner.contains("  token: \(RoomServer.token)\n"), banner)

    let sandbox = try Sandbox(self)
    let help = try sandbox.run(["fake-api", "--help"]).stdout
    for phrase in [
      "--room", "--token", "/_room?token=T", "pipe join http://ADDRESS:PORT --name NAME", "403", "401",
    ] {
      XCTAssertTrue(help.contains(phrase), phrase)
    }
    let alone = try sandbox.run(["fake-api", "--port", "0", "--token", "abcdefghij"])
    XCTAssertEqual(alone.status, 64, "EX_USAGE")
    XCTAssertTrue(alone.stderr.contains("--token needs --room"), alone.stderr)
    let short = try sandbox.run(["fake-api", "--room", "--port", "0", "--token", "abc"])
    XCTAssertEqual(short.status, 64)
    XCTAssertTrue(short.stderr.contains("--token must be 8-128 letters"), short.stderr)
  }
}
