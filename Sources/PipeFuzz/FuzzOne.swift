import FuzzRounds

/// The round `fuzzerMain` picked.
nonisolated(unsafe) var selected = FuzzRound.frontend

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
