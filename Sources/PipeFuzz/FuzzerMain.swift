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
