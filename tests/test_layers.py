"""The architecture of docs/architecture.md, checked on the source: the rules core (kernel, skirmish, assault)
never imports the front end, the command line, file access or the file models."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "hothsim"
CORE = sorted(p for part in ("kernel", "skirmish", "assault") for p in (PACKAGE / part).glob("*.py"))
FORBIDDEN = ("hothsim.tui", "hothsim.cli", "hothsim.saves", "hothsim.data", "hothsim.opening", "hothsim.games",
             "curses", "pydantic", "os", "pathlib", "io", "time", "datetime")
# The game record's header is validated by a pydantic model as it is parsed (docs/save-format.md), and its
# creation time is checked to be a date (the clock itself is read by the caller); reading and writing the
# file are in hothsim/saves.py.
ALLOWED = {("kernel/header_file.py", "pydantic"), ("kernel/header.py", "datetime")}


def imports_of(path: Path) -> set[str]:
    """Every module a source file imports, at any depth of the file."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def forbidden_imports(path: Path, forbidden: tuple[str, ...]) -> list[str]:
    """The modules a file imports that are, or sit inside, one of `forbidden`."""
    return [m for m in imports_of(path) for f in forbidden if m == f or m.startswith(f + ".")]


def private_names(path: Path) -> list[str]:
    """Private attributes a file reaches on anything but `self` (`game._state`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"line {n.lineno}: .{n.attr}" for n in ast.walk(tree) if isinstance(n, ast.Attribute)
            and n.attr.startswith("_") and not n.attr.startswith("__")
            and not (isinstance(n.value, ast.Name) and n.value.id == "self")]


@pytest.mark.parametrize("path", CORE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_rules_core_imports_no_front_end_files_or_clock(path):
    where = f"{path.parent.name}/{path.name}"
    bad = [m for m in imports_of(path) for f in FORBIDDEN
           if (m == f or m.startswith(f + ".")) and (where, f) not in ALLOWED]
    assert not bad, f"{where} imports {bad}"


def test_the_core_is_found():
    assert len(CORE) >= 15


# ---------------------------------------------------------------- the computer opponent

AI = sorted((PACKAGE / "ai").rglob("*.py"))
AI_FORBIDDEN = ("hothsim.tui", "hothsim.cli", "hothsim.session", "hothsim.match", "hothsim.saves", "hothsim.data",
                "hothsim.opening", "curses", "pydantic", "os", "pathlib", "io", "time", "datetime", "threading")


@pytest.mark.parametrize("path", AI, ids=lambda p: str(p.relative_to(PACKAGE / "ai")))
def test_the_computer_opponent_is_pure_and_reads_no_clock(path):
    """It reaches the games through the registry and their public interface, never a file, a screen or a
    clock (the caller owns the deadline)."""
    bad = forbidden_imports(path, AI_FORBIDDEN)
    assert not bad, f"ai/{path.name} imports {bad}"


@pytest.mark.parametrize("path", AI, ids=lambda p: str(p.relative_to(PACKAGE / "ai")))
def test_the_computer_opponent_uses_no_private_names_of_the_games(path):
    """No `game._state`, `obs._x`: only what every caller may use (its own `self._...` aside)."""
    private = private_names(path)
    assert not private, f"ai/{path.name}: {private}"


DESCRIBE = sorted((PACKAGE / "describe").rglob("*.py"))
DESCRIBE_FORBIDDEN = AI_FORBIDDEN + ("hothsim.plain", "hothsim.ai")


@pytest.mark.parametrize("path", DESCRIBE, ids=lambda p: str(p.relative_to(PACKAGE / "describe")))
def test_the_describe_layer_is_pure_and_uses_no_private_names(path):
    """The game in words reads the games' public interface and states, never a file, a screen, a clock,
    the session or the computer opponent; the plain mode and anything else that speaks use it."""
    bad = forbidden_imports(path, DESCRIBE_FORBIDDEN)
    assert not bad, f"describe/{path.name} imports {bad}"
    private = private_names(path)
    assert not private, f"describe/{path.name}: {private}"


REPORT = sorted((PACKAGE / "report").rglob("*.py"))


@pytest.mark.parametrize("path", REPORT, ids=lambda p: str(p.relative_to(PACKAGE / "report")))
def test_the_report_writes_strings_and_touches_no_file_screen_or_clock(path):
    """The report's story, maps and pages are built in memory (the replay reads the game's data through
    the registry, as every replay does); the command line writes the file."""
    bad = forbidden_imports(path, DESCRIBE_FORBIDDEN)
    assert not bad, f"report/{path.name} imports {bad}"


REMOTE = sorted((PACKAGE / "remote").rglob("*.py"))
REMOTE_FORBIDDEN = AI_FORBIDDEN + ("hothsim.plain", "hothsim.hosting", "socket", "asyncio", "selectors", "random")
#: The one module of remote play that does I/O: the connection (sockets, the door's many newcomers at once
#: through selectors, and the clock for its deadlines);
#: the files' pydantic models sit in files.py (hothsim.saves reads and writes the files).
REMOTE_LINK = "link.py"


@pytest.mark.parametrize("path", REMOTE, ids=lambda p: str(p.relative_to(PACKAGE / "remote")))
def test_remote_play_is_pure_but_for_its_connection(path):
    """The protocol, its checks and the shared dice are functions of the lines received and this side's
    secrets: no file, screen, clock, socket or unseeded randomness (`secrets` makes the chains' seeds), so
    a conversation read back from disk replays exactly; only link.py talks to the network."""
    allowed = {REMOTE_LINK: ("socket", "time", "selectors"), "files.py": ("pydantic",)}.get(path.name, ())
    forbidden = tuple(f for f in REMOTE_FORBIDDEN if f not in allowed)
    bad = forbidden_imports(path, forbidden)
    assert not bad, f"remote/{path.name} imports {bad}"
    private = private_names(path)
    assert not private, f"remote/{path.name}: {private}"


def test_the_remote_modules_are_found():
    assert {p.name for p in REMOTE} >= {"chain.py", "dice.py", "messages.py", "peer.py", "files.py", "link.py", "door.py",
                                        "identity.py"}


def test_the_describe_layer_is_found():
    assert {p.name for p in DESCRIBE} >= {"__init__.py", "skirmish.py", "assault.py"}


def test_the_computer_opponent_is_found():
    assert {str(p.relative_to(PACKAGE / "ai")) for p in AI} >= {
        "search.py", "players.py", "skirmish.py", "assault.py", "weights.py", "expert/skirmish.py",
        "expert/assault.py"}


# ---------------------------------------------------------------- one registry of game kinds

EVERY = sorted(PACKAGE.rglob("*.py"))
REGISTRY = PACKAGE / "games.py"
GAME_NAMES = {"skirmish", "assault"}
GAME_CLASSES = {"SkirmishGame", "AssaultGame"}


def kind_tests(path: Path) -> list[str]:
    """Places where a module asks which game it holds: a comparison with a game's name, an isinstance or
    type test against a game class, or hasattr/getattr on a game."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                if isinstance(side, ast.Constant) and side.value in GAME_NAMES:
                    found.append(f"line {node.lineno}: compares with {side.value!r}")
                if isinstance(side, ast.Name) and side.id in GAME_CLASSES:
                    found.append(f"line {node.lineno}: compares with {side.id}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            names = {n.id for a in node.args for n in ast.walk(a) if isinstance(n, ast.Name)}
            attrs = {n.attr for a in node.args[:1] for n in ast.walk(a) if isinstance(n, ast.Attribute)}
            if node.func.id == "isinstance" and names & GAME_CLASSES:
                found.append(f"line {node.lineno}: isinstance against a game class")
            if node.func.id in ("hasattr", "getattr") and node.args and (
                    {"game", "g"} & {n.id for n in ast.walk(node.args[0]) if isinstance(n, ast.Name)}
                    or "game" in attrs):
                found.append(f"line {node.lineno}: {node.func.id} on a game")
    return found


@pytest.mark.parametrize("path", [p for p in EVERY if p != REGISTRY], ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_but_the_registry_asks_which_game_it_holds(path):
    assert not kind_tests(path), f"{path.relative_to(PACKAGE)}: {kind_tests(path)}"


def test_the_kind_test_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('def f(game):\n    if game.record.header.game == "assault":\n        pass\n'
                      '    if isinstance(game, SkirmishGame):\n        pass\n    return hasattr(game, "round_title")\n')
    assert len(kind_tests(sample)) == 3


# ---------------------------------------------------------------- the front end asks, never reaches in

FRONT_END = sorted((PACKAGE / "tui").rglob("*.py")) + [PACKAGE / "plain.py"]
#: What the front end may import from the rules: the action values (to name a choice), the typed views of
#: each game (`SkirmishView`, `AssaultView`) and the kernel's geometry (square and hex labels); everything
#: else it asks the game through the public methods those views name.
RULES_PUBLIC = ("hothsim.skirmish.actions", "hothsim.assault.actions", "hothsim.skirmish.interface",
                "hothsim.assault.interface", "hothsim.kernel.squares",
                "hothsim.kernel.hexes", "hothsim.kernel.engine",
                "hothsim.kernel.words")  # counts in words ("1 MP"): no rules in it


@pytest.mark.parametrize("path", FRONT_END, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_front_end_imports_no_rules_internals_and_no_private_names(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith(("hothsim.skirmish", "hothsim.assault", "hothsim.kernel")) and \
                    node.module not in RULES_PUBLIC:
                bad.append(node.module)
            bad += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        if isinstance(node, ast.Import):
            bad += [a.name for a in node.names if a.name.startswith(("hothsim.skirmish", "hothsim.assault"))]
    assert not bad, f"{path.relative_to(PACKAGE)} imports {bad}"


# ---------------------------------------------------------------- module size

MODULE_LINES = 850  # "no module over about 800 lines": a chapter a reader can hold


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_is_over_about_800_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MODULE_LINES, f"{path.relative_to(PACKAGE)} has {lines} lines: split it by concept"


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_only_the_file_schemas_import_pydantic(path):
    # A warm start (hothsim.data.warm) opens a game without importing pydantic: the models live in three
    # modules that only the validating loaders (and remote play) import, inside the functions that read a file.
    where = str(path.relative_to(PACKAGE))
    if where in ("data/schemas.py", "kernel/header_file.py", "remote/files.py"):
        return
    assert not [m for m in imports_of(path) if m == "pydantic" or m.startswith("pydantic.")], where
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {alias.name if isinstance(node, ast.Import) else node.module
           for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))
           for alias in node.names}
    assert not top & {"hothsim.data.schemas", "hothsim.kernel.header_file"}, where


# ---------------------------------------------------------------- functions a reader can hold in mind

COMPLEXITY = 25  # issue 30: no function in hothsim/ over a cyclomatic complexity of 25


def _decisions(node: ast.AST) -> int:
    """Decision points under a node, not counting nested functions and classes (they are counted apart)."""
    n = 0
    if isinstance(node, ast.Try):
        n += len(node.handlers) + bool(node.orelse)
    elif isinstance(node, ast.BoolOp):
        n += len(node.values) - 1
    elif isinstance(node, (ast.If, ast.IfExp, ast.Assert)):
        n += 1
    elif isinstance(node, ast.Match):
        n += max(0, len(node.cases) - any(getattr(c.pattern, "pattern", False) is None for c in node.cases))
    elif isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        n += 1 + bool(node.orelse)
    elif isinstance(node, ast.comprehension):
        n += 1 + len(node.ifs)
    return n + sum(_decisions(c) for c in ast.iter_child_nodes(node)
                   if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))


def complexities(path: Path) -> dict[str, int]:
    """McCabe's cyclomatic complexity of every function in a file, counted as radon counts it (a branch,
    loop, handler, `and`/`or`, comprehension clause, conditional expression or assert adds one), keyed
    `file:name` (a nested function by its own name, its highest figure if the name repeats)."""
    where = str(path.relative_to(PACKAGE)) if path.is_relative_to(PACKAGE) else path.name
    out: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            key = f"{where}:{node.name}"
            own = [c for c in node.body if not isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
            out[key] = max(out.get(key, 0), 1 + sum(_decisions(c) for c in own))
    return out


def test_no_function_is_too_branchy_to_hold_in_mind():
    found = {k: v for p in sorted(PACKAGE.rglob("*.py")) for k, v in complexities(p).items()}
    over = {k: v for k, v in found.items() if v > COMPLEXITY}
    assert not over, f"over a complexity of {COMPLEXITY}: {over} (split them by what they decide)"


def test_the_complexity_count_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(a, b):\n    if a and b:\n        return [x for x in a if x]\n"
                      "    def g():\n        return 1 if a else 2\n    try:\n        pass\n"
                      "    except ValueError:\n        pass\n    return 0\n")
    counted = {k.split(":")[1]: v for k, v in complexities(sample).items()}
    assert counted == {"f": 1 + 1 + 1 + 2 + 1, "g": 2}  # as radon counts them


# ---------------------------------------------------------------- typed views of a game

TYPED = sorted((PACKAGE / "ai").rglob("*.py")) + sorted((PACKAGE / "tui").rglob("*.py"))


def untyped_games(path: Path) -> list[str]:
    """Parameters named `game` with no type, or typed `Any`."""
    return [f"line {n.lineno}: {n.name}" for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            for a in n.args.posonlyargs + n.args.args + n.args.kwonlyargs
            if a.arg == "game" and (a.annotation is None or ast.unparse(a.annotation).strip("'\"") == "Any")]


@pytest.mark.parametrize("path", TYPED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_computer_and_the_front_end_name_the_view_of_a_game_they_take(path):
    """A `game` is a `GameView`, a `SkirmishView`, an `AssaultView` or a game class, never bare (issue 30)."""
    assert not untyped_games(path), f"{path.relative_to(PACKAGE)}: {untyped_games(path)}"


def test_the_untyped_game_check_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(game, x):\n    pass\ndef g(game: Any):\n    pass\ndef h(game: GameView):\n    pass\n")
    assert len(untyped_games(sample)) == 2


# ---------------------------------------------------------------- rules that never reach back for their game

#: The game classes' modules: the facades over the rules.  Only they (and the package's public face)
#: import them; a rule module is handed what it needs (setup, board, terrain, dice, state), never the game.
GAME_MODULES = {"hothsim.skirmish.game", "hothsim.assault.game"}
RULES = [p for part in ("kernel", "skirmish", "assault") for p in sorted((PACKAGE / part).glob("*.py"))
         if p.name not in ("game.py", "__init__.py")]


@pytest.mark.parametrize("path", RULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_rule_module_imports_its_game_class(path):
    """Not even for a type (`if TYPE_CHECKING:`) nor inside a function: a rule that needs the game is a
    rule the game should hand what it needs (issue 30)."""
    bad = forbidden_imports(path, tuple(GAME_MODULES))
    assert not bad, f"{path.parent.name}/{path.name} imports {bad}"


def test_the_game_import_check_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from hothsim.skirmish.game import SkirmishGame\n"
                      "def f():\n    from hothsim.assault.game import AssaultGame\n")
    assert sorted(forbidden_imports(sample, tuple(GAME_MODULES))) == ["hothsim.assault.game", "hothsim.skirmish.game"]


# ---------------------------------------------------------------- thin game classes

GAME_METHODS = 30  # issue 30: a game class is a facade over its rules, not the rules themselves


@pytest.mark.parametrize("where", ["skirmish/game.py:SkirmishGame", "assault/game.py:AssaultGame"])
def test_a_game_class_is_a_thin_facade(where):
    """legal_actions, apply, clone, the observation and the questions the front end asks; the rules
    themselves live in the modules of their chapters, handed what they need."""
    path, name = where.split(":")
    tree = ast.parse((PACKAGE / path).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    methods = [n.name for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    assert len(methods) <= GAME_METHODS, f"{name} has {len(methods)} methods: {methods}"


# ---------------------------------------------------------------- secrets the front end never reads

#: The parts of a game's full state a player may not know: which Snowspeeder Luke flies, the order of the
#: decks, the squads built in secret.  What the front end draws of them comes through the observation of
#: the viewer (`screen.seen`, `game.observation(viewer)`); it reads the full state only for the deciding
#: player's questions (a unit's hex, what has acted), whose answers every player may know (issue 30).
SECRETS = {"luke", "action_deck", "squads"}
FRONT = sorted((PACKAGE / "tui").rglob("*.py")) + [PACKAGE / "plain.py"]


def secrets_read(path: Path) -> list[str]:
    """Secret fields read off `game.state`, directly or through a name bound to it in the same function."""
    out = []
    for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        full = {t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) and _is_full_state(n.value)
                for t in n.targets if isinstance(t, ast.Name)}
        out += [f"line {n.lineno}: .{n.attr}" for n in ast.walk(fn) if isinstance(n, ast.Attribute)
                and n.attr in SECRETS and (_is_full_state(n.value)
                                           or (isinstance(n.value, ast.Name) and n.value.id in full))]
    return sorted(set(out))


def _is_full_state(node: ast.AST) -> bool:
    """`game.state` (the full state), as against an observation's state."""
    return (isinstance(node, ast.Attribute) and node.attr == "state" and isinstance(node.value, ast.Name)
            and node.value.id == "game")


@pytest.mark.parametrize("path", FRONT, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_front_end_reads_no_secret_off_the_full_state(path):
    assert not secrets_read(path), f"{path.relative_to(PACKAGE)}: {secrets_read(path)}"


def test_the_secret_check_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(game):\n    s = game.state\n    return s.luke\n"
                      "def g(game):\n    return game.state.squads\n"
                      "def h(game):\n    s = game.observation('rebel').state\n    return s.luke\n")
    assert secrets_read(sample) == ["line 3: .luke", "line 5: .squads"]


def _imports_between_modules() -> dict[str, set[str]]:
    """Every module of hothsim by dotted name, with the hothsim modules it imports anywhere in it (at the
    top, or inside a function: an import put off is still a tie), a package's `from P import name` counted
    as an import of the submodule where one is so named, else of the package itself."""
    mods = {}
    for path in PACKAGE.rglob("*.py"):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        mods[name.removesuffix(".__init__")] = path
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in mods}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for a in node.names:
                    graph[name] |= {f"{base}.{a.name}"} if f"{base}.{a.name}" in mods else ({base} & mods.keys())
        graph[name].discard(name)
    return graph


def test_no_modules_import_each_other_in_a_circle_even_through_imports_inside_functions():
    graph = _imports_between_modules()
    assert "hothsim.kernel.header" in graph["hothsim.kernel.header_file"]  # the graph was read
    circles = []
    for start in graph:  # a module that reaches itself again by its imports sits in a circle
        seen, todo = set(), list(graph[start])
        while todo:
            here = todo.pop()
            if here not in seen:
                seen.add(here)
                todo.extend(graph[here])
        if start in seen:
            circles.append(start)
    assert not circles, f"these modules reach themselves through their imports: {sorted(circles)}"


#: The methods that ask a card or a figure about an ability or a Force power by its name.
ABILITY_QUERIES = {"printed", "has", "number", "numbers", "power"}


def test_every_ability_and_force_power_the_code_asks_about_is_one_the_card_data_knows():
    """A misspelt ability in the rules code would quietly turn a rule off (the card never "has" it): every
    name given as text to an ability query anywhere in hothsim is in the data's vocabulary, and the
    vocabulary itself holds each name the skirmish's notation words stand for."""
    from hothsim.data.abilities import ABILITY_PARAMS, FORCE_POWERS
    from hothsim.skirmish.actions import ABILITY_WORDS

    known = set(ABILITY_PARAMS) | set(FORCE_POWERS)
    asked: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ABILITY_QUERIES:
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value[:1].isupper():
                        asked.setdefault(arg.value, []).append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert len(asked) >= 15  # the rules ask about many abilities by name (the scan found them)
    unknown = {name: where for name, where in asked.items() if name not in known}
    assert not unknown, f"abilities asked about that no card could have: {unknown}"
    assert set(ABILITY_WORDS.values()) <= known


def test_nothing_in_the_repository_points_outside_it():
    """The code, the tests and the docs name only what the checkout holds: no starting design document or
    shared folder beside it (their words are in docs/ now)."""
    outside = ("design" + ".md", "../" + "shared", "shared/" + "docs", "shared/" + "rulebooks")
    root = PACKAGE.parent
    files = [*PACKAGE.rglob("*.py"), *(root / "tests").rglob("*.py"), *(root / "docs").rglob("*.md"),
             root / "README.md", *(root / "benchmarks").rglob("*.py")]
    found = [f"{path.relative_to(root)}: {word}" for path in files for word in outside
             if word in path.read_text(encoding="utf-8")]
    assert not found, found


def test_code_comments_say_why_in_the_codes_own_terms_not_by_tracker_numbers():
    """A comment or docstring cites a doc or the rulebook, never an issue or a stop by number (the reader
    of the code has no tracker)."""
    import re

    cited = [f"{path.relative_to(PACKAGE.parent)}:{n}" for path in PACKAGE.rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\b(issue|stop)s? [0-9]+", line, re.IGNORECASE)]
    assert not cited, cited


def test_a_type_checker_escape_is_rare_names_its_error_code_and_says_why():
    """`python -m mypy` checks the package (CI runs it); where a line must escape it, the comment names the
    error code it allows and gives the reason after it, and there are at most twenty such lines."""
    import re

    escapes = [(f"{path.relative_to(PACKAGE.parent)}:{n}", line) for path in EVERY
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if "type: ignore" in line]
    unexplained = [where for where, line in escapes
                   if not re.search(r"# type: ignore\[[a-z-]+(,[a-z-]+)*\]\s+#\s*\S", line)]
    assert not unexplained, unexplained
    assert len(escapes) <= 20, escapes


def test_every_layer_registers_its_part_of_every_game_kind_as_an_object():
    """The rules core's registry names no module of the layers above it: each layer keeps its own table
    of what it brings to a game kind (its screen, computer opponent, words, report), by the kind's name.
    Every table names exactly the kinds the core knows, and each entry gives the object itself."""
    from hothsim.ai.opponents import OPPONENTS
    from hothsim.describe.describers import DESCRIBERS
    from hothsim.games import KINDS
    from hothsim.report.telling import CHRONICLERS
    from hothsim.tui.screens import SCREENS

    for table, made, asked in ((OPPONENTS, "Opponent", "policy"), (SCREENS, "Screen", "render"),
                               (DESCRIBERS, "Describer", "unit_ids"), (CHRONICLERS, "Chronicler", "chapter")):
        assert set(table) == set(KINDS), made
        for name, entry in table.items():
            part = entry()
            assert callable(getattr(part, asked)), (made, name)
            assert not isinstance(part, str)
    assert {type(SCREENS[name]()).__module__ for name in KINDS} == {"hothsim.tui.skirmish", "hothsim.tui.assault"}
    fields = {f.name for f in dataclasses.fields(KINDS["skirmish"])}
    assert not fields & {"screen", "ai", "describe", "report"}  # the core names none of them
