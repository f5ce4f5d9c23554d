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
    let job = Job(
      id: jobs.count + 1, text: statement.statement.text, background: background, start: now, control: control
    )
    job.onEnd.append { [unowned self] in self.interruptions.remove(control) }
    let context = SinkContext(
      runtime: runtime, statement: statement.statement, graph: statement.graph, pipeline: pipeline,
      start: now,
      attemptsBefore: pipeline.nodes.first.flatMap { runtime.attempts[$0] } ?? 0, location: location,
      tracer: tracer)
    job.consumer = sink.make(context)
    if let eventLines, let tracer {
      eventLines.follow(tracer, job: job.id, graph: statement.graph, start: now)
    }
    let events = background ? services.jobEvents : nil
    if let events { job.onEnd.append { [unowned self, unowned job] in events.ended(self, job) } }
    jobs.append(job)
    lastGraph = statement.graph
    lastStatement = statement.statement
    events?.started(self, job)
    // A stream that ends while it is being subscribed ends the job once `subscribe` has
    // returned: what the pipeline still subscribes after its end (RxSwift's `startWith`
    // subscribes its source even then) is counted and traced, as RxSwift records it.
    let delivery = JobDelivery(job: job)
    let observer = Observer<Value>(lifetime: control) { delivery.on($0) }
    let env = Env(runtime: runtime, tracer: tracer, statement: scope)
    scope.hold()
    job.onEnd.append { env.statement.end() }
    let subscription = pipeline.start(env).subscribe(observer)
    delivery.subscribing = false
    if job.isRunning { job.subscription = subscription } else { subscription.dispose() }
    if delivery.stoppedWhileSubscribing { job.end(.terminated) }
    if background { interruptions.moveToBackground(control) }
    endStoppedJobs()
    return job
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
          "note: stopped '\(job.text)': it waits for something that can no longer happen "
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

/// Hands a job's events to its sink while the job runs, and ends the job when its stream
/// stops: once `subscribe` has returned, if the stream stopped while it was being made.
///
/// `jobs` keeps every job alive for the session, and a job ends before it goes, so the job is
/// held unmanaged and read without a retain; the sink is held here, so calling it costs none
/// either. The flags are touched on the loop only, one event at a time: spared the run-time
/// exclusivity checks.
@LoopActor
private final class JobDelivery {
  private let job: Unmanaged<Job>
  private let consumer: (any SinkConsumer)?
  @exclusivity(unchecked) var subscribing = true
  @exclusivity(unchecked) var stoppedWhileSubscribing = false

  init(job: Job) {
    self.job = Unmanaged.passUnretained(job)
    consumer = job.consumer
  }

  func on(_ event: Event<Value>) {
    job._withUnsafeGuaranteedRef { job in
      guard job.isRunning, !stoppedWhileSubscribing else { return }
      consumer?.on(event)
      guard event.isStopEvent else { return }
      if subscribing { stoppedWhileSubscribing = true } else { job.end(.terminated) }
    }
  }
}
