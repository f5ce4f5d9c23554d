import PluginKit
import SourceCore

/// The place a web-service source is asked about: `weather "London"` or `weather(51.5, -0.13)`.
/// The DSL passes the first argument as `place` and the second, if any, as `lon`.
enum PlaceArgument: Equatable {
  case name(String)
  case point(lat: Double, lon: Double)

  static let params = [
    ParamSpec("place", .any, doc: "a city name, or the latitude when a longitude follows"),
    ParamSpec("lon", .any, default: .null, doc: "the longitude, after a latitude"),
  ]

  init(_ request: Request) throws(SourceError) {
    switch (request["place"], request["lon"]) {
    case (.string(let name), .null):
      self = .name(name)
    case (let lat, let lon) where lat.doubleValue != nil && lon.doubleValue != nil:
      self = .point(lat: lat.doubleValue!, lon: lon.doubleValue!)
    case (let place, let lon):
      let given = [place, lon].filter { !$0.isNull }.map { $0.encodedString() }.joined(separator: ", ")
      throw SourceError(
        .invalidArgument,
        "\(request.source)(\(given)): give a city name, or a latitude and a longitude")
    }
  }
}
