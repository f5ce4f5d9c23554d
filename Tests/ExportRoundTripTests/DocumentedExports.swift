import Foundation
import PipeProcessSupport

/// Every documented pipeline (`DocumentedPipeline.all`) exported with `pipe export` to the
/// three libraries, ONCE per test process, a core at a time: DocumentedExportTests,
/// RxJSRoundTripTests and the Combine round trips (`CombinePrograms`) all read this pass,
/// where each of them used to export every pipeline again (some 70 s apiece).
///
/// RxSwift is exported as the fragment a developer pastes (nothing here compiles it);
/// Combine and RxJS with `--runnable`, the programs the round trips build and run.
final class DocumentedExports: @unchecked Sendable {
  static let libraries = ["rxswift", "combine", "rxjs"]

  let pipelines: [DocumentedPipeline]
  /// By library, the export of each pipeline, in the order of `pipelines`.
  let exports: [String: [PipeRun]]

  private static let lock = NSLock()
  nonisolated(unsafe) private static var made: Result<DocumentedExports, any Error>?

  /// The exports, made on first use.
  static func shared() throws -> DocumentedExports {
    try lock.withLock {
      if made == nil { made = Result { try DocumentedExports() } }
      return made!
    }.get()
  }

  /// The arguments of `pipe export` for `library`, before the pipeline's own.
  static func flags(_ library: String) -> [String] {
    ["export", "--to", library] + (library == "rxswift" ? [] : ["--runnable"])
  }

  private init() throws {
    let pipelines = try DocumentedPipeline.all()
    let runs = Self.libraries.flatMap { library in pipelines.map { Self.flags(library) + $0.arguments } }
    let results = WorkerRun.each(runs.count) { index in Result { try WorkerRun.pipe(runs[index]) } }
    var exports: [String: [PipeRun]] = [:]
    for (offset, library) in Self.libraries.enumerated() {
      exports[library] = try results[offset * pipelines.count..<(offset + 1) * pipelines.count].map {
        try $0.get()
      }
    }
    (self.pipelines, self.exports) = (pipelines, exports)
  }

  /// The export of the script at `path` to `library`, if it is a documented one.
  func export(ofScript path: String, to library: String) -> PipeRun? {
    pipelines.firstIndex { $0.arguments == [path] }.map { exports[library]![$0] }
  }
}
