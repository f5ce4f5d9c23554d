"""Completion of the plugins' sources (never waiting for a plugin to start), cities and the
keys of a marble map; hover on a setting shows its value, and a secret never leaves the server."""

import os
import time

from conftest import open_document, server_fixture
from lsprotocol import types

KEY = "sk-never-shown-4711"


async def labels_at(client, uri, text):
    """The labels offered at the end of `text` (the document's whole text), and how long it took."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=labels_at.version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    labels_at.version += 1
    lines = text.split("\n")
    started = time.monotonic()
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=len(lines) - 1, character=len(lines[-1]))))
    return {item.label: item for item in result.items}, time.monotonic() - started


labels_at.version = 2


async def test_plugin_sources_cities_and_marble_keys(client):
    uri = "file:///tmp/vocabulary.pipe"
    await open_document(client, uri, "")
    deadline = time.monotonic() + 15
    while True:  # the first completions may come before the plugins' hellos are learnt
        items, took = await labels_at(client, uri, "")
        assert took < 2, f"a completion waited {took:.1f} s"
        if "weather" in items and "airquality" in items:
            break
        assert time.monotonic() < deadline, f"no plugin source offered within 15 s: {sorted(items)}"
    assert items["weather"].detail.startswith("weather ") and items["weather"].documentation
    items, _ = await labels_at(client, uri, 'weather "Lon')
    assert any("London" in label for label in items), sorted(items)
    items, _ = await labels_at(client, uri, 'cold "-a-b-c|" | expect "-a-(bc)|" [a: "x", ')
    assert sorted(items) == ["b:", "c:"]
    items, _ = await labels_at(client, uri, 'cold "-a-b|" | expect "--x--y|" [')
    assert sorted(items) == ["x:", "y:"]


secret_client = server_fixture(env=dict(os.environ, PIPE_WEATHER_APIKEY=KEY))


async def test_a_settings_value_on_hover_and_the_key_in_no_answer(secret_client):
    client = secret_client
    uri = "file:///tmp/secret.pipe"
    text = f'set seed 42\nset weather.apiKey "{KEY}"\nweather "London" | map {{ .city }} | show\n'
    answers = [await open_document(client, uri, text)]
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=6)))
    assert "in this document: 42" in hover.contents.value and "seed" in hover.contents.value
    for line, character in [(1, 8), (1, 25), (2, 2), (2, 22)]:
        answers.append(await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=character))))
    assert "in this document: ••••" in answers[1].contents.value, answers[1]
    for line, character in [(1, 4), (1, 25), (2, 9), (2, 20)]:
        answers.append(await client.text_document_completion_async(types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=character))))
    answers.append(await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri))))
    answers.append(await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="pipe.run", arguments=[uri, 2])))
    assert "London" in answers[-1]
    answers.append(await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri))))
    answers += [client.diagnostics, client.log_messages, client.messages]
    for answer in answers:
        assert KEY not in repr(answer), answer
