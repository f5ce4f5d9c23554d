#!/usr/bin/env python3
"""Writes the seed corpora of `make fuzz` (Sources/PipeFuzz/seeds/TARGET/) from the tests' inputs.

Each seed is one small file named by the first 12 hex digits of its SHA-1, so running this again
adds only what is new. The inputs are the string literals of the tests that exercise each reader
(adjacent literals joined by `+` count as one), and what the docs and examples show:

    plugin    protocol lines: literals of the plugin tests that start with `{`, and the JSON lines
              of docs/PLUGINS.md
    settings  literals of the settings tests that start with `{`, and settings.json files
    cache     literals of the cache tests that start with `{`, and cache.json files
    history   the entries of the history tests, written as history files
    marbles   marble strings of the marble tests, and of `cold`/`hot`/`expect` in examples/
    frontend  the inputs of Tests/PipeDSLTests/FuzzRegressionTests.swift

    scripts/fuzz-seeds.py        # from the repository's root
"""
import base64
import glob
import hashlib
import json
import os
import re
import sys

SEEDS = "Sources/PipeFuzz/seeds"

# A Swift string literal: raw (#"..."#) or plain ("..." with escapes), single line.
LITERAL = re.compile(r'#"(.*?)"#|"((?:[^"\\\n]|\\.)*)"')
# Literals joined by `+`, possibly over lines.
JOINED = re.compile(r'(?:#"(?:.*?)"#|"(?:(?:[^"\\\n]|\\.)*)")(?:\s*\+\s*(?:#"(?:.*?)"#|"(?:(?:[^"\\\n]|\\.)*)"))*')


def unescape(text):
    """A plain Swift literal's escapes: \\n \\t \\r \\0 \\" \\' \\\\ \\u{...}."""
    def one(match):
        escape = match.group(1)
        if escape.startswith("u{"):
            return chr(int(escape[2:-1], 16))
        return {"n": "\n", "t": "\t", "r": "\r", "0": "\0", '"': '"', "'": "'", "\\": "\\"}.get(escape, escape)
    return re.sub(r'\\(u\{[0-9a-fA-F]+\}|.)', one, text)


def literals(paths):
    """Every string literal of the files, adjacent `+` pieces joined, without interpolations."""
    found = []
    for path in paths:
        source = open(path, encoding="utf-8").read()
        for joined in JOINED.finditer(source):
            if "\\(" in joined.group(0):
                continue  # an interpolation: not an input as written
            pieces = LITERAL.finditer(joined.group(0))
            found.append("".join(m.group(1) if m.group(0).startswith("#") else unescape(m.group(2)) for m in pieces))
    return found


def write(target, inputs):
    folder = os.path.join(SEEDS, target)
    os.makedirs(folder, exist_ok=True)
    written = 0
    for data in inputs:
        data = data.encode("utf-8") if isinstance(data, str) else data
        if not data or len(data) > 4096:
            continue
        name = os.path.join(folder, hashlib.sha1(data).hexdigest()[:12])
        if not os.path.exists(name):
            with open(name, "wb") as file:
                file.write(data)
            written += 1
    print(f"{target}: {written} new, {len(os.listdir(folder))} in all")


def json_lines(path):
    return [line.strip() for line in open(path, encoding="utf-8") if line.strip().startswith('{"type"')]


def main():
    plugin_tests = glob.glob("Tests/PluginsTests/*.swift") + glob.glob("Tests/PluginEndToEndTests/*.swift")
    plugin = [text for text in literals(plugin_tests) if text.startswith("{")] + json_lines("docs/PLUGINS.md")
    write("plugin", plugin + ["\n".join(plugin[:8]) + "\n"])

    settings_tests = ["Tests/PipeREPLTests/SettingsStoreTests.swift", "Tests/PipeREPLTests/SavedSettingsTests.swift",
                      "Tests/PipeREPLTests/FileSafetyTests.swift"]
    settings = [text for text in literals(settings_tests) if text.startswith("{")]
    settings.append(json.dumps({"horizon": 60.5, "network": "off", "seed": 7, "weather.apiKey": "0123"},
                               separators=(",", ":")) + "\n")
    write("settings", settings)

    cache_tests = glob.glob("Tests/PluginEndToEndTests/Cache*.swift") + ["Tests/PipeREPLTests/FileSafetyTests.swift"]
    cache = [text for text in literals(cache_tests) if text.startswith("{") or text.startswith("[")]
    cache.append('{"weather(\\"London\\")":{"city":"London","temp":12.5,"humidity":81},'
                 '"airQuality(\\"Oslo\\")":{"aqi":17},"random(1, 6)":4}\n')
    write("cache", cache)

    entries = [text for text in literals(["Tests/PipeREPLTests/HistoryTests.swift"]) if not text.startswith("/")]
    encoded = [entry.replace("\\", "\\\\").replace("\n", "\\n") for entry in entries]
    write("history", ["\n".join(encoded[i:i + 4]) + "\n" for i in range(0, len(encoded), 4)]
          + ["a\\\\b\\nc\n\\\nd\\", "just 1\njust 1\n\n\njust 2"])

    marble_tests = glob.glob("Tests/OperatorsTests/Marble*.swift") + glob.glob("Tests/PipeDSLTests/ExpectSinkTests.swift")
    marble = re.compile(r"^[-a-z0-9 ()|#^!.]*[-|#^!()][-a-z0-9 ()|#^!.]*$|^\d+(\.\d+)?(ms|s|m)\b")
    marbles = [text for text in literals(marble_tests) if marble.match(text)]
    for path in glob.glob("examples/**/*.pipe", recursive=True):
        marbles += re.findall(r'(?:cold|hot|expect) "([^"\\]*)"', open(path, encoding="utf-8").read())
    write("marbles", marbles)

    regression = "Tests/PipeDSLTests/FuzzRegressionTests.swift"
    found = re.findall(r'\("((?:[^"\\]|\\.)*)", "fuzz\.pipe', open(regression, encoding="utf-8").read())
    crashes = [text for text in literals([regression]) if re.fullmatch(r"[A-Za-z0-9+/=]{8,}", text)]
    write("frontend", [unescape(text) for text in found] + [base64.b64decode(text) for text in crashes])


if __name__ == "__main__":
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])), ".."))
    main()
