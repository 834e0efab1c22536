"""Where the data lives and how a data file is read: TOML only, with clear errors."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from hothsim.data.errors import DataError

_PACKAGE = Path(__file__).resolve().parent.parent


def data_root() -> Path:
    """The folder holding `rules/` and `scenarios/`.

    An installed wheel carries them in `hothsim/_data/`; a checkout (editable install) has them
    beside the package.
    """
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent):
        if (candidate / "scenarios").is_dir() and (candidate / "rules").is_dir():
            return candidate
    raise DataError(_PACKAGE, "cannot find the rules/ and scenarios/ folders (is hothsim installed completely?)")


def read_text(path: Path) -> str:
    """A data file's text; missing or unreadable files are DataErrors."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(path, "there is no such file") from None
    except IsADirectoryError:
        raise DataError(path, "is a folder, not a file") from None
    except UnicodeDecodeError as e:
        raise DataError(path, f"is not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise DataError(path, f"cannot be read ({e.strerror or e})") from None


def read_toml(path: Path, text: str | None = None) -> dict[str, Any]:
    """Parse a TOML data file; syntax errors name the line."""
    text = read_text(path) if text is None else text
    try:
        return tomllib.loads(text)
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
