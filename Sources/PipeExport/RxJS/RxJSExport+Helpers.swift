/// Helpers for the RxJS operators whose events or ticks differ from RxSwift's (pipe's
/// meaning), each declared once at the top of an export that uses it.
extension RxJSExport {
  /// The RxSwift-faithful helpers, in the order they are declared.
  static let faithful: [(name: String, text: String)] = [
    ("zipToEnd", zipToEnd), ("combineLatestToEnd", combineLatestToEnd), ("bufferToEnd", bufferToEnd),
    ("retryWhenToEnd", retryWhenToEnd), ("atLeastRetryAfter", atLeastRetryAfter),
    ("throttleLatest", throttleLatest),
  ]

  /// The rxjs names the faithful helpers import.
  static let faithfulImports = ["Observable", "OperatorFunction"]

  /// `-a-b|` zipped with `--x-y|`: RxJS completes at 4 (one side done, nothing buffered),
  /// RxSwift at 5, when both sides are done.
  static let zipToEnd = """
    /** pipe's zip, as RxSwift's: it completes once both sides have completed (RxJS's zipWith completes as soon as one side completes with nothing buffered). */
    function zipToEnd<A, B>(other: Observable<B>): OperatorFunction<A, [A, B]> {
      return (source) =>
        new Observable<[A, B]>((subscriber) => {
          const buffers: [A[], B[]] = [[], []];
          const done = [false, false];
          const next = () => {
            if (buffers[0].length > 0 && buffers[1].length > 0) {
              subscriber.next([buffers[0].shift() as A, buffers[1].shift() as B]);
            }
          };
          const complete = (side: number) => {
            done[side] = true;
            if (done[0] && done[1]) subscriber.complete();
          };
          const first = source.subscribe({
            next: (a) => (buffers[0].push(a), next()),
            error: (e) => subscriber.error(e),
            complete: () => complete(0),
          });
          const second = other.subscribe({
            next: (b) => (buffers[1].push(b), next()),
            error: (e) => subscriber.error(e),
            complete: () => complete(1),
          });
          return () => {
            first.unsubscribe();
            second.unsubscribe();
          };
        });
    }
    """

  /// `-a-b---c|` with `--|`: RxJS waits for both to complete (8), RxSwift completes at a
  /// value that can never be combined (3).
  static let combineLatestToEnd = """
    /** pipe's combineLatest, as RxSwift's: a side that completed without a value ends the stream at the other side's next value; else it completes once both have completed (RxJS completes only when both have). */
    function combineLatestToEnd<A, B>(other: Observable<B>): OperatorFunction<A, [A, B]> {
      return (source) =>
        new Observable<[A, B]>((subscriber) => {
          const latest: [A[], B[]] = [[], []];
          const done = [false, false];
          const next = (side: number) => {
            if (latest[0].length > 0 && latest[1].length > 0) subscriber.next([latest[0][0], latest[1][0]]);
            else if (done[1 - side]) subscriber.complete();
          };
          const complete = (side: number) => {
            done[side] = true;
            if (done[0] && done[1]) subscriber.complete();
          };
          const first = source.subscribe({
            next: (a) => ((latest[0] = [a]), next(0)),
            error: (e) => subscriber.error(e),
            complete: () => complete(0),
          });
          const second = other.subscribe({
            next: (b) => ((latest[1] = [b]), next(1)),
            error: (e) => subscriber.error(e),
            complete: () => complete(1),
          });
          return () => {
            first.unsubscribe();
            second.unsubscribe();
          };
        });
    }
    """

  /// `-a-b|` in buffers of 2: RxSwift emits `[]` at the completion, RxJS's bufferCount nothing.
  static let bufferToEnd = """
    /** pipe's buffer, as RxSwift's: at the completion it emits what is left, even an empty buffer (RxJS's bufferCount emits no empty one). */
    function bufferToEnd<T>(count: number): OperatorFunction<T, T[]> {
      return (source) =>
        new Observable<T[]>((subscriber) => {
          let buffer: T[] = [];
          return source.subscribe({
            next: (x) => {
              buffer.push(x);
              if (buffer.length < count) return;
              const full = buffer;
              buffer = [];
              subscriber.next(full);
            },
            error: (e) => subscriber.error(e),
            complete: () => {
              subscriber.next(buffer);
              subscriber.complete();
            },
          });
        });
    }
    """

