import Foundation
import PipeProcessSupport
import XCTest

/// A student attacking the room's service, in Python on 127.0.0.1: plain sockets, so that what
/// it sends is exactly what the test says (two Content-Lengths, a flood of headers, a reader
/// that never reads). `python3 -c SCRIPT MODE PORT …`; each mode prints what it saw.
enum RoomAttacker {
  static let script = #"""
    import json, multiprocessing, socket, sys, time

    mode, port = sys.argv[1], int(sys.argv[2])

    def connect(source="127.0.0.1"):
        s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s

    def statuses_until_closed(s, seconds):
        """Every status line the server sends before it hangs up (or `seconds` of silence)."""
        s.settimeout(seconds)
        data = b""
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        except (socket.timeout, ConnectionResetError):
            pass
        return [line.split(b" ")[1].decode() for line in data.split(b"\r\n") if line.startswith(b"HTTP/1.")]

    def report(name, secret, exercise="01-first"):
        body = json.dumps({"name": name, "exercise": exercise, "kind": "check", "passed": False,
                           "failing": {"text": "x" * 4000}, "secret": secret}).encode()
        return (b"POST /_room/report HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: %d\r\n\r\n" % len(body)) + body

    if mode == "raw":
        # raw PORT < HEX: sends the bytes (hex on standard input), prints the statuses of every answer.
        s = connect()
        try:
            s.sendall(bytes.fromhex(sys.stdin.read()))
        except OSError:
            pass  # the server hung up before all was sent: what it answered is read below
        print("statuses: " + ",".join(statuses_until_closed(s, 3)), flush=True)

    elif mode == "flood":
        # flood PORT COUNT PROCESSES: COUNT reports (4 kB of text each) over keep-alive
        # connections, from 50 students' names, as fast as PROCESSES processes send them.
        count, processes = int(sys.argv[3]), int(sys.argv[4])

        def send(part):
            s = connect()
            statuses = {}
            pending = b""
            for number in range(count // processes):
                name = "s%d" % ((part * 7 + number) % 50)
                s.sendall(report(name, "secret-of-%s-for-tests" % name, "%02d" % (number % 10)))
                while b"\r\n\r\n" not in pending:
                    pending += s.recv(65536)
                head, pending = pending.split(b"\r\n\r\n", 1)
                status = head.split(b" ")[1].decode()
                length = int(next((line.split(b":")[1] for line in head.split(b"\r\n")
                                   if line.lower().startswith(b"content-length:")), b"0"))
                while len(pending) < length:
                    pending += s.recv(65536)
                pending = pending[length:]
                statuses[status] = statuses.get(status, 0) + 1
            return statuses

        start = time.time()
        with multiprocessing.Pool(processes) as pool:
            results = pool.map(send, range(processes))
        seconds = time.time() - start
        total = {}
        for result in results:
            for status, number in result.items():
                total[status] = total.get(status, 0) + number
        print("sent %d in %.1f s: %s" % (sum(total.values()), seconds, json.dumps(total, sort_keys=True)),
              flush=True)

    elif mode == "streams":
        # streams PORT COUNT: COUNT connections from 127.0.0.2 (a student's address, not the
        # teacher's) each asking for /_room/events without the token; prints the statuses
        # they got, then holds them until standard input ends.
        import resource
        count = int(sys.argv[3])
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 64), hard))
        held, statuses = [], {}
        for _ in range(count):
            try:
                s = connect("127.0.0.2")
                s.sendall(b"GET /_room/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                held.append(s)
            except OSError as error:
                statuses["refused"] = statuses.get("refused", 0) + 1
        for s in held:
            s.settimeout(5)
            try:
                line = s.recv(64).split(b"\r\n")[0]
                status = line.split(b" ")[1].decode() if line else "closed"
            except (socket.timeout, OSError, IndexError):
                status = "nothing"
            statuses[status] = statuses.get(status, 0) + 1
        print("streams: " + json.dumps(statuses, sort_keys=True), flush=True)
        sys.stdin.read()

    elif mode == "watch":
        # watch PORT TOKEN: the teacher's page's stream; prints the number of students of
        # each event as it comes, with the time it came.
        s = connect()
        s.sendall(b"GET /_room/events?token=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % sys.argv[3].encode())
        s.settimeout(None)
        pending = b""
        while True:
            chunk = s.recv(1 << 20)
            if not chunk:
                print("closed", flush=True)
                break
            pending += chunk
            while b"\n\n" in pending:
                event, pending = pending.split(b"\n\n", 1)
                data = event[event.find(b"data: ") + 6:]
                try:
                    room = json.loads(data)
                except ValueError:
                    continue
                print("event: %d students at %.3f" % (len(room["students"]), time.time()), flush=True)

    elif mode == "slow":
        # slow PORT TOKEN: the teacher's stream, read by nobody (a tiny receive window).
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        s.connect(("127.0.0.1", port))
        s.sendall(b"GET /_room/events?token=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % sys.argv[3].encode())
        print("not reading", flush=True)
        sys.stdin.read()
    """#

  /// Starts `mode` against `room` (ended with the test).
  static func start(_ test: XCTestCase, _ mode: String, _ room: RoomServer, _ arguments: [String] = [])
    throws -> Spawned
  {
    try requirePython()
    let attacker = try Spawned(
      ["python3", "-c", script, mode, String(room.port)] + arguments, environment: PipeProcess.environment(),
      executable: "/usr/bin/env")
    test.addTeardownBlock { attacker.killGroup() }
    return attacker
  }

  /// Sends `bytes` as they are, and returns the statuses of the answers, joined by `,`.
  static func raw(_ test: XCTestCase, _ room: RoomServer, _ bytes: String) throws -> String {
    let attacker = try start(test, "raw", room)
    attacker.send(Data(bytes.utf8).map { String(format: "%02x", $0) }.joined())
    attacker.closeInput()
    let run = attacker.wait(timeout: 30)
    XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    return String(try XCTUnwrap(run.stdout.firstMatch(of: /statuses: (.*)\n/)?.1, run.stdout))
  }

  /// Kilobytes the process `pid` holds in memory now (VmRSS).
  static func residentKilobytes(_ pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return status.firstMatch(of: /VmRSS:\s+(\d+) kB/).flatMap { Int($0.1) } ?? 0
  }
}
