import Operators

extension Session {
  /// Subscribes a pipeline as a new job, its sink made fresh. Runs on the loop.
  func start(
    _ pipeline: CompiledPipeline, statement: CompiledStatement, location: String, background: Bool,
    scope: StatementScope = StatementScope()
  ) -> Job {
    let now = runtime.scheduler.now
    let sink = pipeline.sink ?? .show
    // Each job traces into its own tracer, so one job's `log` never sees another's stages.
    let eventLines = services.eventLines
    let tracer = sink.traces || eventLines != nil ? Tracer(clock: runtime.scheduler) : nil
    let control = makeControl()
    startedJobs += 1
    let job = Job(
      id: startedJobs, text: statement.statement.text, background: background, start: now, control: control
    )
    job.onEnd.append { [unowned self] in self.interruptions.remove(control) }
    let context = SinkContext(
      runtime: runtime, statement: statement.statement, graph: statement.graph, pipeline: pipeline,
      start: now,
      attemptsBefore: pipeline.nodes.first.flatMap { runtime.attempts[$0] } ?? 0, location: location,
      tracer: tracer, control: control)
    job.consumer = sink.make(context)
    if let tracer, let consumer = job.consumer {
      // A trace that would hold more than the limit ends the run with the limit's error.
      tracer.recordLimit = Limits.maxRecords
      tracer.onFull = { [unowned(unsafe) consumer] in
        control.stop(.limit)
        consumer.on(.error(Limits.exceeded("the trace of a run holds at most \(Limits.maxRecords) events")))
      }
    }
    if let eventLines, let tracer {
      eventLines.follow(tracer, job: job.id, graph: statement.graph, start: now)
    }
    let events = background ? services.jobEvents : nil
    if let events { job.onEnd.append { [unowned self, unowned job] in events.ended(self, job) } }
    if !background {
      job.onEnd.append { [unowned self, unowned job] in
        foregroundEnds.ended += 1
        if job.state == .ended(.terminated, .ok) && !job.text.hasSuffix("discard") {
          foregroundEnds.quiet += 1
        }
      }
    }
    jobs.removeAll { !$0.isRunning }
    jobs.append(job)
    lastGraph = statement.graph
    lastStatement = statement.statement
    events?.started(self, job)
    // A stream that ends while it is being subscribed ends the job once `subscribe` has
    // returned, and one that ends in a later action (a timer, a diagram's event) once that
    // action has returned: what the pipeline still subscribes after its end (RxSwift's
    // `startWith` subscribes its source even then, `repeat 2` its next attempt) is counted
    // and traced, as RxSwift records it, for `expect attempts` and `marbles` as for `log`.
    // `jobs` keeps every job alive for the session, and the job its sink until it ends (no
    // event reaches the sink after that), so the unchecked references are safe and spare
    // every event a strong retain and release.
    let gate = SubscribeGate()
    let consumer = job.consumer
    let running = Unmanaged.passUnretained(job)
    let observer = Observer<Value>(lifetime: control) {
      [unowned(unsafe) job, unowned(unsafe) consumer] event in
      guard Session.isRunning(running), !gate.stopped else { return }
      consumer?.on(event)
      guard event.isStopEvent else { return }
      gate.stopped = true
      if !gate.subscribing { CurrentThread.afterAction { job.end(.terminated) } }
    }
    let env = Env(runtime: runtime, tracer: tracer, statement: scope)
    scope.hold()
    job.onEnd.append { env.statement.end() }
    let pausable = background && interactive
    if pausable { makePausable(job) }
    var subscription: (any Disposable)?
    control.slice(nanoseconds: pausable ? Session.backgroundSlice : 0) {
      subscription = pipeline.start(env).subscribe(observer)
    }
    gate.subscribing = false
    if job.isRunning { job.subscription = subscription } else { subscription?.dispose() }
    if gate.stopped { job.end(.terminated) }
    if background { interruptions.moveToBackground(control) }
    endStoppedJobs()
    return job
  }

