"""Where the data lives and how a file is read: regular files only, within limits, TOML only, with clear
errors.  Saves are read through `read_regular` too (hothsim.saves).

Limits (docs/limits.md): a data file at most DATA_LIMIT bytes, a save at most SAVE_LIMIT; a line at most
LINE_LIMIT characters; TOML nested at most DEPTH_LIMIT deep; whole numbers in TOML within INT_LIMIT.
Anything else is refused before it is parsed, with the limit named.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any, Callable, Literal, Mapping

from hothsim.data.errors import DataError

DATA_LIMIT = 1 << 20  # 1 MiB: the largest shipped data file is about 20 KiB
SAVE_LIMIT = 16 << 20  # 16 MiB: a long echo-base game saves about 100 KiB
LINE_LIMIT = 10_000
DEPTH_LIMIT = 16
INT_LIMIT = 10**12

#: The rules files: the format a file's first field names, where the shipped one lies under rules/, and
#: what it holds.
RULES_FILES: tuple[tuple[str, str, str], ...] = (
    ("hothsim-skirmish-cards/1", "skirmish/cards.toml", "the skirmish stat cards"),
    ("hothsim-skirmish-glossary/1", "skirmish/glossary.toml", "the skirmish glossary"),
    ("hothsim-assault-units/1", "assault/units.toml", "Assault on Hoth's unit chart"),
    ("hothsim-assault-actions/1", "assault/action-cards.toml", "Assault on Hoth's Action deck"),
    ("hothsim-assault-events/1", "assault/event-cards.toml", "Assault on Hoth's Event deck"),
    ("hothsim-assault-damage/1", "assault/damage-tables.toml", "Assault on Hoth's damage tables"),
    ("hothsim-assault-hero/1", "assault/hero.toml", "Assault on Hoth's Hero card"),
)


#: Raised by `read_regular`: (message, line or None) -> the caller's own error type.
Problem = Callable[[str, "int | None"], Exception]


def _not_regular(mode: int) -> str:
    """What a file that is not a regular file is, in words ("" for a regular file)."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: Path, limit: int, problem: Problem, line_limit: int = LINE_LIMIT) -> str:
    """The UTF-8 text of a regular file of at most `limit` bytes with no line longer than LINE_LIMIT.
    A folder, pipe or device is refused before it is opened for reading (so nothing can hang), and the
    file is never written."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise problem("there is no such file", None) from None
    except OSError as e:
        raise problem(f"cannot be read ({e.strerror or e})", None) from None
    what = _not_regular(st.st_mode)
    if what:
        raise problem(f"is {what}, not a regular file", None)
    if st.st_size > limit:
        raise problem(f"is {st.st_size:,} bytes long; hothsim reads files of at most {limit:,} bytes", None)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise problem(f"cannot be read ({e.strerror or e})", None) from None
    try:
        what = _not_regular(os.fstat(fd).st_mode)  # it may have been swapped since the first look
        if what:
            raise problem(f"is {what}, not a regular file", None)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise problem(f"cannot be read ({e.strerror or e})", None) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise problem(f"is more than {limit:,} bytes long; hothsim reads files of at most {limit:,} bytes", None)
    nul = data.find(b"\0")
    if nul >= 0:
        raise problem("holds a NUL byte: it is not a text file", data.count(b"\n", 0, nul) + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise problem(f"is not UTF-8 text (byte {e.start} of the file)", data.count(b"\n", 0, e.start) + 1) from None
    for n, line in enumerate(text.split("\n"), 1):
        if len(line) > line_limit:
            raise problem(f"the line is {len(line):,} characters long; at most {line_limit:,} are allowed", n)
    return text

_PACKAGE = Path(__file__).resolve().parent.parent


#: The kinds of user folder hothsim keeps things in: your saves (data), your corrections to the rules
#: (config), the warm start's entries (cache: files that may be deleted at any time).
FolderKind = Literal["data", "config", "cache"]
#: The XDG variable that chooses each kind's folder.
XDG_VARIABLES: Mapping[FolderKind, str] = {"data": "XDG_DATA_HOME", "config": "XDG_CONFIG_HOME",
                                           "cache": "XDG_CACHE_HOME"}


def user_folder(kind: FolderKind, platform: str | None = None) -> Path:
    """hothsim's folder of the user's kind: `$XDG_DATA_HOME`, `$XDG_CONFIG_HOME` or `$XDG_CACHE_HOME` when
    set to an absolute path, on every system; else where each system keeps it, as platformdirs finds it: on
    Linux and other Unix `~/.local/share`, `~/.config`, `~/.cache`; on macOS `~/Library/Application Support` (caches:
    `~/Library/Caches`); on Windows the roaming application data folder (caches: the local one), as the
    system names them.  `platform` is `sys.platform` unless given (tests)."""
    from platformdirs.macos import MacOS
    from platformdirs.unix import Unix
    from platformdirs.windows import Windows

    chosen = os.environ.get(XDG_VARIABLES[kind], "")
    if chosen and Path(chosen).is_absolute():  # honoured on every system: a portable install, the tests
        return Path(chosen) / "hothsim"
    platform = sys.platform if platform is None else platform
    kind_of_system = Windows if platform.startswith("win") else MacOS if platform == "darwin" else Unix
    # No author folder, no "Cache" folder of platformdirs' own under the cache, saves that roam on Windows.
    dirs = kind_of_system("hothsim", appauthor=False, roaming=True, opinion=False)
    return Path(getattr(dirs, f"user_{kind}_dir"))


def data_root() -> Path:
    """The folder holding `rules/` and `scenarios/`.

    An installed wheel carries them in `hothsim/_data/`; a checkout (editable install) has them
    beside the package.
    """
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent):
        if (candidate / "scenarios").is_dir() and (candidate / "rules").is_dir():
            return candidate
    raise DataError(_PACKAGE, "cannot find the rules/ and scenarios/ folders (is hothsim installed completely?)")


def read_text(path: Path, limit: int = DATA_LIMIT) -> str:
    """A data file's text; missing, unreadable, oversized or non-text files are DataErrors."""
    return read_regular(path, limit, lambda message, line: DataError(path, message, line=line))


