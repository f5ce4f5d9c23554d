#!/usr/bin/env python3
"""A pipe plugin in plain Python 3 (standard library only): seeded dice.

    roll(count: 3, sides: 6) | show

It speaks the protocol of docs/PLUGINS.md: one JSON message per line on stdin/stdout, a hello
first, then `subscribe` / `cancel` from the host and `next` / `error` / `completed` back.
Install it by copying it (executable) into ~/.pipe/plugins or a directory on PIPE_PLUGIN_PATH,
or with `:plugin load examples/plugins/pipe-plugin-dice.py`.
"""
import json
import os
import random
import sys
import threading
import time

HELLO = {
    "type": "hello",
    "protocol": 1,
    "name": "dice",
    "version": "1.0.0",
    "sources": [
        {
            "name": "roll",
            "doc": "Rolls `count` dice with `sides` faces: one value per die, 10 ms apart.",
            "params": [
                {"name": "count", "type": "int", "default": 1, "doc": "how many dice (0 to 100)"},
                {"name": "sides", "type": "int", "default": 6, "doc": "faces per die (at least 1)"},
            ],
            "example": "roll(count: 3) | show",
        }
    ],
    "settings": [
        {"key": "dice.seed", "type": "int", "default": 7, "doc": "seed of the draws (with the attempt)"}
    ],
    "errors": ["badDice"],
}

_write_lock = threading.Lock()
_cancelled = set()


def send(message):
    """Writes one message as one line, with one write (a pipe may take it in several parts)."""
    data = (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8")
    with _write_lock:
        while data:
            data = data[os.write(1, data):]


def roll(request):
    """Runs one subscription: values, then `completed` (or `error`), unless it is cancelled."""
    ident, args, settings = request["id"], request["args"], request["settings"]
    count, sides = args.get("count", 1), args.get("sides", 6)
    if not isinstance(count, int) or not isinstance(sides, int) or not 0 <= count <= 100 or sides < 1:
        send({"type": "error", "id": ident, "kind": "badDice",
              "message": "cannot roll %r dice with %r sides" % (count, sides)})
        return
    draws = random.Random(settings.get("dice.seed", 7) * 1000 + request["attempt"])
    for _ in range(count):
        if ident in _cancelled:
            return
        send({"type": "next", "id": ident, "value": draws.randint(1, sides), "after_ms": 10})
        time.sleep(0.001)
    send({"type": "completed", "id": ident})


def handle(line):
    message = json.loads(line)
    if message["type"] == "cancel":
        _cancelled.add(message["id"])
    elif message["type"] == "subscribe" and message["source"] == "roll":
        threading.Thread(target=roll, args=(message,)).start()  # joined at exit
    elif message["type"] == "subscribe":
        send({"type": "error", "id": message["id"], "kind": "unknownSource",
              "message": "dice has no source %r" % message["source"]})


def main():
    send(HELLO)
    for line in sys.stdin:
        if line.strip():
            try:
                handle(line)
            except (ValueError, KeyError) as problem:  # stderr is the plugin's log
                print("dice: ignoring %r: %s" % (line.strip(), problem), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
