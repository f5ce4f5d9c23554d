import ArgumentParser

/// The `pipe` command line.
@main
struct PipeCommand: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "pipe",
    abstract: "Explore error-handling pipelines: catch, retry, retryWhen, materialize, timeout.",
    discussion: """
      pipe compiles a small pipeline language into a reactive operator graph and runs it on
      a virtual or real clock, showing what happened at every stage.

        weather "London" | retryWhen backoff(1, 3, 5, 10) | catch cache | marbles
      """,
    version: version
  )

  func run() throws {
    print("pipe \(Self.version)")
  }
}
