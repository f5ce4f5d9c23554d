/// The simulated world: real cities with their real coordinates, AirVisual names and names in
/// their own language and script (`Москва`, `東京`), and typical conditions (mean °C, humidity %, wind m/s, sky, US AQI, main pollutant).
public enum WorldCities {
  public static let all: [WorldCity] = [
    c("London", "GB", "England", "United Kingdom", 51.5085, -0.1257, 12, 78, 4.6, .maritime, 38, "p2"),
    c(
      "New York", "US", "New York", "USA", 40.7143, -74.006, 13, 63, 4.8, .continental, 42, "p2",
      avCity: "New York City"),
    c("Amsterdam", "NL", "North Holland", "Netherlands", 52.374, 4.8897, 11, 81, 5.4, .maritime, 33, "p2"),
    c("Barcelona", "ES", "Catalonia", "Spain", 41.3888, 2.159, 18, 68, 3.2, .mediterranean, 45, "n2"),
    c("Paris", "FR", "Ile-de-France", "France", 48.8534, 2.3488, 13, 74, 3.9, .maritime, 41, "p2"),
    c("Oslo", "NO", "Oslo", "Norway", 59.9127, 10.7461, 7, 75, 3.1, .continental, 22, "p2"),
    c("Beijing", "CN", "Beijing", "China", 39.9075, 116.3972, 13, 55, 2.6, .hazy, 152, "p2", local: ["北京"]),
    c("Tokyo", "JP", "Tokyo", "Japan", 35.6895, 139.6917, 16, 66, 3.5, .maritime, 46, "p2", local: ["東京"]),
    c("Berlin", "DE", "Berlin", "Germany", 52.5244, 13.4105, 10, 72, 3.8, .continental, 36, "p2"),
    c(
      "Munich", "DE", "Bavaria", "Germany", 48.1374, 11.5755, 10, 75, 2.6, .continental, 30, "p2",
      local: ["München"]),
    c("Madrid", "ES", "Madrid", "Spain", 40.4165, -3.7026, 15, 57, 2.9, .arid, 44, "o3"),
    c(
      "Rome", "IT", "Lazio", "Italy", 41.8919, 12.5113, 16, 70, 2.7, .mediterranean, 48, "p2", local: ["Roma"]
    ),
    c(
      "Lisbon", "PT", "Lisbon", "Portugal", 38.7167, -9.1333, 17, 71, 4.2, .mediterranean, 30, "p2",
      local: ["Lisboa"]),
    c("Dublin", "IE", "Leinster", "Ireland", 53.344, -6.2672, 10, 82, 5.6, .maritime, 21, "p2"),
    c("Stockholm", "SE", "Stockholm", "Sweden", 59.3294, 18.0687, 8, 76, 3.6, .continental, 19, "p2"),
    c("Helsinki", "FI", "Uusimaa", "Finland", 60.1695, 24.9354, 6, 79, 4.1, .continental, 18, "p2"),
    c(
      "Vienna", "AT", "Vienna", "Austria", 48.2085, 16.3721, 11, 70, 3.7, .continental, 39, "p2",
      local: ["Wien"]),
    c(
      "Zurich", "CH", "Zurich", "Switzerland", 47.3667, 8.55, 10, 75, 2.4, .continental, 27, "p2",
      local: ["Zürich"]),
    c(
      "Athens", "GR", "Attica", "Greece", 37.9838, 23.7278, 19, 60, 3.3, .mediterranean, 51, "p2",
      local: ["Αθήνα"]),
    c(
      "Istanbul", "TR", "Istanbul", "Turkey", 41.0138, 28.9497, 15, 72, 4.4, .mediterranean, 62, "p2",
      local: ["İstanbul"]),
    c(
      "Moscow", "RU", "Moscow", "Russia", 55.7522, 37.6156, 6, 76, 3.0, .continental, 49, "p2",
      local: ["Москва"]),
    c(
      "Reykjavik", "IS", "Capital Region", "Iceland", 64.1355, -21.8954, 5, 77, 6.8, .maritime, 12, "p2",
      local: ["Reykjavík"]),
    c("Cairo", "EG", "Cairo", "Egypt", 30.0626, 31.2497, 23, 52, 3.9, .arid, 138, "p1", local: ["القاهرة"]),
    c("Lagos", "NG", "Lagos", "Nigeria", 6.4541, 3.3947, 27, 83, 3.1, .tropical, 96, "p2"),
    c("Nairobi", "KE", "Nairobi", "Kenya", -1.2833, 36.8167, 19, 65, 3.4, .tropical, 58, "p2"),
    c(
      "Cape Town", "ZA", "Western Cape", "South Africa", -33.9258, 18.4232, 17, 72, 5.2, .mediterranean, 26,
      "p2"),
    c("Dubai", "AE", "Dubai", "United Arab Emirates", 25.0772, 55.3093, 28, 58, 3.8, .arid, 89, "p1"),
    c("Delhi", "IN", "Delhi", "India", 28.6519, 77.2315, 25, 56, 2.2, .hazy, 178, "p2", local: ["दिल्ली"]),
    c(
      "Mumbai", "IN", "Maharashtra", "India", 19.0144, 72.8479, 27, 74, 3.1, .tropical, 132, "p2",
      local: ["मुंबई"]),
    c(
      "Bangkok", "TH", "Bangkok", "Thailand", 13.754, 100.5014, 29, 74, 2.8, .tropical, 87, "p2",
      local: ["กรุงเทพมหานคร", "กรุงเทพฯ"]),
    c("Singapore", "SG", "Singapore", "Singapore", 1.2897, 103.8501, 28, 80, 2.5, .tropical, 55, "p2"),
    c("Shanghai", "CN", "Shanghai", "China", 31.2222, 121.4581, 17, 73, 3.4, .hazy, 97, "p2", local: ["上海"]),
    c(
      "Seoul", "KR", "Seoul", "South Korea", 37.566, 126.9784, 13, 62, 2.5, .continental, 78, "p2",
      local: ["서울"]),
    c(
      "Sydney", "AU", "New South Wales", "Australia", -33.8679, 151.2073, 18, 66, 4.5, .mediterranean, 24,
      "o3"),
    c("Los Angeles", "US", "California", "USA", 34.0522, -118.2437, 19, 61, 2.6, .arid, 71, "o3"),
    c("San Francisco", "US", "California", "USA", 37.7749, -122.4194, 15, 75, 5.0, .maritime, 32, "p2"),
    c("Chicago", "US", "Illinois", "USA", 41.85, -87.65, 10, 68, 5.3, .continental, 47, "p2"),
    c("Toronto", "CA", "Ontario", "Canada", 43.7001, -79.4163, 9, 70, 4.3, .continental, 31, "p2"),
    c(
      "Mexico City", "MX", "Mexico City", "Mexico", 19.4285, -99.1277, 17, 54, 2.3, .hazy, 94, "o3",
      local: ["Ciudad de México"]),
    c(
      "São Paulo", "BR", "Sao Paulo", "Brazil", -23.5475, -46.6361, 20, 77, 2.9, .tropical, 66, "p2",
      avCity: "Sao Paulo"),
    c(
      "Buenos Aires", "AR", "Buenos Aires", "Argentina", -34.6132, -58.3772, 18, 73, 4.0, .maritime, 35, "p2"),
  ]

  private static func c(
    _ name: String, _ code: String, _ state: String, _ country: String, _ lat: Double, _ lon: Double,
    _ temp: Double, _ humidity: Int, _ wind: Double, _ skies: Skies, _ aqi: Int, _ pollutant: String,
    avCity: String? = nil, local: [String] = []
  ) -> WorldCity {
    let place = AirVisualPlace(city: avCity ?? name, state: state, country: country)
    let climate = WorldCity.Climate(temp: temp, humidity: humidity, wind: wind, skies: skies)
    return WorldCity(
      name, code, place, lat, lon, climate: climate, aqi: aqi, pollutant: pollutant, localNames: local)
  }
}
