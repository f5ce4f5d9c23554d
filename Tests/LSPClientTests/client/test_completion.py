"""Completion at ten places of unfinished lines, each item with its signature and doc."""

import pytest
from conftest import open_document
from lsprotocol import types

# (text before the cursor, what must be offered, what must not); each offered stage, source,
# strategy, setting or let name comes with its signature and doc (not `catch`'s fallbacks).
PLACES = [
    ("just 1 | ", ["retry", "retryWhen", "map", "catch"], ["just", "let"]),
    ("just 1 | ret", ["retry", "retryWhen"], ["map"]),
    ("", ["just", "let", "set", "cold"], ["retry"]),
    ("set ", ["seed"], ["retry"]),
    ("just 1 | retryWhen ", ["backoff("], ["map"]),
    ("let nums = of(1, 2)\nnu", ["nums"], ["just"]),
    ("let nums = of(1, 2)\nnums | take 1 | ", ["map", "marbles"], ["nums"]),
    ('cold "-a|" | catch ', ["cache", "empty"], ["map"]),
    ("just 1 | retryWhen exponential(", ["factor:", "max:"], ["map"]),
    ("just 1\n  | map { . + 1 }\n  | fil", ["filter"], ["map"]),
]


@pytest.mark.parametrize("before,offered,absent", PLACES)
async def test_completion(client, before, offered, absent):
    uri = "file:///tmp/complete.pipe"
    await open_document(client, uri, before)
    lines = before.split("\n")
    position = types.Position(line=len(lines) - 1, character=len(lines[-1].encode("utf-16-le")) // 2)
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=position))
    labels = [item.label for item in result.items]
    for label in offered:
        assert label in labels, f"{label!r} not offered after {before!r}: {labels}"
    for label in absent:
        assert label not in labels, f"{label!r} offered after {before!r}"
    for item in result.items:
        assert item.text_edit.range.end == position
    fallbacks = {"cache", "ask"}
    named = [item for item in result.items
             if item.label in offered and not item.label.endswith(":") and item.label not in fallbacks]
    assert named or before.endswith("("), f"nothing with a doc checked after {before!r}"
    assert all(item.detail and item.documentation for item in named), [(i.label, i.detail) for i in named]
    client.text_document_did_close(types.DidCloseTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
