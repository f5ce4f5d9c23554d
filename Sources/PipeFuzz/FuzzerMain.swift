import Foundation
import FuzzRounds

/// SwiftPM links an executable target's `main` as an alias of `<Module>_main` (so tests can
/// link executables). This target has no top-level code, so it defines that symbol itself,
/// picks the round `PIPE_FUZZ_TARGET` names (`frontend` when unset), and hands over to
/// libFuzzer's driver, which then calls `fuzzOne` with each input.
@_cdecl("PipeFuzz_main")
public func fuzzerMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  let name = ProcessInfo.processInfo.environment["PIPE_FUZZ_TARGET"] ?? "frontend"
  guard let round = FuzzRound(rawValue: name) else {
    let names = FuzzRound.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("PipeFuzz: no target '\(name)' (targets: \(names))\n".utf8))
    return 2
  }
  selected = round
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments, fuzzOne)
}

nonisolated(unsafe) private var selected = FuzzRound.frontend

/// libFuzzer's entry point: one input through the selected round. A broken invariant traps,
/// which libFuzzer reports as a crash, saving the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: data, count: size))
  guard let problem = selected.problems(input).first else { return 0 }
  let shown = String(decoding: input.prefix(300), as: UTF8.self)
  fatalError("\(problem) in \(shown.debugDescription)\(size > 300 ? "…" : "")")
}

/// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))`
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
