/// Where every library's program differs from pipe for what only pipe does (its prompt, its
/// settings driving a stream, a person typing), by `DocumentedPipeline.key`: the part the
/// round trips' lists of known differences share.
enum RoundTripDifferences {
  static let pipesOwn = [
    "docs/LANGUAGE.md: let f = cold [\"10ms #\", \"10ms (a|)\"]; f | retry 2 | show; f | catch (f) | show":
      "a let name of several diagrams: pipe counts its subscriptions across the statements",
    "docs/LANGUAGE.md: changes(network) | take 1 | show &; set network \"off\"":
      "pipe's set drives changes(network); nothing sets the export's subject",
    "docs/LANGUAGE.md: changes(weather.apiKey) | take 1 | show &; set weather.apiKey \"0123abcd\"":
      "pipe's set drives changes(weather.apiKey); nothing sets the export's subject",
    "docs/LANGUAGE.md: of(\"Oslo\", \"Lima\") |":
      "pipe's set drives until(network); nothing sets the export's subject",
    "docs/LANGUAGE.md: :schedule backoff(1, 3, 5, 10) retryAfter 7s":
      "a prompt command (:schedule) prints at pipe's prompt and has no code",
    "docs/OPERATORS.md: input \"city> \" | map { len(.) } | show":
      "input reads the person's lines; nothing sends the export's subject any",
  ]
}
