import PluginKit
import RandomCore
import SourceCore

/// The `random` plugin: one seeded integer per subscription.
public struct RandomPlugin: Plugin {
  public let name = "random"
  public let version = "1.0.0"
  public let sources = [
    SourceSpec(
      "random",
      doc: "One integer between min and max (both included), then completes. The draw depends on "
        + "the seed and the attempt: each subscription (a retry, a repeat) draws anew, a rerun repeats "
        + "the sequence. With the default seed 42, random 1 10 draws 6, 6, 3, 10, 5, 7, 3, 7 on "
        + "attempts 1 to 8: two draws in a row can be the same number.",
      params: [
        ParamSpec("min", .int, default: .int(RandomDraw.defaultMin), doc: "the smallest number"),
        ParamSpec("max", .int, default: .int(RandomDraw.defaultMax), doc: "the largest number"),
      ],
      example: "random(-100, 200) | show")
  ]
  public let settings = [
    SettingSpec("random.seed", .int, doc: "the seed of the draws; the global seed when not set")
  ]
  public let errors = ["invalidArgument", "invalidSetting"]

  public init() {}

  public func subscribe(_ request: Request, _ emit: Emitter) async throws {
    do throws(SourceError) {
      let read = SettingsReader(request: request)
      let seed = RandomDraw.seed(own: try read.seed("random.seed"), global: try read.seed("seed"))
      let draw = RandomDraw.draw(
        min: request["min"].intValue!, max: request["max"].intValue!, seed: seed, attempt: request.attempt)
      emit.send(SourceReply(draw), as: JSONValue.int)
    } catch {
      throw error.pluginError()
    }
  }
}