  /// `every 100ms | throttle 1s latest: false`: RxJS's throttleTime closes its window at the
  /// tick of the 11th value and lets the 12th through, RxSwift lets the 11th through (1 s after
  /// the 1st); with latest, RxJS sends the latest at the window's end and opens a new one.
  static let throttleLatest = """
    /** pipe's throttle, as RxSwift's: a value passes at once when `duration` has passed since the last one sent; else, with `latest`, the newest waits and is sent when that time is up (RxJS's throttleTime times its windows otherwise). */
    function throttleLatest<T>(duration: number, latest: boolean): MonoTypeOperatorFunction<T> {
      return (source) =>
        new Observable<T>((subscriber) => {
          let lastSent: number | undefined;
          let kept: [T] | undefined;
          let completed = false;
          const send = (value: T) => {
            kept = undefined;
            subscriber.next(value);
            lastSent = asyncScheduler.now();
          };
          return source.subscribe({
            next: (value) => {
              const wait = lastSent === undefined ? 0 : duration - (asyncScheduler.now() - lastSent);
              if (wait <= 0) return send(value);
              if (!latest) return;
              const waiting = kept !== undefined;
              kept = [value];
              if (waiting) return;
              // Left to run at its time, after the end too (unsubscribed then, it upsets the TestScheduler).
              asyncScheduler.schedule(() => {
                if (subscriber.closed) return;
                if (kept) send(kept[0]);
                if (completed) subscriber.complete();
              }, wait);
            },
            error: (e) => {
              kept = undefined;
              subscriber.error(e);
            },
            complete: () => {
              if (kept) completed = true;
              else subscriber.complete();
            },
          });
        });
    }
    """

  /// `cold "-#" | retryWhen (errors | take 2)`: RxJS completes at 2, when the notifier does;
  /// RxSwift at 3, the error of the attempt that notifier value started.
  static let retryWhenToEnd = """
    /** pipe's retryWhen, as RxSwift's: each value of the notifier subscribes again; its completion (or error) ends the result at the source's next error, or at once while an error waits for its answer (RxJS's retryWhen ends it at once). */
    function retryWhenToEnd<T>(notifier: (errors: Observable<any>) => Observable<unknown>): MonoTypeOperatorFunction<T> {
      return (source) =>
        new Observable<T>((subscriber) => {
          const errors = new Subject<any>();
          let waiting = false;
          let ended: (() => void) | undefined;
          let attempt: Subscription | undefined;
          const subscribe = () => {
            attempt?.unsubscribe();
            attempt = source.subscribe({
              next: (x) => subscriber.next(x),
              error: (e) => {
                if (ended) return ended();
                waiting = true;
                errors.next(e);
              },
              complete: () => subscriber.complete(),
            });
          };
          const end = (ending: () => void) => (waiting ? ending() : (ended = ending));
          const handler = notifier(errors).subscribe({
            next: () => {
              waiting = false;
              subscribe();
            },
            error: (e) => end(() => subscriber.error(e)),
            complete: () => end(() => subscriber.complete()),
          });
          subscribe();
          return () => {
            attempt?.unsubscribe();
            handler.unsubscribe();
          };
        });
    }
    """

  /// pipe's Retry-After (docs/LANGUAGE.md): a delay strategy waits the longer of its own delay
  /// and the error's `retryAfter`.
  static let atLeastRetryAfter = """
    /** pipe's Retry-After: a delay strategy waits at least the seconds the service asked for (an error's retryAfter, from a 429's or 503's Retry-After header). */
    function atLeastRetryAfter(error: any, ms: number): number {
      return Math.max(ms, (error?.retryAfter ?? 0) * 1000);
    }
    """

  /// The TestScheduler's check of `expectObservable(...).toBe(...)`, as pipe's `expect`: an
  /// error matches by its kind, and a `#` without one matches any error.
  static let sameMarbles = """
    /** Whether two recordings agree as pipe's expect sees them: an error by its kind, a bare # (RxJS's 'error') any error. */
    function sameMarbles(actual: any[], expected: any[]): boolean {
      const anyError = expected.some(({ notification: n }) => n.kind === 'E' && n.error === 'error');
      const event = ({ frame, notification: n }: any) =>
        n.kind !== 'E' ? { frame, n } : { frame, error: anyError ? '#' : (n.error?.kind ?? String(n.error)) };
      const text = (frames: any[]) =>
        JSON.stringify(frames.map(event), (_, v) => (v instanceof PipeError ? { kind: v.kind } : v));
      return text(actual) === text(expected);
    }
    """
}
