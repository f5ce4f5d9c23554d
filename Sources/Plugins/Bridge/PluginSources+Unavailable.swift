import Operators
import PipeDSL
import PluginHost
import PluginProtocol

extension PluginSources {
  /// A source whose plugin could not start when the text was checked. The plugin is looked up
  /// again (started, on another thread, the clock held meanwhile); once it has said hello, the
  /// arguments are bound to the source's parameters and the source is subscribed as any other.
  public func observe(
    unavailable source: String, failure: PipeError?, arguments: [(label: String?, value: Value)],
    settings: Settings, attempt: Int, scheduler: any Scheduler
  ) -> Observable<Value> {
    if let failure { return .error(failure) }
    return Observable.create { [weak self] observer in
      let hold = scheduler.holdClock()
      let subscription = SerialSubscription()
      self?.host.lookupLater(source: source) { [weak self] lookup in
        defer { hold.release() }
        guard !subscription.isDisposed, let self else { return }
        switch lookup {
        case .found(let plugin):
          switch Self.bind(arguments, to: plugin.sources.first { $0.name == source }!, of: plugin) {
          case .success(let bound):
            self.found(source, in: plugin)
            subscription.set(
              self.observe(
                source: source, arguments: bound, settings: settings, attempt: attempt, scheduler: scheduler
              ).subscribe(observer))
          case .failure(let error): observer.on(.error(error))
          }
        case .unavailable(_, let error):
          observer.on(.error(PipeError(kind: error.kind, message: error.message)))
        case .unknown:
          observer.on(
            .error(PipeError(kind: "pluginCrashed", message: "no plugin offers the source '\(source)'")))
        }
      }
      return Disposables.create {
        subscription.dispose()
        hold.release()
      }
    }
  }

  /// Arguments by position or label, bound to `source`'s parameters in their order; a
  /// `badArgument` error for too many, an unknown or repeated label, or a missing parameter.
  static func bind(
    _ arguments: [(label: String?, value: Value)], to source: SourceSpec, of plugin: PluginInfo
  ) -> Result<[(name: String, value: Value)], PipeError> {
    let names = source.params.map(\.name)
    var given: [String: Value] = [:]
    var position = 0
    for argument in arguments {
      let name: String
      if let label = argument.label {
        name = label
      } else {
        guard position < names.count else {
          return .failure(badArgument("'\(source.name)' takes \(names.count) arguments at most"))
        }
        name = names[position]
        position += 1
      }
      guard names.contains(name) else {
        return .failure(badArgument("'\(source.name)' has no parameter '\(name)'"))
      }
      guard given[name] == nil else { return .failure(badArgument("'\(name)' is given twice")) }
      given[name] = argument.value
    }
    if let missing = source.params.first(where: { $0.defaultValue == nil && given[$0.name] == nil }) {
      return .failure(badArgument("'\(source.name)' needs '\(missing.name)'"))
    }
    return .success(names.compactMap { name in given[name].map { (name, $0) } })
  }

  private static func badArgument(_ message: String) -> PipeError {
    PipeError(kind: "badArgument", message: message)
  }
}

/// The subscription a late stage makes once its plugin has said hello; disposing of it first
/// means it is never made (on the loop).
private final class SerialSubscription {
  private(set) var isDisposed = false
  private var inner: (any Disposable)?

  func set(_ disposable: any Disposable) {
    if isDisposed { disposable.dispose() } else { inner = disposable }
  }

  func dispose() {
    isDisposed = true
    inner?.dispose()
    inner = nil
  }
}
