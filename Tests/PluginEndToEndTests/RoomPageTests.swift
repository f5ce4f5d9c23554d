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

    def evaluate(expression):
        result = send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
        if "exceptionDetails" in result:
            fail("page script: " + json.dumps(result["exceptionDetails"]))
        return result["result"].get("value")

    session = None

    def open_page(url):
        global session
        target = send("Target.createTarget", {"url": url})["targetId"]
        session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def close_browser():
        send("Browser.close")
        browser.wait(timeout=10)
    """#

  func testThePageUpdatesWithoutAReloadAndShowsTheDiagramAsAnImage() throws {
    let chromium = try RoomPageChecks.executable(
      ["/usr/bin/chromium", "/usr/bin/chromium-browser"], else: "chromium is not installed: make test-deps")
    try RoomPageChecks.run(self, driver: Self.driver, browser: chromium)
  }
}
