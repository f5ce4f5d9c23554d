/// The fuzz targets of `make fuzz TARGET=NAME`: each reads one input as one of pipe's readers
/// does and lists the invariants it broke. The libFuzzer binary (PipeFuzz) traps on the first;
/// FuzzRoundsTests runs every committed seed through its round, so the rounds keep building
/// and the seeds keep passing without the fuzzer.
///
///     FuzzRound.marbles.problems(Array("-a-(b|)".utf8))  // []
public enum FuzzRound: String, CaseIterable, Sendable {
  /// The lexer, parser, renderer, checker and compiler (pipelines built, never subscribed).
  case frontend
  /// Plugin lines: the framing, and PluginMessage/HostMessage/Hello read at every version.
  case plugin
  /// settings.json as SettingsStore reads and writes it.
  case settings
  /// cache.json as CacheFile reads it, merges into it and writes it.
  case cache
  /// The history file as HistoryFile reads and rewrites it.
  case history
  /// Marble strings: the engine's parser, renderer and playback, and `cold`/`hot`/`expect`.
  case marbles

  /// Every invariant `input` broke, described; empty when it kept them all.
  public func problems(_ input: [UInt8]) -> [String] {
    switch self {
    case .frontend: FrontEndRound.problems(Self.text(input))
    case .plugin: PluginMessageRound(bytes: input).problems()
    case .settings: FileRound.settings(input)
    case .cache: FileRound.cache(input)
    case .history: FileRound.history(input)
    case .marbles: MarbleRound(text: Self.text(input)).problems()
    }
  }

  /// The input as text; bytes that are not UTF-8 read as U+FFFD, as pipe reads a script.
  private static func text(_ input: [UInt8]) -> String {
    String(decoding: input, as: UTF8.self)
  }
}
