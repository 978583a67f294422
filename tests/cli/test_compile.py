"""`cardrules compile`: a game's generated Python, printed or written; rule text only ever in comments."""

import ast
import io
import tokenize

import cardrules
from tests.language.test_injection import TEMPLATE, TEXTS


def test_prints_the_generated_python_of_a_bundled_game(invoke):
    result = invoke("compile", "red7", "-o", "advanced", "-p", "3")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("# The generated Python of 'Red7' ('red7'), options: advanced=True")
    ast.parse(result.output)
    assert ("# winning: reads active, zone canvas, zone palette; kept in the state by p and the value of "
            "current_rule, until palette or who is out changes (the memo keyed by reads)") in result.output


def test_the_listing_is_the_same_at_every_compile(invoke):
    """Constants are listed without the memory addresses of their objects: a diff of two listings shows what the
    compiler wrote differently, nothing else."""
    first, second = invoke("compile", "crazy-eights"), invoke("compile", "crazy-eights")
    assert first.exit_code == second.exit_code == 0
    assert "# MISSING = <object object>" in first.output and " at 0x" not in first.output
    assert first.output == second.output


def test_writes_the_source_to_a_file(invoke, tmp_path):
    target = tmp_path / "punto.py"
    result = invoke("compile", "punto", "--output", target)
    assert result.exit_code == 0, result.output
    assert "wrote" in result.output
    assert "def d" in target.read_text() and "# legal_cells: reads zone grid" in target.read_text()


def test_a_bad_command_line_is_refused(invoke, tmp_path):
    assert invoke("compile", "red7", "-p", "9").exit_code == 2
    assert invoke("compile", "red7", "-o", "nonsense").exit_code == 2
    assert invoke("compile", "no-such-game").exit_code == 2
    assert invoke("compile", "red7", "--output", tmp_path / "missing" / "x.py").exit_code == 1


def test_crafted_names_and_texts_reach_only_comments(invoke, tmp_path):
    for text in TEXTS:
        rules = TEMPLATE.format(text=text, attribute="lambda", zone="import_z", option="exec_o", var="eval_v",
                                definition="os_d", param="s", name="go", binder="b")
        path = tmp_path / "crafted.rules"
        path.write_text(rules)
        result = invoke("compile", path)
        assert result.exit_code == 0, result.output
        source = result.output
        tree = ast.parse(source)
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert not names & {"__import__", "system", "os", "exec", "eval", "lambda", "import_z"}, names
        texts = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        assert f"{text} " in texts or text in texts  # the `say` text: a string literal, nothing else
        comments = [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
                    if tok.type == tokenize.COMMENT]
        assert any("os_d: reads" in c for c in comments)


def test_the_listing_ends_with_the_playout_or_why_there_is_none(invoke, tmp_path):
    """compiler/playout.py's function is generated source too: the listing shows it, or says why a game has none."""
    red7 = invoke("compile", "red7")
    assert red7.exit_code == 0, red7.output
    playout = red7.output[red7.output.index("# ---- The playout"):]
    assert "def play(n, rng, Z, V, bits, limit, STEPS, G):" in playout
    assert "# Constants and helpers of the playout's namespace:" in playout and " at 0x" not in playout
    ast.parse(red7.output)
    assert "Written as a machine" not in red7.output
    assert "# Written as a machine" in invoke("compile", "red7", "-o", "expert").output
    told = tmp_path / "told.rules"  # (a sentence told to some seats only: not played by a playout)
    told.write_text(cardrules.resources.bundled_games()["red7"].read_text().replace(
        "      eliminate me\n", '      eliminate me\n      say me, "folds" to [me]\n', 1))
    listing = invoke("compile", str(told))
    assert listing.exit_code == 0, listing.output
    assert "# This game has none: `say ... to`; its games are played on the engine." in listing.output

