"""What no other language server does: "▶ run" lenses, the diagram of a statement on hover and
by the lens's command (exactly what `marbles` prints in `pipe`), within a time budget that a
later change cuts short, and `expect` mismatches as diagnostics with `pipe check`'s text."""

import asyncio
import os
import subprocess
import tempfile
import time

from conftest import PIPE, open_document, server_fixture
from lsprotocol import types

DOCUMENT = (
    'let s = cold "-a-b|" | retry 2\n'        # 0
    'set seed 7\n'                            # 1
    's | map { . + "x" }\n'                   # 2
    '  | expect "-a-b|"\n'                    # 3
    'cold "--c|" | show\n'                    # 4
)
# What draws line 2's statement, as a person would type it into pipe.
DRAWN_BY_PIPE = 'let s = cold "-a-b|" | retry 2\nset seed 7\ns | map { . + "x" } | marbles'
ENDLESS = 'range(0, 9000000000000) | filter { . < 0 } | show\n'


def pipe_prints(code):
    run = subprocess.run([PIPE, "-e", code], capture_output=True, text=True, timeout=60,
                         env=dict(os.environ, NO_COLOR="1"))
    assert run.returncode == 0, run.stderr
    return run.stdout.rstrip("\n")


def last_block(hover):
    """The last fenced block of a hover: the diagram."""
    value = hover.contents.value
    return value[value.rindex("```\n", 0, len(value) - 4) + 4:-4]


def hover_at(client, uri, line, character):
    return client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)))


async def until(condition, seconds, what):
    """Waits for `condition()` to be true; fails the test after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"no {what} within {seconds} s"
        await asyncio.sleep(0.02)


async def answered(pending, note, started, within):
    """The pending hover is answered with `note`, `within` seconds of `started`."""
    hover = await asyncio.wait_for(pending, 10)
    assert note in hover.contents.value, hover.contents.value
    assert time.monotonic() - started < within


async def draws(client, uri, line, code):
    """A hover on the statement of `line` shows what `pipe -e CODE` prints."""
    hover = await asyncio.wait_for(hover_at(client, uri, line, 3), 10)
    assert last_block(hover) == pipe_prints(code)


async def test_a_lens_on_each_statement_and_each_expect_line(client):
    uri = "file:///tmp/lenses.pipe"
    await open_document(client, uri, DOCUMENT)
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert sorted(lens.range.start.line for lens in lenses) == [2, 3, 4]
    assert {lens.command.title for lens in lenses} == {"▶ run"}
    assert [lens.command.arguments for lens in lenses if lens.range.start.line == 3] == [(uri, 2)]


async def test_hover_and_the_lens_show_what_marbles_prints(client):
    uri = "file:///tmp/drawn.pipe"
    await open_document(client, uri, DOCUMENT)
    expected = pipe_prints(DRAWN_BY_PIPE)
    assert "map { . + \"x\" }" in expected and "^" in expected
    hover = await hover_at(client, uri, 2, 5)  # on `map`: its help, then the diagram
    assert "RxSwift" in hover.contents.value
    assert last_block(hover) == expected
    assert hover.range.start == types.Position(line=2, character=4)
    hover = await hover_at(client, uri, 3, 1)  # white space of the statement: the diagram alone
    assert hover.contents.value == "```\n" + expected + "\n```"
    result = await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="pipe.run", arguments=[uri, 2]))
    assert result == expected
    hover = await hover_at(client, uri, 0, 5)  # a let's name: the stream it names
    assert last_block(hover) == pipe_prints('let s = cold "-a-b|" | retry 2\ns | marbles')
    assert await hover_at(client, uri, 1, 1) is None  # `set`: nothing to draw, no help


budget_client = server_fixture({"runSeconds": 1})


async def test_a_run_that_never_ends_is_stopped_by_the_budget(budget_client):
    client = budget_client
    uri = "file:///tmp/endless.pipe"
    await open_document(client, uri, ENDLESS + 'cold "-a|" | show\nset seed 3\n')
    started = time.monotonic()
    pending = asyncio.ensure_future(hover_at(client, uri, 0, 30))
    # Meanwhile the server answers what needs no run, help on hover too (the run holds the loop).
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert len(lenses) == 2 and not pending.done()
    hover = await hover_at(client, uri, 2, 5)
    assert "in this document: 3" in hover.contents.value and not pending.done(), hover.contents.value
    await answered(pending, "note: stopped after 1 s", started, within=8)
    await draws(client, uri, 1, 'cold "-a|" | marbles')


async def test_a_later_change_cancels_the_run(client):
    uri = "file:///tmp/cancelled.pipe"
    await open_document(client, uri, ENDLESS)
    started = time.monotonic()
    pending = asyncio.ensure_future(hover_at(client, uri, 0, 30))
    # The change meets the drawing's run under way: the server says when it starts.
    announced = f"running the drawing of {uri}, version 1"
    await until(lambda: any(m.message == announced for m in client.log_messages), 10, "announced run")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text='cold "-b|" | show\n')]))
    await answered(pending, "note: not run: the document changed first", started, within=3)
    await draws(client, uri, 0, 'cold "-b|" | marbles')


async def test_expect_mismatches_are_diagnostics_with_pipe_checks_text(client):
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "graded.pipe")
        holds, fails = 'cold "-a-b|" | expect "-a-b|"\n', 'cold "-a|"\n  | map { . + "!" }\n  | expect "-a-|"\n'
        with open(path, "w") as file:
            file.write(holds + fails)
        check = subprocess.run([PIPE, "check", path], capture_output=True, text=True, timeout=60,
                               env=dict(os.environ, NO_COLOR="1"))
        assert "0 passed, 1 failed" not in check.stdout and "1 passed, 1 failed" in check.stdout
        uri = "file://" + path
        assert list(await open_document(client, uri, holds + fails)) == []
        await until(lambda: client.diagnostics.get(uri), 10, "expect diagnostic")
        [diagnostic] = client.diagnostics[uri]
        assert diagnostic.code == "expectationFailed" and diagnostic.severity == types.DiagnosticSeverity.Error
        assert diagnostic.range.start == types.Position(line=3, character=4), diagnostic.range
        assert diagnostic.message.startswith(f"{path}:2: expectation failed")
        assert diagnostic.message in check.stdout, (diagnostic.message, check.stdout)
        # The first now fails and the second holds: each line says so, nothing stale is kept.
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(
                text=holds.replace('"-a-b|"\n', '"-a|"\n') + fails.replace('"-a-|"', '"-a|" [a: "a!"]'))]))
        await until(lambda: any(d.range.start.line == 0 for d in client.diagnostics.get(uri, [])), 10,
                    "diagnostic on line 1")
        assert [d.range.start.line for d in client.diagnostics[uri]] == [0]
