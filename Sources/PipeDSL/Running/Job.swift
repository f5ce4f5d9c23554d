import Operators

/// One running pipeline: in the foreground, or in the background after `&`.
@LoopActor
public final class Job {
  public enum State: Equatable {
    case running
    case ended(RunEnd, SinkOutcome)
  }

  /// The job's number, from 1, as `:jobs` and `:kill` show it.
  public nonisolated let id: Int
  public nonisolated let text: String
  /// The statement as a note quotes it (`note: stopped '...'`): on one line, and at most
  /// `LineWindow.maximumEcho` characters of a statement of megabytes.
  public nonisolated var quoted: String { Graph.label(of: text) }
  public nonisolated let background: Bool
  /// Read at every event the job's sink gets (`isRunning`), on the loop only: spared the
  /// run-time exclusivity check.
  @exclusivity(unchecked) public internal(set) var state: State = .running
  /// The scheduler's time the job was started at.
  public nonisolated let start: Time
  /// The root of the job's subscription: stops it from any thread (Ctrl-C), and stops it
  /// when it resubscribes on and on at one instant.
  public nonisolated let control: RunControl
  var subscription: (any Disposable)?
  var consumer: (any SinkConsumer)?
  /// Called once, on the loop, when the job ends.
  var onEnd: [() -> Void] = []

  init(id: Int, text: String, background: Bool, start: Time, control: RunControl) {
    self.id = id
    self.text = text
    self.background = background
    self.start = start
    self.control = control
  }

  /// Whether `state` is `.running`, kept beside it: read at every event the sink gets, and
  /// reading the state copied it (its outcome's references retained and released). Written
  /// on the loop only; nonisolated so that the job's observer reads it without a check of
  /// the current executor (`Session.isRunning`).
  @exclusivity(unchecked) public nonisolated(unsafe) private(set) var isRunning = true

  /// The outcome, once ended.
  public var outcome: SinkOutcome? {
    if case .ended(_, let outcome) = state { return outcome }
    return nil
  }

  /// Ends the job: disposes its subscription and lets its sink conclude (once). The
  /// subscription goes first, so a sink that draws the run sees every stage's disposal.
  func end(_ reason: RunEnd) {
    guard isRunning, let consumer else { return }
    state = .ended(reason, .ok)
    isRunning = false
    subscription?.dispose()
    subscription = nil
    let outcome = consumer.finish(reason)
    state = .ended(reason, outcome)
    self.consumer = nil
    let callbacks = onEnd
    onEnd = []
    for callback in callbacks { callback() }
  }
}
