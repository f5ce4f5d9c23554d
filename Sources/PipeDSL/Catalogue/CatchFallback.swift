import Operators

/// What `catch` falls back to.
enum CatchFallback {
  case cache
  case empty
  case just(ValueReader)
  case pipeline(CompiledPipeline)
  case ask

  static func read(_ context: StageContext) -> CatchFallback? {
    let first = context.positional[0]
    if case .pipeline = first.kind {
      guard context.positional.count == 1 else { return tooMany(context) }
      return context.read.pipeline(first, parent: context.node).map(CatchFallback.pipeline)
    }
    if case .expression = first.kind {
      // `catch { ... }`, Rx's handler closure: pipe's fallbacks are words or a pipeline.
      context.report(.catchOfAnExpression(at: first.span))
      return nil
    }
    guard let word = context.read.word(first) else { return nil }
    switch word.text {
    case "just":
      guard let arg = context.argument(1) else {
        context.report(.catchJustWithoutValue(at: word.span))
        return nil
      }
      return context.read.value(arg).map(CatchFallback.just)
    case "cache", "empty", "ask":
      guard context.positional.count == 1 else { return tooMany(context) }
      return word.text == "cache" ? .cache : word.text == "empty" ? .empty : .ask
    default:
      context.report(.unknownFallback(word))
      return nil
    }
  }

  private static func tooMany(_ context: StageContext) -> CatchFallback? {
    context.report(.catchTakesOneFallback(at: context.positional[1].span))
    return nil
  }

  func apply(to upstream: Observable<Value>, env: Env) -> Observable<Value> {
    switch self {
    case .cache:
      return upstream.catch { _ in
        // As the book's app falls back to an empty reading: nothing cached, nothing emitted.
        guard let key = env.scope.sourceKey, let value = env.runtime.cache.value(for: key) else {
          return .empty()
        }
        return .just(value)
      }
    case .empty:
      return upstream.catch { _ in .empty() }
    case .just(let value):
      return upstream.catch { _ in .just(try value(env)) }
    case .pipeline(let fallback):
      return upstream.catch { error in fallback.build(env.with(dot: PipeError.from(error).value)) }
    case .ask:
      return askingCatch(upstream, env: env)
    }
  }

  /// `[r]etry, [d]efault value, [f]ail?` after every error: retry subscribes again, the
  /// default is the source's cached value (or null).
  private func askingCatch(_ upstream: Observable<Value>, env: Env) -> Observable<Value> {
    upstream.retry(when: { errors in
      errors.concatMap { error -> Observable<Value> in
        let pipeError = PipeError.from(error)
        switch env.runtime.ask(pipeError) {
        case .retry: return .just(.null)
        case .fail: return .error(pipeError)
        case .default: return .error(DefaultRequested())
        }
      }
    }).catch { error in
      guard error is DefaultRequested else { throw error }
      return .just(env.scope.sourceKey.flatMap(env.runtime.cache.value(for:)) ?? .null)
    }
  }
}

/// The person chose the default value at `catch ask`.
struct DefaultRequested: Error {}
