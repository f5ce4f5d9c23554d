import Foundation
import PipeProcessSupport
import XCTest

/// Standard output that goes nowhere: a pipe whose reader has gone (`pipe --help | head -0`
/// once `head` exits) or a closed descriptor (`pipe ... >&-`). Whichever command writes, pipe
/// ends with one message on standard error and exit status 74: never killed by SIGPIPE, never
/// writing its output into a file that took the free descriptor's number. Starts `pipe`
/// processes through Python and `sh`, which set the descriptors up.
final class LostReaderTests: XCTestCase {
  /// `pipe ARGUMENTS` with standard output a pipe whose read end is closed, and SIGPIPE at
  /// its default, as a shell leaves it: `status N` or `signal N`, then standard error.
  private func runIntoAClosedPipe(_ arguments: [String]) throws -> (ending: String, stderr: String) {
    try requirePython()
    let script = """
      import os, subprocess, sys
      read, write = os.pipe()
      os.close(read)
      run = subprocess.run(sys.argv[1:], stdout=write, stderr=subprocess.PIPE, cwd=os.environ["REPO"])
      code = run.returncode
      print(("signal %d" % -code) if code < 0 else ("status %d" % code))
      sys.stdout.write(run.stderr.decode("utf-8", "replace"))
      """
    var environment = PipeProcess.environment()
    environment["REPO"] = PipeProcess.repository.path
    let process = try Spawned(
      ["python3", "-c", script, Products.pipe] + arguments, environment: environment,
      executable: "/usr/bin/env")
    process.closeInput()
    let result = process.wait(timeout: 60)
    let ending = String(result.stdout.prefix { $0 != "\n" })
    return (ending, String(result.stdout.drop { $0 != "\n" }.dropFirst()))
  }

  func testAReaderThatIsGoneIsALostWriteNotASignal() throws {
    let exercise = "workshop/exercises/01-fallback-value.pipe"
    for arguments in [
      ["--help"], ["--version"], ["run", "--help"], ["check", exercise],
      ["check", exercise, "--format", "junit"],
      ["check", exercise, "--format", "tap"], ["docs", "names"], ["docs", "operators"],
      ["-e", "just 1 | show"],
      ["export", "--to", "rxjs", "--code", "just 1 | retry 3"],
    ] {
      let (ending, stderr) = try runIntoAClosedPipe(arguments)
      XCTAssertEqual(ending, "status 74", "\(arguments): \(stderr)")
      XCTAssertEqual(
        stderr.split(separator: "\n").filter { $0.hasPrefix("error: cannot write standard output") }.count, 1,
        "\(arguments): \(stderr)")
    }
  }

  func testAClosedStandardOutputIsSaidAsSuch() throws {
    for arguments in [
      ["-e", "just 1 | show"], ["--help"], ["check", "workshop/exercises/01-fallback-value.pipe"],
    ] {
      let process = try Spawned(
        ["-c", "exec \"$0\" \"$@\" >&-", Products.pipe] + arguments, environment: PipeProcess.environment(),
        executable: "/bin/sh", directory: PipeProcess.repository)
      process.closeInput()
      let result = process.wait(timeout: 60)
      XCTAssertFalse(result.signaled, "\(arguments): \(result.stderr)")
      XCTAssertEqual(result.status, 74, "\(arguments): \(result.stderr)")
      XCTAssertEqual(
        result.stderr, "error: cannot write standard output: Bad file descriptor\n", "\(arguments)")
    }
  }

  /// `pipe fake-api > /dev/full` ended by SIGTERM once it listens: its log was lost, and it
  /// says so once (two threads ending the process said it twice, run together).
  func testTheFakeAPIsLostLogIsSaidOnce() throws {
    try requirePython()
    let script = """
      import os, signal, socket, subprocess, sys, time
      probe = socket.socket()
      probe.bind(("127.0.0.1", 0))
      port = probe.getsockname()[1]
      probe.close()
      full = open("/dev/full", "w")
      server = subprocess.Popen(
          [sys.argv[1], "fake-api", "--port", str(port)], stdin=subprocess.DEVNULL, stdout=full,
          stderr=subprocess.PIPE)
      deadline = time.time() + 20
      while True:
          try:
              socket.create_connection(("127.0.0.1", port), timeout=1).close()
              break
          except OSError:
              if time.time() > deadline:
                  print("never listened")
                  sys.exit(0)
              time.sleep(0.05)
      server.send_signal(signal.SIGTERM)
      errors = server.communicate(timeout=20)[1].decode("utf-8", "replace")
      print("status %d" % server.returncode)
      sys.stdout.write(errors)
      """
    let process = try Spawned(
      ["python3", "-c", script, Products.pipe], environment: PipeProcess.environment(),
      executable: "/usr/bin/env")
    process.closeInput()
    let result = process.wait(timeout: 60)
    XCTAssertEqual(
      result.stdout, "status 74\nerror: cannot write standard output: No space left on device\n",
      result.stderr)
  }
}
