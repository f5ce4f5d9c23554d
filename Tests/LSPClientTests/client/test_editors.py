"""The editors' files (editors/ in the repository, share/pipe/editors once installed): Vim
itself detects a .pipe file and colours it with the syntax file; the TextMate grammar's
patterns compile and colour the same words."""

import json
import os
import re
import subprocess
import tempfile

EDITORS = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "editors"))
TEXT = 'let x = just 1 # a comment\nx | retry 2 | map { .temp } | expect "-a|"\n:help retry\n'
# (line, column from 1, Vim's group, the TextMate scope)
EXPECTED = [(1, 1, "pipeKeyword", "keyword.other.pipe"), (1, 16, "pipeComment", "comment.line.number-sign.pipe"),
            (2, 5, "pipeStage", "entity.name.function.pipe"), (2, 21, "pipeField", "variable.other.member.pipe"),
            (2, 41, "pipeString", "string.quoted.double.pipe"), (3, 1, "pipeCommand", "keyword.other.command.pipe")]


def test_vim_detects_and_colours_a_pipe_file():
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "demo.pipe")
        out = os.path.join(folder, "out")
        with open(script, "w") as file:
            file.write(TEXT)
        probes = " ".join(f"[{line},{column}]," for line, column, _, _ in EXPECTED)
        subprocess.run(["vim", "-N", "-u", "NONE", "-i", "NONE", "-es", "--cmd", f"set rtp^={EDITORS}/vim",
                        "-c", "filetype on", "-c", "syntax on", "-c", f"edit {script}", "-c", f"redir! > {out}",
                        "-c", "echo &filetype",
                        "-c", f'for [l, c] in [{probes}] | echo synIDattr(synID(l, c, 1), "name") | endfor',
                        "-c", "redir END", "-c", "qa!"], check=True, timeout=60, stdin=subprocess.DEVNULL)
        with open(out) as file:
            words = file.read().split()
    assert words == ["pipe"] + [group for _, _, group, _ in EXPECTED]


def test_textmate_grammar_colours_the_same_words():
    with open(os.path.join(EDITORS, "vscode", "pipe.tmLanguage.json")) as file:
        grammar = json.load(file)
    assert grammar["scopeName"] == "source.pipe"
    repository = grammar["repository"]
    order = [pattern["include"][1:] for pattern in grammar["patterns"]]
    lines = TEXT.split("\n")
    for line, column, _, scope in EXPECTED:
        # The first pattern (in the grammar's order) matching at the earliest place that covers the column.
        best = None
        for name in order:
            entry = repository[name]
            rules = [entry] if "match" in entry or "begin" in entry else entry["patterns"]
            for rule in rules:
                regex = rule.get("match") or rule.get("begin")
                for match in re.finditer(regex, lines[line - 1]):
                    end = match.end() if "match" in rule else (lines[line - 1].find('"', match.end()) + 1)
                    group = 2 if "captures" in rule else 0
                    start = match.start(group) if group else match.start()
                    stop = match.end(group) if group else end
                    if start <= column - 1 < stop and (best is None or match.start() < best[0]):
                        name_of = rule["captures"]["2"]["name"] if "captures" in rule else rule["name"]
                        best = (match.start(), name_of)
        found = best[1] if best else None
        assert found == scope, f"line {line} column {column}: {found}"
