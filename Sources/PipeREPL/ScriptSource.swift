import Foundation
import PipeDSL
import TerminalText

/// A script's text from a file or standard input, as `pipe run`, `pipe check`, piped input
/// and `:load` read it: one behaviour for all of them. Bytes that are not UTF-8 give a
/// diagnostic at the first bad byte (its line and column, the line shown with U+FFFD);
/// nothing runs.
///
///     switch ScriptSource.read("a.pipe", paint: .plain) {
///     case .success(let text): ...
///     case .failure(let failure): print(failure.message)   // "a.pipe:2:7: error: invalid UTF-8 ..."
///     }
enum ScriptSource {
  enum Failure: Error {
    /// `cannot read 'a.pipe': no such file`.
    case unreadable(String)
    /// The diagnostic at the first byte that is not UTF-8, rendered with its line.
    case notUTF8(String)

    /// What to print on standard error.
    var message: String {
      switch self {
      case .unreadable(let problem): return "error: " + problem
      case .notUTF8(let rendered): return rendered
      }
    }

    /// 2 for text that is not UTF-8, as for a compile error; 64 for a file that cannot be read.
    var status: Int32 {
      switch self {
      case .unreadable: return 64
      case .notUTF8: return 2
      }
    }
  }

  static func read(_ path: String, name: String? = nil, paint: Paint) -> Result<String, Failure> {
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(.unreadable("cannot read '\(name ?? path)': \(reason(path))"))
    }
    return decode(Array(data), name: name ?? path, paint: paint)
  }

  static func decode(_ bytes: [UInt8], name: String, paint: Paint) -> Result<String, Failure> {
    let (file, problem) = SourceFile.decoding(bytes, name: name)
    guard let problem else { return .success(file.text) }
    // The diagnostic echoes its line: the secrets in it are masked, as everywhere.
    let shown = Redactor.fromEnvironment(Settings.fromEnvironment()).redact(file)
    return .failure(.notUTF8(DiagnosticRenderer(paint: paint).render(problem, in: shown)))
  }

  /// Why a file cannot be read, in a few words.
  private static func reason(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return "no such file"
    }
    return isDirectory.boolValue ? "it is a folder" : "permission denied"
  }
}

extension Script {
  /// Runs a script read by `ScriptSource`, or reports why it could not be read.
  static func run(
    source: Result<String, ScriptSource.Failure>, name: String, options: RunChoices, streams: OutputStreams,
    format: OutputFormat = .text
  ) -> Int32 {
    switch source {
    case .success(let text):
      return run(text: text, name: name, options: options, streams: streams, format: format)
    case .failure(let failure):
      Descriptor.write(failure.message.neutralisingControls() + "\n", to: STDERR_FILENO)
      return failure.status
    }
  }
}
