import Foundation
import PipeProcessSupport
import XCTest

/// What the teacher's page must do in every browser, asked the same way of each: a browser's
/// test gives a Python driver (its own part starts the browser and defines `evaluate`,
/// `open_page`, `close_browser` and `fail`), and `checks` follows it. Before the page is loaded
/// the room has `ada` and a student whose name is markup that would end a `<script>`; then the
/// checks post two reports and read the page.
enum RoomPageChecks {
  static let checks = #"""
    # What each browser is asked on the teacher's page, after its driver's own part has defined
    # evaluate(EXPRESSION) (a page expression's value), open_page(URL), close_browser() and fail().
    def wait_for(expression, seconds, what):
        start = time.time()
        while time.time() - start < seconds:
            value = evaluate(expression)
            if value:
                return value, time.time() - start
            time.sleep(0.05)
        fail(what + " within %.1f s" % seconds)

    def report(body):
        body["secret"] = "secret-of-%s-for-tests" % body["name"]
        request = urllib.request.Request(base + "/_room/report", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status

    ROWS = "Array.from(document.querySelectorAll('#room tbody tr')).map(r => r.dataset.name)"
    open_page(base + "/_room?token=" + token)
    rows, _ = wait_for(ROWS, 20, "the first row")
    print("rows before: " + ",".join(sorted(rows)), flush=True)
    evaluate("window.notReloaded = true")
    status = report({"name": "grace", "exercise": "03-try-again", "kind": "check", "passed": False,
                     "expectations": {"passed": 0, "failed": 1},
                     "failing": {"text": "expect <b>bold</b>",
                                 "diagram": "<svg xmlns='http://www.w3.org/2000/svg' width='40' height='20'>"
                                            "<script>document.title='ran'</script><rect width='40' height='20'/></svg>"}})
    print("report: %d" % status, flush=True)
    cell, seconds = wait_for(
        "(() => { const c = document.querySelector('tr[data-name=\"grace\"] td[data-exercise=\"03-try-again\"]');"
        " return c ? c.textContent : null })()", 2.0, "grace's row")
    print("grace's cell: %s after %.2f s" % (cell, seconds), flush=True)
    print("not reloaded: %s" % evaluate("window.notReloaded === true"), flush=True)
    print("rows after: " + ",".join(sorted(evaluate(ROWS))), flush=True)
    evaluate("document.querySelector('tr[data-name=\"grace\"] td[data-exercise=\"03-try-again\"]').click()")
    text, _ = wait_for("document.getElementById('detail-text').textContent", 5, "the failing text")
    print("detail text: " + text, flush=True)
    size, _ = wait_for("(() => { const i = document.getElementById('detail-diagram');"
                       " return i.complete && i.naturalWidth > 0 ? i.naturalWidth + 'x' + i.naturalHeight : null })()",
                       5, "the diagram image")
    print("diagram image: " + size, flush=True)
    status = report({"name": "<b>eve</b>", "exercise": "01-first", "kind": "check", "passed": True})
    names, _ = wait_for("(() => { const n = Array.from(document.querySelectorAll('#room td.name')).map(c => c.textContent);"
                        " return n.length === 4 ? n : null })()", 2.0, "eve's row")
    print("names: " + "|".join(sorted(names)), flush=True)
    print("markup elements: %d" % evaluate("document.querySelectorAll('body b, body i').length"), flush=True)
    print("title: " + evaluate("document.title"), flush=True)
    close_browser()
    print("DONE", flush=True)
    """#

  /// Starts a room, reports two students, runs `driver` + `checks` with the browser at
  /// `browser`, and asserts what the page showed.
  static func run(
    _ test: XCTestCase, driver: String, browser: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    try requirePython()
    let room = try RoomServer(test)
    XCTAssertEqual(
      try room.report(["name": "ada", "exercise": "01-first", "kind": "check", "passed": true]).status, 204)
    XCTAssertEqual(
      try room.report(["name": markupName, "exercise": "01-first", "kind": "hint", "hintsUsed": 1]).status,
      204)
    let profile = try TemporaryFolder.make(prefix: "room-browser")
    test.addTeardownBlock { try? FileManager.default.removeItem(at: profile) }
    let script = try Spawned(
      ["python3", "-c", driver + "\n" + checks, browser, room.url, RoomServer.token, profile.path],
      environment: PipeProcess.environment(), executable: "/usr/bin/env")
    test.addTeardownBlock { script.killGroup() }
    let run = script.wait(timeout: 120)
    let output = run.stdout
    XCTAssertEqual(run.status, 0, output + run.stderr, file: file, line: line)
    for expected in [
      "rows before: \(markupName),ada\n", "report: 204\n", "grace's cell: ✗ 1 try after",
      "not reloaded: True\n", "rows after: \(markupName),ada,grace\n",
      "detail text: expect <b>bold</b>\n", "diagram image: 40x20\n",
      "names: \(markupName)|<b>eve</b>|ada|grace\n", "markup elements: 0\n",
      "title: pipe: the room\n",
    ] {
      XCTAssertTrue(output.contains(expected), "\(expected): \(output)", file: file, line: line)
    }
    XCTAssertTrue(output.hasSuffix("DONE\n"), output, file: file, line: line)
  }

  /// A name that is markup: shown as text, it never ends the page's script or makes an element.
  static let markupName = "</script><i>mal</i>"

  /// The first of `paths` that is an executable file, or the test's missing set-up.
  static func executable(_ paths: [String], else setup: String) throws -> String {
    guard let found = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw MissingTestSetup(setup)
    }
    return found
  }
}
