import Foundation

/// The teacher's page, `GET /_room?token=T`: one file, no CDN, large type and high contrast for
/// a projector. It follows `/_room/events` (server-sent events) and draws every text with
/// `textContent`, never as markup; a failing diagram is an `<img>` of `/_room/diagram`. The room
/// as it is when the page is asked for is in the page itself (`html(room:)`), so that the page
/// is right before the first event.
enum RoomPage {
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self'; "
    + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  /// The page, with `room` (the JSON of `GET /_room/state`) in it as data: every `<`, `>` and
  /// `&` of it escaped as `\u003c` …, so that no name ends the element or starts a comment.
  static func html(room: Data) -> String {
    var escaped = Data()
    escaped.reserveCapacity(room.count + 64)
    for byte in room {
      switch byte {
      case UInt8(ascii: "<"): escaped.append(contentsOf: Array(#"\u003c"#.utf8))
      case UInt8(ascii: ">"): escaped.append(contentsOf: Array(#"\u003e"#.utf8))
      case UInt8(ascii: "&"): escaped.append(contentsOf: Array(#"\u0026"#.utf8))
      default: escaped.append(byte)
      }
    }
    return template.replacingOccurrences(of: "ROOM_AS_JSON", with: String(decoding: escaped, as: UTF8.self))
  }

  private static let template = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="referrer" content="no-referrer">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>pipe: the room</title>
    <style>
      :root { color-scheme: dark; }
      body { background: #000; color: #fff; font: 24px/1.35 system-ui, sans-serif; margin: 1em; }
      h1 { font-size: 1.4em; margin: 0 0 .3em; }
      #summary { font-size: 1.1em; margin-bottom: .6em; }
      #status { color: #ffd75f; }
      table { border-collapse: collapse; }
      th, td { border: 2px solid #555; padding: .25em .5em; text-align: center; white-space: nowrap; }
      th { background: #222; }
      td.name { text-align: left; font-weight: bold; }
      td.not-started { color: #aaa; }
      td.started { color: #fff; }
      td.failing { background: #7a0000; cursor: pointer; }
      td.passed { background: #005f00; }
      td.stuck { background: #d70000; outline: 4px solid #ffff00; outline-offset: -4px; }
      tr.stuck td.name { background: #ffff00; color: #000; }
      #detail { margin-top: 1em; border: 2px solid #fff; padding: .5em; display: none; }
      #detail pre { white-space: pre-wrap; font-size: .9em; }
      #detail img { background: #fff; max-width: 100%; }
      .legend { color: #ccc; font-size: .8em; margin-top: .6em; }
    </style>
    </head>
    <body>
    <h1>The room</h1>
    <div id="summary">waiting for the room…</div>
    <div id="status"></div>
    <table id="room"><thead><tr><th>student</th><th>hints</th></tr></thead><tbody></tbody></table>
    <div id="detail"><h2 id="detail-title"></h2><pre id="detail-text"></pre><img id="detail-diagram" alt="the failing diagram"></div>
    <div class="legend" id="legend"></div>
    <script id="initial-room" type="application/json">ROOM_AS_JSON</script>
    <script>
    "use strict";
    const token = new URLSearchParams(location.search).get("token") || "";
    let room = null;
    let offset = 0;
    let shown = null;

    function now() { return Date.now() - offset; }
    function isStuck(cell) { return cell.state !== "passed" && cell.stuckAt !== undefined && cell.stuckAt <= now(); }
    function stuckSince(student) {
      const times = Object.values(student.cells).filter(isStuck).map(c => c.stuckAt);
      return times.length ? Math.min(...times) : null;
    }
    function minutes(ms) { return Math.max(0, Math.floor(ms / 60000)); }
    function element(tag, text, className) {
      const node = document.createElement(tag);
      if (text !== undefined) node.textContent = text;
      if (className) node.className = className;
      return node;
    }

    function render() {
      if (!room) return;
      const students = room.students.map(s => ({ s, since: stuckSince(s) }));
      students.sort((a, b) => {
        if (a.since !== null && b.since !== null) return a.since - b.since || a.s.name.localeCompare(b.s.name);
        if (a.since !== null) return -1;
        if (b.since !== null) return 1;
        return a.s.name.localeCompare(b.s.name);
      });
      const head = document.querySelector("#room thead tr");
      head.replaceChildren(element("th", "student"), element("th", "hints"));
      for (const exercise of room.exercises) head.appendChild(element("th", exercise));
      const body = document.querySelector("#room tbody");
      body.replaceChildren();
      let passed = 0;
      let stuck = 0;
      for (const { s, since } of students) {
        const row = element("tr");
        row.dataset.name = s.name;
        if (since !== null) { row.className = "stuck"; stuck += 1; }
        const name = element("td", since !== null ? s.name + " (stuck " + minutes(now() - since) + " min)" : s.name, "name");
        row.appendChild(name);
        row.appendChild(element("td", String(s.hintsUsed), "hints"));
        for (const exercise of room.exercises) {
          const cell = s.cells[exercise];
          let td;
          if (!cell) {
            td = element("td", "–", "not-started");
          } else if (cell.state === "passed") {
            passed += 1;
            td = element("td", "✓ passed", "passed");
          } else if (cell.state === "failing") {
            td = element("td", "✗ " + cell.failedTries + (cell.failedTries === 1 ? " try" : " tries"),
              isStuck(cell) ? "failing stuck" : "failing");
            td.addEventListener("click", () => { shown = { name: s.name, exercise }; showDetail(); });
          } else {
            td = element("td", "started", isStuck(cell) ? "started stuck" : "started");
          }
          if (cell && cell.hintsUsed > 0) td.textContent += " · " + cell.hintsUsed + (cell.hintsUsed === 1 ? " hint" : " hints");
          td.dataset.exercise = exercise;
          row.appendChild(td);
        }
        body.appendChild(row);
      }
      document.getElementById("summary").textContent =
        room.students.length + " students, " + passed + " passed, " + stuck + " stuck";
      document.getElementById("legend").textContent =
        "stuck: " + room.stuckTries + " failed tries, or " + room.stuckMinutes +
        " minutes on one exercise without passing; the longest stuck come first. Click a failing cell for its diagram.";
      if (shown) showDetail();
    }

    function showDetail() {
      const student = room.students.find(s => s.name === shown.name);
      const cell = student && student.cells[shown.exercise];
      const detail = document.getElementById("detail");
      if (!cell) { detail.style.display = "none"; return; }
      detail.style.display = "block";
      document.getElementById("detail-title").textContent =
        shown.name + " · " + shown.exercise + " · " + cell.failedTries + (cell.failedTries === 1 ? " failed try" : " failed tries");
      document.getElementById("detail-text").textContent = cell.failingText || "";
      const image = document.getElementById("detail-diagram");
      if (cell.hasDiagram) {
        const query = new URLSearchParams({ token, name: shown.name, exercise: shown.exercise, try: cell.failedTries });
        const source = "/_room/diagram?" + query.toString();
        if (image.getAttribute("src") !== source) image.setAttribute("src", source);
        image.style.display = "";
      } else {
        image.removeAttribute("src");
        image.style.display = "none";
      }
    }

    function connect() {
      const events = new EventSource("/_room/events?token=" + encodeURIComponent(token));
      events.onmessage = message => {
        document.getElementById("status").textContent = "";
        show(message.data);
      };
      events.onerror = () => {
        document.getElementById("status").textContent = "lost the room: trying again…";
      };
    }
    function show(json) {
      room = JSON.parse(json);
      offset = Date.now() - room.now;
      render();
    }
    show(document.getElementById("initial-room").textContent);
    connect();
    setInterval(render, 5000);
    </script>
    </body>
    </html>
    """#
}
