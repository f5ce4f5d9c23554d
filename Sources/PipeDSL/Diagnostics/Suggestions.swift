/// "Did you mean" by edit distance.
///
///     Suggestions.closest(to: "fliter", in: ["filter", "map", "take"])  // "filter"
public enum Suggestions {
  /// The candidates near enough to `word` to be worth suggesting, nearest first.
  ///
  /// The distance is Damerau–Levenshtein (optimal string alignment: a swap of two neighbours
  /// costs one), compared without case. The threshold grows with the word: one edit for up
  /// to four characters, two up to eight, three beyond.
  public static func candidates(for word: String, in candidates: some Sequence<String>) -> [String] {
    let limit = threshold(for: word)
    let target = Array(word.lowercased())
    var scored: [(distance: Int, name: String)] = []
    for candidate in Set(candidates) where candidate != word {
      let distance = self.distance(target, Array(candidate.lowercased()), limit: limit)
      if distance <= limit { scored.append((distance, candidate)) }
    }
    return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.map(\.name)
  }

  /// The nearest candidate, if one is near enough.
  public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    self.candidates(for: word, in: candidates).first
  }

  /// `did you mean 'filter'?`, or nil when nothing is near.
  public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
    closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
  }

  static func threshold(for word: String) -> Int {
    switch word.count {
    case ...4: return 1
    case ...8: return 2
    default: return 3
    }
  }

  /// Optimal-string-alignment distance; returns `limit + 1` early when the lengths alone
  /// already differ by more than `limit`.
  static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, previous2[j - 2] + 1)
        }
        current[j] = best
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
