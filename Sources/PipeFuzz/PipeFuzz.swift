import PipeDSL

/// libFuzzer's entry point: one input through the lexer, the parser, the renderer, the
/// checker and the compiler (pipelines are built, never subscribed). A broken invariant
/// traps, which libFuzzer reports as a crash and saves the input.
///
///     make fuzz   # builds it with -sanitize=fuzzer,address and runs it on examples/
@_cdecl("LLVMFuzzerTestOneInput")
public func pipeFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for mode in [Lexer.Mode.file, .prompt] {
    let problems = FrontEndRound(text: text, mode: mode).problems()
    if let problem = problems.first { fatalError("\(problem) in \(text.debugDescription)") }
  }
  return 0
}
