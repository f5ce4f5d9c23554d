import Foundation
import XCTest

/// The teacher's page in a real headless Firefox, driven over WebDriver BiDi (a WebSocket; the
/// Python client is the standard library's sockets): the same checks as in Chromium
/// (`RoomPageChecks`). (Starts processes: `pipe fake-api`, Python, Firefox; `make test-deps`
/// installs firefox-esr.)
final class RoomPageFirefoxTests: XCTestCase {
  static let driver = #"""
    # Drives a headless Firefox over WebDriver BiDi (a WebSocket on --remote-debugging-port; the
    # client below is Python's standard library only) to watch the room's page.
    #   python3 SCRIPT FIREFOX ROOM_URL TOKEN PROFILE_DIR
    import base64, json, os, re, socket, struct, subprocess, sys, time, urllib.request

    firefox, base, token, profile = sys.argv[1:5]
    with open(os.path.join(profile, "user.js"), "w") as prefs:
        # Nothing but the page: no updates, telemetry or remote settings reaching out.
        for name, value in [("app.update.disabledForTesting", "true"), ("toolkit.telemetry.enabled", "false"),
                            ("datareporting.policy.dataSubmissionEnabled", "false"),
                            ("browser.shell.checkDefaultBrowser", "false"),
                            ("services.settings.server", '"http://127.0.0.1:9/"'),
                            ("network.captive-portal-service.enabled", "false"),
                            ("browser.safebrowsing.update.enabled", "false")]:
            prefs.write('user_pref("%s", %s);\n' % (name, value))
    log_path = os.path.join(profile, "firefox.log")
    browser = subprocess.Popen(
        [firefox, "--headless", "--no-remote", "--profile", profile, "--remote-debugging-port", "0", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=open(log_path, "wb"), start_new_session=True)

    def fail(message):
        print("FAIL " + message, flush=True)
        browser.kill()
        sys.exit(1)

    port = None
    start = time.time()
    while port is None and time.time() - start < 60:
        with open(log_path, "rb") as log:
            match = re.search(rb"WebDriver BiDi listening on ws://127\.0\.0\.1:(\d+)", log.read())
        if match:
            port = int(match.group(1))
        elif browser.poll() is not None:
            fail("firefox ended before it listened")
        else:
            time.sleep(0.1)
    if port is None:
        fail("firefox did not say where WebDriver BiDi listens within 60 s")

    connection = socket.create_connection(("127.0.0.1", port), timeout=30)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall(("GET /session HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n"
                        % (port, key)).encode())
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = connection.recv(4096)
        if not chunk:
            fail("firefox closed the WebSocket handshake")
        received += chunk
    head, received = received.split(b"\r\n\r\n", 1)
    if b" 101 " not in head.split(b"\r\n")[0]:
        fail("WebSocket handshake: " + head.decode(errors="replace"))

    def read_exactly(count):
        global received
        while len(received) < count:
            chunk = connection.recv(65536)
            if not chunk:
                fail("firefox closed the WebSocket")
            received += chunk
        data, received = received[:count], received[count:]
        return data

    def write_frame(opcode, data):
        header = bytes([0x80 | opcode])
        if len(data) < 126:
            header += bytes([0x80 | len(data)])
        elif len(data) < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", len(data))
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", len(data))
        mask = os.urandom(4)
        connection.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def read_message():
        message = b""
        while True:
            first, second = read_exactly(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", read_exactly(8))[0]
            payload = read_exactly(length)
            opcode = first & 0x0F
            if opcode == 9:
                write_frame(10, payload)
                continue
            if opcode == 8:
                fail("firefox closed the WebSocket")
            message += payload
            if first & 0x80 and opcode != 10:
                return json.loads(message)

    next_id = 0
    def send(method, params=None, timeout=30):
        global next_id
        next_id += 1
        write_frame(1, json.dumps({"id": next_id, "method": method, "params": params or {}}).encode())
        deadline = time.time() + timeout
        while time.time() < deadline:
            answer = read_message()
            if answer.get("id") == next_id:
                if answer.get("type") == "error":
                    fail(method + ": " + answer.get("error", "") + ": " + answer.get("message", ""))
                return answer["result"]
        fail(method + ": no answer")

    send("session.new", {"capabilities": {}})
    context = send("browsingContext.getTree")["contexts"][0]["context"]

    def evaluate(expression):
        # Each expression's value comes back as JSON text, read here.
        result = send("script.evaluate", {"expression": "JSON.stringify(" + expression + ")",
                                          "target": {"context": context}, "awaitPromise": False})
        if result["type"] != "success":
            fail("page script: " + json.dumps(result))
        text = result["result"].get("value")
        return None if text is None else json.loads(text)

    def open_page(url):
        send("browsingContext.navigate", {"context": context, "url": url, "wait": "complete"})

    def close_browser():
        send("browser.close")
        browser.wait(timeout=10)
    """#

  func testThePageUpdatesWithoutAReloadInFirefox() throws {
    let firefox = try RoomPageChecks.executable(
      ["/usr/bin/firefox-esr", "/usr/bin/firefox"], else: "firefox is not installed: make test-deps")
    try RoomPageChecks.run(self, driver: Self.driver, browser: firefox)
  }
}
