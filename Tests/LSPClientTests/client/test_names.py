"""`let` names (definition, references, rename), symbols, folding, semantic tokens."""

from conftest import open_document
from lsprotocol import types

TEXT = ('let nums = of(1, 2, 3)\n'            # 0
        'nums | take 2 | show\n'             # 1
        'let evens = nums\n'                  # 2
        '  | filter { . % 2 == 0 }\n'         # 3
        'evens | show\n'                     # 4
        'let nums = just 9\n'                 # 5
        'nums | show\n')                     # 6
URI = "file:///tmp/names.pipe"
DOC = types.TextDocumentIdentifier(uri=URI)


def at(line, character):
    return types.Position(line=line, character=character)


def span(line, start, end):
    return types.Range(start=at(line, start), end=at(line, end))


async def test_definition_and_references_follow_redefinition(client):
    await open_document(client, URI, TEXT)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=DOC, position=at(2, 13)))
    assert found.range == span(0, 4, 8)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=DOC, position=at(6, 1)))
    assert found.range == span(5, 4, 8)
    refs = await client.text_document_references_async(types.ReferenceParams(
        text_document=DOC, position=at(0, 5), context=types.ReferenceContext(include_declaration=True)))
    assert sorted((r.range.start.line, r.range.start.character) for r in refs) == [(0, 4), (1, 0), (2, 12)]
    assert await client.text_document_definition_async(
        types.DefinitionParams(text_document=DOC, position=at(1, 8))) is None  # take


async def test_rename_changes_the_name_and_its_uses_only(client):
    await open_document(client, URI, TEXT)
    edit = await client.text_document_rename_async(types.RenameParams(
        text_document=DOC, position=at(4, 2), new_name="pairs"))
    ranges = sorted((e.range.start.line, e.range.start.character) for e in edit.changes[URI])
    assert ranges == [(2, 4), (4, 0)]
    assert all(e.new_text == "pairs" for e in edit.changes[URI])


async def test_rename_refuses_what_is_not_a_name(client):
    await open_document(client, URI, TEXT)
    try:
        await client.text_document_rename_async(types.RenameParams(
            text_document=DOC, position=at(4, 2), new_name="two words"))
    except Exception as error:
        assert "not a name" in str(error)
    else:
        raise AssertionError("a rename to 'two words' was accepted")


async def test_symbols_and_folding(client):
    await open_document(client, URI, TEXT)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=DOC))
    assert [s.name for s in symbols] == ["nums", "nums | take 2 | show", "evens", "evens | show", "nums",
                                         "nums | show"]
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=DOC))
    assert [(f.start_line, f.end_line) for f in folds] == [(2, 3)]


async def test_semantic_tokens(client):
    await open_document(client, URI, 'let n = just 1\nn | map { .x } | show\n')
    legend = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    result = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=DOC))
    data = result.data
    decoded, line, character = [], 0, 0
    for index in range(0, len(data), 5):
        delta_line, delta_start, length, kind = data[index:index + 4]
        line += delta_line
        character = character + delta_start if delta_line == 0 else delta_start
        decoded.append((line, character, length, kind))
    named = [(l, c, n, legend[k]) for l, c, n, k in decoded]
    assert named == [(0, 0, 3, "keyword"), (0, 4, 1, "variable"), (0, 8, 4, "function"), (0, 13, 1, "number"),
                     (1, 0, 1, "variable"), (1, 2, 1, "operator"), (1, 4, 3, "function"), (1, 10, 2, "property"),
                     (1, 15, 1, "operator"), (1, 17, 4, "function")]
