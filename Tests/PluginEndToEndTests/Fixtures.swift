/// Plugins written in sh for the tests: peers of the built-in ones, as the protocol promises.
enum Fixtures {
  /// `fixer`: its source `repair` gives the testbed beside it its execute bit back.
  static let fixer = shPlugin(
    name: "fixer", source: "repair", doc: "Makes the testbed executable again.",
    onSubscribe: #"""
      chmod +x "$(dirname "$0")/pipe-plugin-testbed"
      echo "{\"type\":\"completed\",\"id\":$id}"
      """#)

  /// `echoer`: its source `echo` says "from sh".
  static let echoer = shPlugin(
    name: "echoer", source: "echo", doc: "Says from sh.",
    onSubscribe: #"""
      echo "{\"type\":\"next\",\"id\":$id,\"value\":\"from sh\"}"
      echo "{\"type\":\"completed\",\"id\":$id}"
      """#)

  /// A plugin with one source and no parameters; `onSubscribe` runs for each subscription
  /// with its id in `$id` (each `echo` is one line, written at once).
  static func shPlugin(name: String, source: String, doc: String, onSubscribe: String) -> String {
    let hello =
      #"{"type":"hello","protocol":1,"name":"\#(name)","version":"1.0.0","sources":[{"name":"\#(source)","doc":"\#(doc)"}]}"#
    return """
      #!/bin/sh
      echo '\(hello)'
      while read -r line; do
        case "$line" in
          *'"subscribe"'*)
            id=$(echo "$line" | sed 's/.*"id":\\([0-9]*\\).*/\\1/')
      \(onSubscribe)
            ;;
        esac
      done

      """
  }
}
