import Foundation

extension WorldCities {
  /// The city a user's text names, ignoring case, accents and spaces around it, with an
  /// optional OpenWeatherMap-style country code (`"london"`, `"London,GB"`, `"Sao Paulo"`), or
  /// by a name in its own script (`"Москва"`).
  public static func find(_ text: String) -> WorldCity? {
    let parts = text.split(separator: ",", maxSplits: 1).map { fold(String($0)) }
    guard let wanted = parts.first, !wanted.isEmpty else { return nil }
    let code = parts.count == 2 ? parts[1] : nil
    return folded.first { entry in
      entry.names.contains(wanted) && (code == nil || entry.countryCode == code)
    }?.city
  }

  /// The table's names nearest to a name it does not know, nearest first (at most three):
  /// `Lodnon` → `London`. Compared without case or accents, by edit distance.
  public static func nearestNames(to text: String) -> [String] {
    let wanted = Array(fold(String(text.split(separator: ",").first ?? "")))
    guard !wanted.isEmpty else { return [] }
    let limit = max(2, wanted.count / 3)
    let scored = all.map { city in
      (city.name, ([city.name] + city.localNames).map { editDistance(wanted, Array(fold($0))) }.min()!)
    }
    return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
  }

  /// The message of a 404 from the simulator: the API's words, and the names it may have meant.
  public static func notFoundMessage(for text: String) -> String {
    let near = nearestNames(to: text)
    return near.isEmpty
      ? "city not found; :help weather lists the cities the simulator knows"
      : "city not found; did you mean " + near.joined(separator: ", ") + "?"
  }

  /// Levenshtein distance.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }

  /// The city AirVisual knows by exactly this (city, state, country), ignoring case and accents.
  public static func find(_ place: AirVisualPlace) -> WorldCity? {
    let wanted = [place.city, place.state, place.country].map(fold)
    return folded.first { $0.airVisual == wanted }?.city
  }

  /// Each city with its names folded once (folding is most of a look-up's cost, and the fake API
  /// looks a city up on every request).
  private static let folded: [(city: WorldCity, names: [String], countryCode: String, airVisual: [String])] =
    all.map { city in
      (
        city, ([city.name, city.airVisual.city] + city.localNames).map(fold), fold(city.countryCode),
        [city.airVisual.city, city.airVisual.state, city.airVisual.country].map(fold)
      )
    }

  /// The table's city nearest to a point, if one lies within `radiusKm`.
  ///
  /// The first of the nearest, as `min(by:)` would pick it. No city is nearer than its
  /// difference in latitude alone, so a city whose latitude is more than a kilometre beyond the
  /// nearest so far is passed over without its trigonometry (the fake API asks on every request).
  public static func nearest(lat: Double, lon: Double, withinKm radiusKm: Double) -> WorldCity? {
    var best: (city: WorldCity, km: Double)?
    for city in all {
      if let best, abs(city.lat - lat) * kmPerDegree > best.km + 1 { continue }
      let km = distanceKm(lat, lon, city.lat, city.lon)
      if best == nil || km < best!.km { best = (city, km) }
    }
    guard let best, best.km <= radiusKm else { return nil }
    return best.city
  }

  /// The length of a degree of latitude (of any great circle) on the haversine's sphere.
  static let kmPerDegree = 6371 * Double.pi / 180

  /// Great-circle distance in kilometres (haversine).
  public static func distanceKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double)
    -> Double
  {
    let radians = Double.pi / 180
    let dLat = (lat2 - lat1) * radians
    let dLon = (lon2 - lon1) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2)
      * sin(dLon / 2)
    return 6371 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
  }

  /// `text` without the spaces around it, its case and its accents: how names are compared.
  static func fold(_ text: String) -> String {
    asciiFold(text) ?? foldByFoundation(text)
  }

  /// `fold` of ASCII text (most of what users and the fake API's clients type), without
  /// Foundation: trimmed of spaces and tabs, lowercased; nil for anything else.
  static func asciiFold(_ text: String) -> String? {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
    let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard let first = bytes.firstIndex(where: { !isBlank($0) }),
      let last = bytes.lastIndex(where: { !isBlank($0) })
    else { return "" }
    let lowered = bytes[first...last].map {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0
    }
    return String(decoding: lowered, as: UTF8.self)
  }

  static func foldByFoundation(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
      .folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
  }
}
