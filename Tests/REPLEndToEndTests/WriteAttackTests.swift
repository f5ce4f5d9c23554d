import Foundation
import PipeProcessSupport
import XCTest

/// A file a text names is written where the permission was decided, whatever happens to the
/// path meanwhile (docs/PERMISSIONS.md, "Writing files"), through the real binary: a folder
/// swapped for a symbolic link while pipe writes, a hard link to a file outside, a FIFO, a
/// device, `/proc/self/fd`, a name with a newline, a NUL or a bidi override, names too long,
/// a dangling link; in `pipe run`, `pipe -e`, `pipe check` and a `:load`ed file that
/// `:load`s another.
final class WriteAttackTests: XCTestCase {
  private func folder(_ prefix: String) throws -> String {
    try TemporaryFolder.make(for: self, prefix: prefix).path
  }

  private func run(_ arguments: [String], in folder: String, input: String = "") throws -> PipeRun {
    try PipeProcess.run(arguments, input: input, directory: URL(fileURLWithPath: folder))
  }

  /// A Python process that swaps `folder/d` between a real folder and a link to `outside`
  /// as fast as it can, until killed; it says `swapping` once it has started.
  private func swapper(_ folder: String, outside: String) throws -> Spawned {
    try requirePython()
    let script = """
      import os, sys
      os.chdir(sys.argv[1])
      os.mkdir("real")
      print("swapping", flush=True)
      while True:
          try:
              os.rename("real", "d")
              os.rename("d", "real")
              os.symlink(sys.argv[2], "d")
              os.unlink("d")
          except OSError:
              pass
      """
    let process = try Spawned(
      ["python3", "-c", script, folder, outside], environment: PipeProcess.environment(),
      executable: "/usr/bin/env")
    addTeardownBlock { process.killGroup() }
    XCTAssertTrue(process.waitForOutput("swapping"), process.stderr)
    return process
  }

  /// The permission is decided on `d/xN.svg` while `d` is a real folder in the current one;
  /// by the time the file is opened `d` may be a link to a folder outside. Before the
  /// decision was made on the opened folder, some of these writes landed outside.
  func testAFolderSwappedForALinkAsPipeWritesWritesNothingOutside() throws {
    let outside = try folder("pipe-outside")
    let folder = try folder("pipe-race")
    let swapping = try swapper(folder, outside: outside)
    let exports = (0..<400).map { ":export svg d/x\($0).svg" }
    let script = (["just 1 | marbles"] + exports).joined(separator: "\n") + "\n"
    try script.write(toFile: folder + "/race.pipe", atomically: true, encoding: .utf8)
    var written = 0
    for _ in 0..<5 {
      let result = try run(["run", "race.pipe"], in: folder)
      written += result.output.components(separatedBy: "wrote d/x").count - 1
      XCTAssertFalse(result.signaled, result.output)
      XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [], result.output)
    }
    swapping.killGroup()
    XCTAssertGreaterThan(written, 0, "no write went into the real folder: the race was not run")
  }
}