def read_toml(path: Path, text: str | None = None) -> dict[str, Any]:
    """Parse a TOML data file; syntax errors name the line; too deep nesting and huge numbers are refused."""
    import tomllib  # only when a file is read (a warm start reads none)

    text = read_text(path) if text is None else text
    try:
        raw = tomllib.loads(text)
    except RecursionError:
        raise DataError(path, f"nests arrays or tables too deeply (at most {DEPTH_LIMIT} levels)") from None
    except tomllib.TOMLDecodeError as e:
        msg = str(e)
        line = None
        if "(at line " in msg:
            try:
                line = int(msg.split("(at line ")[1].split(",")[0])
            except ValueError:
                pass
            msg = msg.split(" (at line ")[0]
        raise DataError(path, f"is not valid TOML: {msg}", line=line) from None
    except ValueError:  # int() refuses numbers of thousands of digits with a ValueError of its own
        raise DataError(path, f"holds a number too long to read (whole numbers are at most {INT_LIMIT:,})") from None
    _check_shape(path, raw)
    return raw


def _check_shape(path: Path, raw: dict[str, Any]) -> None:
    """Nesting depth and the size of whole numbers, checked without recursion; names the key."""
    todo: list[tuple[object, str, int]] = [(raw, "", 0)]
    while todo:
        value, where, depth = todo.pop()
        if depth > DEPTH_LIMIT:
            raise DataError(path, f"nests arrays or tables too deeply (at most {DEPTH_LIMIT} levels)",
                            field=where or None)
        if type(value) is dict:
            todo.extend((v, f"{where}.{k}" if where else str(k), depth + 1) for k, v in value.items())
        elif type(value) is list:
            todo.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
        elif type(value) is int and abs(value) > INT_LIMIT:
            raise DataError(path, f"the number is too large (whole numbers are at most {INT_LIMIT:,})",
                            field=where or None)
