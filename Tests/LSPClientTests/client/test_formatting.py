"""`pipe fmt` and the server's formatting: one layout, through the same code."""

import os
import subprocess
import tempfile

from conftest import PIPE, open_document
from lsprotocol import types

MESSY = '\n\n# keep me |  as   I am   \nweather "Oslo"|retry 2   \n|  map { .temp }\n\n\n\nof(1, 2)|show\n'
LAID_OUT = '# keep me |  as   I am\nweather "Oslo" | retry 2\n  | map { .temp }\n\nof(1, 2) | show\n'
REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def fmt(*arguments):
    return subprocess.run([PIPE, "fmt", *arguments], capture_output=True, text=True, timeout=60)


def test_fmt_check_lists_rewrites_and_passes():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "messy.pipe")
        tidy = os.path.join(folder, "tidy.pipe")
        with open(path, "w") as file:
            file.write(MESSY)
        with open(tidy, "w") as file:
            file.write(LAID_OUT)
        check = fmt("--check", folder)
        assert (check.returncode, check.stdout) == (1, path + "\n"), check
        with open(path) as file:
            assert file.read() == MESSY  # --check writes nothing
        assert fmt(folder).returncode == 0
        with open(path) as file:
            assert file.read() == LAID_OUT
        assert fmt("--check", folder).returncode == 0


def test_fmt_refuses_a_text_it_cannot_read():
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "open.pipe")
        with open(path, "w") as file:
            file.write('just "open  \n')
        run = fmt(path)
        assert run.returncode == 2 and "unterminated string" in run.stderr, run
        with open(path) as file:
            assert file.read() == 'just "open  \n'


def test_the_shipped_scripts_are_laid_out():
    run = subprocess.run([PIPE, "fmt", "--check", "examples", "workshop"], capture_output=True, text=True,
                         timeout=60, cwd=REPOSITORY)
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


async def test_formatting_request_gives_the_same_layout(client):
    uri = "file:///tmp/messy.pipe"
    await open_document(client, uri, MESSY)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1 and edits[0].new_text == LAID_OUT
    assert edits[0].range.start == types.Position(line=0, character=0)
    assert edits[0].range.end == types.Position(line=MESSY.count("\n"), character=0)
    await open_document(client, "file:///tmp/tidy.pipe", LAID_OUT)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri="file:///tmp/tidy.pipe"),
        options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert list(edits) == []
