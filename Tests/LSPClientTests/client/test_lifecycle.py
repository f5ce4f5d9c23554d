"""initialize, diagnostics as the command line gives them, quick fixes, hover, completion."""

import os
import tempfile

from conftest import command_line_diagnostics, open_document, published
from lsprotocol import types

BROKEN = [
    'weather "Oslo" | fliter { .temp > 20 }\n',
    'just 1 | retry 2 | mapp { . + 1 }\nof(1, 2) | take\n',
    'let nums = of(1, 2, 3)\nnums | filter { . > 1 } | tkae 1\n',
    'just 1 |\n',
    'cold "--a--|" | map { .x + }\n',
]


async def test_initialize_names_the_server_and_its_capabilities(client):
    result = client.initialize_result
    assert result.server_info.name == "pipe"
    capabilities = result.capabilities
    assert capabilities.hover_provider and capabilities.completion_provider and capabilities.code_action_provider
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Full


async def test_diagnostics_are_the_command_lines(client):
    for number, text in enumerate(BROKEN):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, f"broken{number}.pipe")
            with open(path, "w") as file:
                file.write(text)
            run, expected = command_line_diagnostics(path)
            assert expected, f"pipe run printed no diagnostic for {text!r}: {run.stderr}"
            diagnostics = await open_document(client, "file://" + path, text)
            got = []
            for diagnostic in diagnostics:
                lines = diagnostic.message.split("\n")
                helps = [line[len("help: "):] for line in lines if line.startswith("help: ")]
                severity = {1: "error", 2: "warning", 3: "note"}[diagnostic.severity]
                got.append((diagnostic.range.start.line + 1, diagnostic.range.start.character + 1, severity,
                            lines[0], helps[0] if helps else None))
            assert got == expected, f"for {text!r}"


async def test_a_fixed_text_clears_its_diagnostics(client):
    uri = "file:///tmp/fixed.pipe"
    diagnostics = await open_document(client, uri, 'just 1 | fliter { . > 0 }\n')
    assert [d.code for d in diagnostics] == ["unknownOperator"]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text='just 1 | filter { . > 0 }\n')]))
    assert list(await published(client, uri, 2)) == []


async def test_quick_fix_replaces_the_misspelled_operator(client):
    uri = "file:///tmp/fix.pipe"
    text = 'weather "Oslo" | fliter { .temp > 20 }\n'
    diagnostics = await open_document(client, uri, text)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    assert len(actions) == 1
    edit = actions[0].edit.changes[uri]
    assert len(edit) == 1 and edit[0].new_text == "filter"
    assert edit[0].range == types.Range(start=types.Position(line=0, character=17),
                                        end=types.Position(line=0, character=23))


async def test_hover_shows_the_catalogues_doc(client):
    uri = "file:///tmp/hover.pipe"
    await open_document(client, uri, 'let xs = of(1, 2)\nxs | retry 2 | show\n')
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=7)))
    assert "retry" in hover.contents.value and "RxSwift" in hover.contents.value, hover.contents.value
    assert hover.range.start == types.Position(line=1, character=5)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=0)))
    assert "let xs = of(1, 2)" in hover.contents.value
