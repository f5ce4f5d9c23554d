import Foundation
import PipeDSL

/// SIGINT while a script runs (Ctrl-C in the terminal, `kill -INT`): every job is stopped
/// at once, however tight its loop, no further statement runs, and pipe exits with 130
/// (128 + SIGINT), as a shell expects of a program it interrupted. Should the orderly way
/// out take longer than a moment (a plugin slow to stop), pipe leaves at once.
final class ScriptInterrupt {
  /// The exit status of an interrupted script.
  let exitStatus: Int32 = 128 + SIGINT

  init(session: Session, output: StandardOutput) {
    let status = exitStatus
    SignalWatch.watch(SIGINT) {
      session.interruptAll()
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(150)) {
        output.flush()
        _exit(status)
      }
    }
  }

  deinit { SignalWatch.ignore(SIGINT) }
}
