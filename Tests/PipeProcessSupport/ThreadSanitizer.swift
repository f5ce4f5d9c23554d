import Foundation

/// Whether this test process runs under ThreadSanitizer (`make test-tsan`): the TSan runtime
/// is linked into the test bundle and exports `__tsan_init`. TSan makes the code it
/// instruments several times slower, so a wait meant for a plain build is scaled by
/// `slowdown` rather than left to fail (or skipped).
public enum ThreadSanitizer {
  public static let isRunning = dlsym(nil, "__tsan_init") != nil

  /// How many times longer a wait may take in this process: 10 under TSan, else 1.
  public static var slowdown: Double { isRunning ? 10 : 1 }
}
