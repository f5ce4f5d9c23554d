import Foundation
import PipeProcessSupport
import XCTest

/// The teacher's page in a real headless Chromium (driven over the DevTools protocol by a
/// Python script): it shows the room, and a student's new report appears within 2 s without a
/// reload; a failing cell shows the text as text and the diagram as an image whose script
/// never runs. (Starts processes: `pipe fake-api`, Python, Chromium; `make test-deps` installs
/// chromium.)
final class RoomPageTests: XCTestCase {
  static let driver = #"""
    # Drives a headless Chromium over the DevTools protocol (--remote-debugging-pipe: JSON
    # messages ended by NUL on fds 3 and 4, no WebSocket needed) to watch the room's page.
    #   python3 SCRIPT CHROMIUM ROOM_URL TOKEN PROFILE_DIR
    import json, os, subprocess, sys, time, urllib.request

    chromium, base, token, profile = sys.argv[1:5]
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()

    def child_fds():
        os.dup2(to_chrome_r, 3)
        os.dup2(from_chrome_w, 4)

    browser = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--remote-debugging-pipe", "--user-data-dir=" + profile, "about:blank"],
        pass_fds=(3, 4), preexec_fn=child_fds,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # In the child the pipes sit on fds 3 and 4 (dup2 above), which pass_fds keeps open.
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    pending = b""
    next_id = 0

    def fail(message):
        print("FAIL " + message, flush=True)
        browser.kill()
        sys.exit(1)

    def send(method, params=None, session=None, timeout=20):
        global next_id, pending
        next_id += 1
        message = {"id": next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(to_chrome_w, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while time.time() < deadline:
            while b"\0" in pending:
                raw, pending = pending.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == next_id:
                    if "error" in answer:
                        fail(method + ": " + json.dumps(answer["error"]))
                    return answer["result"]
            chunk = os.read(from_chrome_r, 65536)
            if not chunk:
                fail("chromium closed the pipe")
            pending += chunk
        fail(method + ": no answer")

    def evaluate(session, expression):
        result = send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        if "exceptionDetails" in result:
            fail("page script: " + json.dumps(result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_for(session, expression, seconds, what):
        start = time.time()
        while time.time() - start < seconds:
            value = evaluate(session, expression)
            if value:
                return value, time.time() - start
            time.sleep(0.05)
        fail(what + " within %.1f s" % seconds)

    def report(body):
        request = urllib.request.Request(base + "/_room/report", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status

    target = send("Target.createTarget", {"url": base + "/_room?token=" + token})["targetId"]
    session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    rows, _ = wait_for(session, "Array.from(document.querySelectorAll('#room tbody tr')).map(r => r.dataset.name)", 20,
                       "the first row")
    print("rows before: " + ",".join(rows), flush=True)
    evaluate(session, "window.notReloaded = true")
    status = report({"name": "grace", "exercise": "03-try-again", "kind": "check", "passed": False,
                     "expectations": {"passed": 0, "failed": 1},
                     "failing": {"text": "expect <b>bold</b>",
                                 "diagram": "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='20'>"
                                            "<script>document.title='ran'</script><rect width='40' height='20'/></svg>"}})
    print("report: %d" % status, flush=True)
    cell, seconds = wait_for(
        session,
        "(() => { const c = document.querySelector('tr[data-name=\"grace\"] td[data-exercise=\"03-try-again\"]');"
        " return c ? c.textContent : null })()", 2.0, "grace's row")
    print("grace's cell: %s after %.2f s" % (cell, seconds), flush=True)
    print("not reloaded: %s" % evaluate(session, "window.notReloaded === true"), flush=True)
    print("rows after: " + ",".join(evaluate(
        session, "Array.from(document.querySelectorAll('#room tbody tr')).map(r => r.dataset.name)")), flush=True)
    evaluate(session, "document.querySelector('tr[data-name=\"grace\"] td[data-exercise=\"03-try-again\"]').click()")
    text, _ = wait_for(session, "document.getElementById('detail-text').textContent", 5, "the failing text")
    print("detail text: " + text, flush=True)
    size, _ = wait_for(session, "(() => { const i = document.getElementById('detail-diagram');"
                       " return i.complete && i.naturalWidth > 0 ? i.naturalWidth + 'x' + i.naturalHeight : null })()",
                       5, "the diagram image")
    print("diagram image: " + size, flush=True)
    print("bold elements: %d" % evaluate(session, "document.querySelectorAll('#detail b').length"), flush=True)
    print("title: " + evaluate(session, "document.title"), flush=True)
    send("Browser.close")
    browser.wait(timeout=10)
    print("DONE", flush=True)
    """#

  func testThePageUpdatesWithoutAReloadAndShowsTheDiagramAsAnImage() throws {
    try requirePython()
    guard
      let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { throw MissingTestSetup("chromium is not installed: make test-deps") }
    let room = try RoomServer(self)
    XCTAssertEqual(
      try room.report(["name": "ada", "exercise": "01-first", "kind": "check", "passed": true]).status, 204)
    let profile = try TemporaryFolder.make(prefix: "room-chromium")
    addTeardownBlock { try? FileManager.default.removeItem(at: profile) }
    let driver = try Spawned(
      ["python3", "-c", Self.driver, chromium, room.url, RoomServer.token, profile.path],
      environment: PipeProcess.environment(), executable: "/usr/bin/env")
    addTeardownBlock { driver.killGroup() }
    let run = driver.wait(timeout: 90)
    let output = run.stdout
    XCTAssertEqual(run.status, 0, output + run.stderr)
    XCTAssertTrue(output.contains("rows before: ada\n"), output)
    XCTAssertTrue(output.contains("report: 204\n"), output)
    XCTAssertTrue(output.contains("grace's cell: ✗ 1 try after"), output)
    XCTAssertTrue(output.contains("not reloaded: True\n"), output)
    XCTAssertTrue(output.contains("rows after: ada,grace\n"), output)
    XCTAssertTrue(output.contains("detail text: expect <b>bold</b>\n"), "shown as text: \(output)")
    XCTAssertTrue(output.contains("diagram image: 40x20\n"), output)
    XCTAssertTrue(output.contains("bold elements: 0\n"), output)
    XCTAssertTrue(output.contains("title: pipe: the room\n"), "the SVG's script never ran: \(output)")
    XCTAssertTrue(output.hasSuffix("DONE\n"), output)
  }
}
