/// A real city as the simulators know it: where it is, how both web APIs name it, and its
/// typical weather and air, around which the simulators draw seeded variation.
public struct WorldCity: Equatable, Sendable {
  /// The name users type and OpenWeatherMap reports (`London`).
  public let name: String
  /// ISO 3166 alpha-2 code, as OpenWeatherMap's `sys.country` (`GB`).
  public let countryCode: String
  /// AirVisual's (city, state, country) triple (`London`, `England`, `United Kingdom`).
  public let airVisual: AirVisualPlace
  public let lat: Double
  public let lon: Double
  public let climate: Climate
  /// Typical US AQI and AirVisual's main-pollutant code (`p2`, `p1`, `o3`, `n2`, `s2`, `co`).
  public let aqi: Int
  public let pollutant: String
  /// The names it has in its own language and script, which users type too: `Москва`, `東京`.
  public let localNames: [String]

  /// Typical conditions: temperature in °C, relative humidity in %, wind in m/s, and the kind of
  /// sky the descriptions are drawn from.
  public struct Climate: Equatable, Sendable {
    public let temp: Double
    public let humidity: Int
    public let wind: Double
    public let skies: Skies
  }

  public init(
    _ name: String, _ countryCode: String, _ airVisual: AirVisualPlace, _ lat: Double, _ lon: Double,
    climate: Climate, aqi: Int, pollutant: String, localNames: [String] = []
  ) {
    self.name = name
    self.countryCode = countryCode
    self.airVisual = airVisual
    self.lat = lat
    self.lon = lon
    self.climate = climate
    self.aqi = aqi
    self.pollutant = pollutant
    self.localNames = localNames
  }
}

/// How AirVisual names a place: it needs all three parts for `/v2/city`.
public struct AirVisualPlace: Equatable, Sendable {
  public let city: String
  public let state: String
  public let country: String

  public init(city: String, state: String, country: String) {
    self.city = city
    self.state = state
    self.country = country
  }
}

/// The kinds of sky a climate has, each with the OpenWeatherMap descriptions it draws from.
public enum Skies: Sendable {
  case maritime, continental, mediterranean, tropical, arid, hazy

  public var descriptions: [String] {
    switch self {
    case .maritime: ["overcast clouds", "light rain", "broken clouds", "scattered clouds", "mist"]
    case .continental: ["clear sky", "few clouds", "scattered clouds", "broken clouds", "light snow"]
    case .mediterranean: ["clear sky", "few clouds", "clear sky", "scattered clouds"]
    case .tropical: ["light rain", "moderate rain", "broken clouds", "few clouds", "thunderstorm"]
    case .arid: ["clear sky", "clear sky", "haze", "few clouds"]
    case .hazy: ["haze", "smoke", "mist", "few clouds"]
    }
  }
}
