/// The prose `:help TOPIC` prints: what is not one operator or command.
enum HelpTopics {
  static let names = topics.map(\.name)

  static func text(_ name: String) -> String? { topics.first { $0.name == name }?.text }

  /// The tour `:help` alone prints above the list of commands.
  static let tour = """
    Type a pipeline and press Enter: it runs, and what reaches the end is shown.
      just 1 | map { . + 1 }                                  no sink: it ends in show
      cold ["100ms #", "100ms (a|)"] | retry 2 | log          every event of every stage
      fail serverFailure | retryWhen backoff(1, 2) | catchAndReturn 0
      every 1s | take 3 &                                     a background job
    A line ending in | (or an open bracket) continues on the next line. Tab completes.
    """

  private static let topics: [(name: String, text: String)] = [
    (
      "export",
      """
      Exporting to RxSwift, Combine and RxJS
        :export rxswift [FILE]   the last pipeline in RxSwift 6: printed, or written to FILE
        :export combine [FILE]   in Combine (Apple's names)
        :export rxjs [FILE]      in RxJS 7 (TypeScript)
        pipe export --to rxswift|combine|rxjs FILE.pipe    every pipeline of a script
      By meaning, not spelling: retry 3 (three attempts in all, as RxSwift counts) is
      retry(3) in RxSwift but retry(2) in Combine and RxJS; retryWhen backoff(...) is
      RxSwift's retry(when:) with a timer, RxJS's retry({ count, delay }), a helper in
      Combine. What a library lacks comes as a helper, written once; where nothing is
      faithful, a comment at that line says so. Plugin sources become typed stubs.
      pipe export --runnable writes a whole program that prints each value, with how to
      run it: Combine on OpenCombine, RxSwift with its Package.swift, RxJS for npx tsx
      (docs/COOKBOOK.md).
      """
    ),
    (
      "jobs",
      """
      Background jobs
        PIPELINE &        runs it in the background: [1] started … [1] done / [1] failed: KIND
        :jobs             lists them: number, state, time run, statement
        :kill N           disposes job N (its log shows the dispose)
      A job's output appears above the line you are typing. A job waiting in
      `retryWhen until(weather.apiKey)` resumes when you type `set weather.apiKey "..."`.
      On the virtual clock (the default), while the prompt waits for you, time moves on
      for the background jobs by itself, as fast as it can: `every 1s | take 3 &` is done
      at once. A job waiting for a setting, a request or a line costs nothing while it
      waits; one that would run past the horizon (`set horizon`, 3600 s) is stopped. To
      watch a job at the pace of the wall clock, use `:clock real`.
      A job that never waits for the clock (`range(0, 9000000000000) | last &`) runs in
      slices of a few milliseconds: between two, the prompt takes your statements,
      :jobs and :kill. A statement in the foreground runs alone until it ends or Ctrl-C.
      Jobs started one after another on one line start together: at one instant, with
      one stream per `let` name. Two observers of s, the second from 15 ms:
        s | show &; timer 15ms | flatMap (s) | show &
      """
    ),
    (
      "clock",
      """
      Clocks
        :clock virtual    time jumps from one event to the next: runs finish at once and
                          repeat exactly; the default
        :clock real       the wall clock; :speed 10 runs it ten times faster
        :schedule S       the delays a retry strategy waits, without running anything
      The clock applies to the statements that follow; `let` names carry over. While a
      request is in flight, or `input` waits for a line, the virtual clock stands still.
      """
    ),
    (
      "settings",
      """
      Settings
        set KEY VALUE     writes a setting; pipelines that wait on it (until, changes) react
        :settings         lists them; secrets (keys ending in key, token or secret) as ••••
        :reset [NAME]     one setting, or every one, back to its default
      Settings are kept between sessions in $XDG_CONFIG_HOME/pipe/settings.json
      (~/.config/pipe), readable by you only; the first screen names the saved ones.
      History never holds a secret's value.
      """
    ),
    (
      "cache",
      """
      The cache (catch cache)
        weather "London" | catch cache    on an error, the last good value of the same
                                          source with the same arguments, else nothing
      Every good value of a plugin source is kept, between sessions, in
      $XDG_CACHE_HOME/pipe/cache.json (~/.cache/pipe), readable by you only. It holds at
      most 1,000 values and 1 MiB of JSON; when full, the value least recently stored or
      served goes first. It is read when `catch cache` first looks, written once per
      statement, merged with what other sessions wrote. `pipe check` never touches it. To
      start from an empty cache, delete the file.
      """
    ),
    (
      "marbles",
      """
      Marble strings (cold, hot, expect)
        -          one frame: 1 ms of virtual time
        a          a value, one frame long: a letter is itself, a digit a number,
                   unless the values record says ([a: 1, b: "x"])
        (ab)       several events in one frame
        100ms 1.5s a pause (between spaces)
        #          an error: any kind for expect, or ["#": serverFailure]
        |          completion
        ^          (hot) the start of the statement
      Examples
        cold "a-b-#" [a: 1, b: 2] | retry 2 | expect "a-b-a-b-#" [a: 1, b: 2]
        just 1 | delay 20ms | expect "20ms (1|)"
      `expect` also takes [v1, v2] (values, any times), `error KIND`, `attempts N`.
      """
    ),
    (
      "expressions",
      """
      Expressions (inside { ... }: map, filter, throwIf, scan, sortBy …)
        .                 the value itself: of(1, 2) | map { . * 10 }
        .temp .main.temp  a field of a record, deeper with more dots
        acc               in scan, the result so far: of(1, 2, 3) | scan 0 { acc + . }
        {city: .city, t: round(.temp)}    a record, written as pipe prints it
        [., . * 2]        a list; len([1, 2]) is 2
        "t=" + str(.)     building a string: + joins strings, str(x) turns x into text
        . > 5 ? "big" : "small"           a conditional: condition ? then : else
        + - * / %  == != < <= > >=  && || !     round abs min max len str num
      Examples
        weather "London" | map { .city + ": " + str(round(.temp)) }
        of(3, 8) | map { . > 5 ? "big" : "small" } | collect
        of(1, 2, 3) | scan 0 { acc + . } | collect
      An unknown name is an error before the run; "a" - 1 at run time is a typeError.
      """
    ),
    (
      "keys",
      """
      Keys
        Tab               complete: sources, operators after |, options, strategies,
                          settings and their values after set, cities in weather "…",
                          files after :load, :export svg and :plugin load
        Up, Down, Ctrl-R  recall and search the history (kept between sessions)
        Right, End        at the end of the line: take the dimmed suggestion, the newest
                          statement in the history that starts with what you typed
        Left, Right, Home, End, Delete, Ctrl-Left/Right (Alt-B/F: a word)
                          move and delete, in Ctrl-R search too (they leave it)
        Ctrl-A, Ctrl-E    start and end of the line (Emacs keys)
        Ctrl-C            clear the line, or stop the pipeline that is running
        Ctrl-D            leave (on an empty line)
      A paste is entered as one unit: a line starting with | continues the statement
      above it, as in a file. A paste that ends with a line break runs; one that does not
      waits on the line for Enter.
      """
    ),
  ]
}
