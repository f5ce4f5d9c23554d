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
      "keys",
      """
      Keys
        Tab               complete: sources, operators after |, options, strategies,
                          settings and their values after set, cities in weather "…",
                          files after :load, :export svg and :plugin load
        Up, Down, Ctrl-R  recall and search the history (kept between sessions)
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
