import Foundation
import PipeProcessSupport
import XCTest

/// `make install` into a temporary DESTDIR and PREFIX, as a packager does, then the installed
/// `pipe` run from another folder with a fresh HOME: its plugins are found beside it, the man
/// page and the three completion files are in place, and `make uninstall` takes it all away.
///
/// It installs the build the tests run (`PRODUCTS=`, so nothing is built again here); `make
/// test` builds the man page's tool first (`make man`).
final class InstallTests: XCTestCase {
  let files = [
    "bin/pipe", "libexec/pipe/pipe-plugin-weather", "libexec/pipe/pipe-plugin-airquality",
    "libexec/pipe/pipe-plugin-random", "share/man/man1/pipe.1", "share/bash-completion/completions/pipe",
    "share/zsh/site-functions/_pipe", "share/fish/vendor_completions.d/pipe.fish",
    "share/pipe/editors/vscode/pipe.tmLanguage.json", "share/pipe/editors/vscode/language-configuration.json",
    "share/pipe/editors/vim/syntax/pipe.vim", "share/pipe/editors/vim/ftdetect/pipe.vim",
    "share/pipe/editors/vim/lsp.lua", "share/pipe/editors/emacs/pipe-mode.el",
  ]

  func testInstalledPipeFindsItsPluginsAndUninstallRemovesEverything() throws {
    let destination = try TemporaryFolder.home(for: self)
    let prefix = destination + "/opt/pipe"
    let arguments = ["PREFIX=/opt/pipe", "DESTDIR=\(destination)"]
    let install = try make(["install", "PRODUCTS=\(Products.directory.path)"] + arguments)
    XCTAssertEqual(install.status, 0, install.output)
    for file in files {
      let size = (try? FileManager.default.attributesOfItem(atPath: prefix + "/" + file)[.size] as? Int) ?? 0
      XCTAssertGreaterThan(size, 0, "\(file) is installed")
    }
    // The three built-in plugins are pipe itself under three more names (hard links).
    let names = ["bin/pipe"] + ["weather", "airquality", "random"].map { "libexec/pipe/pipe-plugin-\($0)" }
    let inodes = try names.map { name -> UInt64 in
      let attributes = try FileManager.default.attributesOfItem(atPath: prefix + "/" + name)
      return try XCTUnwrap((attributes[.systemFileNumber] as? NSNumber)?.uint64Value, name)
    }
    XCTAssertEqual(Set(inodes).count, 1, "one file: \(inodes)")
    let manual = try String(contentsOfFile: prefix + "/share/man/man1/pipe.1", encoding: .utf8)
    XCTAssertTrue(manual.contains(".Dt PIPE 1") && manual.contains(".Nm pipe"), String(manual.prefix(300)))
    let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/pipe", encoding: .utf8)
    XCTAssertTrue(bash.contains("complete ") && bash.contains("pipe"), String(bash.prefix(300)))
    let zsh = try String(contentsOfFile: prefix + "/share/zsh/site-functions/_pipe", encoding: .utf8)
    XCTAssertTrue(zsh.hasPrefix("#compdef pipe"), String(zsh.prefix(100)))
    let fish = try String(
      contentsOfFile: prefix + "/share/fish/vendor_completions.d/pipe.fish", encoding: .utf8)
    XCTAssertTrue(fish.contains("complete -c 'pipe'"), String(fish.prefix(300)))
    // bash itself loads the completion: `complete -p pipe` then names its function.
    let bashFile = prefix + "/share/bash-completion/completions/pipe"
    let loaded = try Program.run("/bin/bash", ["-c", "source '\(bashFile)' && complete -p pipe"])
    XCTAssertEqual(loaded.output, "complete -o filenames -F _pipe pipe\n")

    // From another folder, a fresh HOME, no build folder on PATH.
    let elsewhere = try TemporaryFolder.home(for: self)
    let run = try runInstalled(
      prefix + "/bin/pipe", ["-e", #"weather "London" | map { .city }; random(1, 6) | count"#], in: elsewhere)
    XCTAssertEqual(run.output, "London\n1\n", run.error)
    XCTAssertEqual(run.status, 0, run.error)

    let uninstall = try make(["uninstall"] + arguments)
    XCTAssertEqual(uninstall.status, 0, uninstall.output)
    for file in files {
      XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is removed")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/libexec/pipe"))
  }

  /// Plugins installed by a person: in `$XDG_DATA_HOME/pipe/plugins`, or as programs on `PATH`.
  func testPluginsAreFoundInTheDataFolderAndOnPath() throws {
    let home = try TemporaryFolder.home(for: self)
    let data = home + "/data/pipe/plugins"
    let bin = home + "/bin"
    for folder in [data, bin] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try plugin(named: "dice", answer: "6", at: data + "/pipe-plugin-dice.py")
    try plugin(named: "coin", answer: "heads", at: bin + "/pipe-plugin-coin")
    let run = try runInstalled(
      PipeProcess.executable.path, ["-e", "dice | show; coin | show"], in: home,
      environment: ["XDG_DATA_HOME": home + "/data", "PATH": bin + ":/usr/bin:/bin"])
    XCTAssertEqual(run.output, "6\nheads\n", run.error)
  }

  private func plugin(named name: String, answer: String, at path: String) throws {
    let source = PythonPlugin.source(
      name: name, sources: [name],
      onSubscribe: """
        send({"type": "next", "id": m["id"], "value": "\(answer)"})
        send({"type": "completed", "id": m["id"]})
        """)
    try source.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  func make(_ arguments: [String]) throws -> PipeRun {
    try Program.run(
      "/usr/bin/env", ["make", "--no-print-directory", "-C", PipeProcess.repository.path] + arguments)
  }

  /// Runs `executable` in `folder` with HOME there, nothing of the build on PATH, and no
  /// plugin folder but those `environment` names.
  private func runInstalled(
    _ executable: String, _ arguments: [String], in folder: String, environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String, error: String) {
    let clean = ["HOME": folder, "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "PIPE_PLUGIN_PATH": ""]
    let run = try Spawned(
      arguments,
      environment: PipeProcess.environment(home: folder, adding: clean.merging(environment) { $1 }),
      executable: executable, directory: URL(fileURLWithPath: folder)
    ).wait()
    return (run.status, run.stdout, run.stderr)
  }
}
