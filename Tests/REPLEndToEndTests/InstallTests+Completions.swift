import Foundation
import PipeProcessSupport
import XCTest

/// The completion scripts `make install` puts where each shell looks, loaded by the shell
/// itself and asked to complete what a person types: `pipe ru` Tab, an option, its value.
/// bash and zsh run in a tmux pane (their own line editors complete); fish answers through
/// its completion API, from its vendor folder under XDG_DATA_DIRS. A shell that is not
/// installed skips its test, saying which (`make test-deps` installs all three).
extension InstallTests {
  func testBashCompletesSubcommandsOptionsAndValues() throws {
    let shell = try requireShell("bash")
    let prefix = try installedPrefix()
    let pane = try start([shell, "--norc", "--noprofile"], prefix: prefix)
    try pane.type("source \(prefix)/share/bash-completion/completions/pipe; PS1='ok> '", enter: true)
    try completes(pane)
  }

  func testZshCompletesSubcommandsOptionsAndValues() throws {
    let shell = try requireShell("zsh")
    let prefix = try installedPrefix()
    let pane = try start([shell, "-f"], prefix: prefix)
    try pane.type(
      "fpath=(\(prefix)/share/zsh/site-functions $fpath); autoload -Uz compinit; compinit -u -D; PS1='ok> '",
      enter: true)
    try completes(pane)
  }

  func testFishCompletesSubcommandsOptionsAndValues() throws {
    let shell = try requireShell("fish")
    let prefix = try installedPrefix()
    let home = try TemporaryFolder.home(for: self)
    func complete(_ line: String) throws -> [String] {
      let run = try Spawned(
        ["-c", "complete -C '\(line)'"],
        environment: [
          "HOME": home, "PATH": prefix + "/bin:/usr/bin:/bin", "XDG_DATA_DIRS": prefix + "/share",
          "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
        ], executable: shell, directory: URL(fileURLWithPath: home)
      ).wait()
      XCTAssertEqual(run.status, 0, run.stderr)
      return run.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    XCTAssertEqual(try complete("pipe ru"), ["run"])
    XCTAssertEqual(try complete("pipe run --cl"), ["--clock"])
    XCTAssertEqual(try complete("pipe run --clock "), ["virtual", "real"])
    XCTAssertEqual(
      try complete("pipe "),
      ["check", "export", "fake-api", "fmt", "help", "hint", "join", "leave", "lsp", "run"])
  }

  /// Types `pipe ru` Tab, `--cl` Tab, `r` Tab at the prompt `ok> `; each completes.
  private func completes(_ pane: Tmux, file: StaticString = #filePath, line: UInt = #line) throws {
    try pane.waitFor("the prompt after loading", file: file, line: line) { $0.hasSuffix("ok>") }
    for (typed, shown) in [
      ("pipe ru", "pipe run"), ("--cl", "pipe run --clock"), ("r", "pipe run --clock real"),
    ] {
      try pane.type(typed)
      try pane.press("Tab")
      try pane.waitFor("'\(shown)'", file: file, line: line) { $0.hasSuffix("ok> \(shown)") }
    }
  }

  /// bash or zsh, interactive, in a pane with a fresh HOME and the installed bin/ on PATH.
  private func start(_ shell: [String], prefix: String) throws -> Tmux {
    let home = try TemporaryFolder.home(for: self)
    let environment = [
      "env", "-i", "HOME=\(home)", "TERM=xterm-256color", "PATH=\(prefix)/bin:/usr/bin:/bin", "PS1='start> '",
    ]
    return try Tmux.start(test: self, home: home, command: environment + shell, prompt: "start>")
  }

  /// `make install` of the tests' build into a fresh prefix.
  private func installedPrefix() throws -> String {
    let destination = try TemporaryFolder.home(for: self)
    let install = try make([
      "install", "PRODUCTS=\(Products.directory.path)", "PREFIX=/usr", "DESTDIR=\(destination)",
    ])
    XCTAssertEqual(install.status, 0, install.output)
    return destination + "/usr"
  }

  /// The shell's path; a missing shell fails the test, as a missing python3 does (`make test`
  /// installs both through `make test-deps`).
  private func requireShell(_ name: String) throws -> String {
    let folders = ["/usr/bin", "/bin", "/usr/local/bin"]
    guard let path = folders.map({ "\($0)/\(name)" }).first(where: FileManager.default.isExecutableFile)
    else {
      throw MissingTestSetup("\(name) is not installed, so its completion cannot be tested: make test-deps")
    }
    return path
  }
}