  /// Whether the job is running, read in place: an unowned(unsafe) job was retained and
  /// released around each read. Nonisolated, as `Job.isRunning` is: a closure on the loop's
  /// isolation passed to `_withUnsafeGuaranteedRef` checked the current executor each time.
  private nonisolated static func isRunning(_ job: Unmanaged<Job>) -> Bool {
    job._withUnsafeGuaranteedRef { $0.isRunning }
  }

  /// At the prompt, a background job shares the loop with the person: its synchronous run
  /// (`range`, `from`, what `repeat`s them) goes in slices of `backgroundSlice`, and between
  /// two slices the loop serves what waits (a statement typed, `:jobs`, `:kill`, other jobs'
  /// time). A run paused mid-way hands its work to the job's control, resumed from the loop's
  /// queue, behind what was posted meanwhile. A foreground run is never paused.
  private func makePausable(_ job: Job) {
    let control = job.control
    // Weak: a session the prompt has left may be gone when a posted resumption runs.
    control.onPark { [weak self, weak job] in
      self?.loop.post { [weak self, weak job] in
        guard let self, let job else { return }
        self.resume(job)
      }
    }
    job.onEnd.append { control.dropParkedWork() }
  }

  /// Runs on a paused background job for one more slice, then lets the clock move for the
  /// background jobs (what the run scheduled), as after a start.
  private func resume(_ job: Job) {
    guard job.isRunning, !left else { return }
    job.control.slice(nanoseconds: Session.backgroundSlice) { job.control.resume() }
    endStoppedJobs()
    pump()
  }

  /// The prompt is leaving: once this returns, nothing of the background jobs runs on the
  /// loop any more (their paused runs are let go, the virtual clock no longer moves for
  /// them), so the session can go while the loop lives on. Their sinks do not conclude.
  /// Must not be called on the loop.
  public nonisolated func leave() {
    loop.sync {
      left = true
      for job in jobs where job.isRunning { job.control.dropParkedWork() }
    }
  }

  /// Drives the virtual clock while someone waits for it: a foreground job, or a script
  /// draining its background jobs; at the prompt, idle, `moveBackgroundJobs` moves it for the
  /// background jobs. Time stands still while a request is in flight; a job that would pass
  /// the horizon, or that waits for what can no longer happen, is ended.
  func pump() {
    guard let virtual, !pumping else { return }
    pumping = true
    defer { pumping = false }
    while true {
      let running = jobs.filter(\.isRunning)
      let waiting = draining || settled != nil
      guard running.contains(where: { !$0.background }) || (waiting && !running.isEmpty) else {
        virtual.advance(to: virtual.now)  // only what is due now: nobody waits for time
        signalSettled()
        moveBackgroundJobs()  // at the prompt, background jobs move by themselves
        return
      }
      virtual.run(until: horizonDeadline(running))
      if endStoppedJobs() { continue }  // Ctrl-C or a runaway made the clock return early
      if virtual.isHeld { return }
      if let next = virtual.nextDueTime {
        endPastHorizon(running, next: next)
        continue
      }
      for job in running where job.isRunning && (!job.background || draining) {
        runtime.output.errorLine(
          "note: stopped '\(job.quoted)': it waits for something that can no longer happen "
            + "(a setting change, a line typed); at the prompt, run it with & and change the setting")
        job.end(.stuck)
      }
      signalSettled()
      return
    }
  }

  /// Lets a script go on to its next statement once its new background job has settled.
  private func signalSettled() {
    let signal = settled
    settled = nil
    signal?()
  }
}

/// Whether a job's pipeline is still being subscribed, and whether it ended meanwhile. Read
/// by every event of the job, only on the loop: a class with unchecked fields, since `var`s
/// captured by the observer would cost every event two dynamic exclusivity checks. (Not a
/// @LoopActor class with the observer's work in a method: calling it from the observer's
/// closure costs every event a check of the current executor, about 100M Ir per 1M values.)
private final class SubscribeGate {
  @exclusivity(unchecked) var subscribing = true
  @exclusivity(unchecked) var stopped = false
}
