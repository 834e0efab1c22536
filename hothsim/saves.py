"""Saved games on disk: the user's save folder, atomic autosave, listing and reading saves.

This is the only module that reads or writes game files.  A save is written to a temporary file in
the same folder, flushed and fsynced, renamed over the old save, and the folder is fsynced: a crash
or a kill at any moment leaves either the old save or the new one, never a broken file.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from hothsim.data.files import SAVE_LIMIT, read_regular, user_folder
from hothsim.kernel.record import GameRecord, RecordError, parse_record

if TYPE_CHECKING:
    from hothsim.remote.files import Private

SAVE_SUFFIX = ".hothsim"


class SaveFileError(Exception):
    """A save that cannot be read or written, with a message a player can act on."""


class CutShortSave(SaveFileError):
    """A save whose end is missing or does not match its checksum: `text` is what the file holds, from
    which `complete_part` may still take the decisions written whole."""

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text


def user_save_dir(platform: str | None = None) -> Path:
    """Where saves live unless `--save` says otherwise.

    Linux and other Unix: $XDG_DATA_HOME/hothsim/saves (default ~/.local/share); macOS:
    ~/Library/Application Support/hothsim/saves; Windows: %APPDATA%\\hothsim\\saves.
    """
    return user_folder("data", platform) / "saves"


def atomic_write_text(path: Path, text: str) -> None:
    """Replace `path` with `text` so that readers only ever see the old or the new content."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_folder(folder)


def write_text_file(path: Path, text: str) -> None:
    """Write a file the player asked for (a report), whole or not at all; SaveFileError when it cannot be
    written (a missing folder is made)."""
    try:
        atomic_write_text(Path(path), text)
        os.chmod(path, 0o644)  # a page to share, not a private save
    except OSError as e:
        raise SaveFileError(f"{path}: cannot write it: {e.strerror or e}") from None


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable; not possible on Windows, where os.replace is already atomic.
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_record(path: Path, record: GameRecord) -> None:
    """Autosave a record atomically."""
    try:
        atomic_write_text(path, record.to_text())
    except OSError as e:
        raise SaveFileError(f"could not save the game to {path}: {e.strerror or e}") from None


def remote_paths(save: Path) -> tuple[Path, Path]:
    """Where a remote game keeps its conversation and this side's secrets, beside its save."""
    return Path(f"{save}-remote"), Path(f"{save}-private")


def write_remote(save: Path, record: GameRecord, lines: Sequence[str]) -> None:
    """Autosave a remote game: its conversation first (the game is rebuilt from it), then its record."""
    from hothsim.remote.files import conversation_text

    talk, _ = remote_paths(save)
    try:
        atomic_write_text(talk, conversation_text(list(lines)))
    except OSError as e:
        raise SaveFileError(f"could not save the game to {talk}: {e.strerror or e}") from None
    write_record(save, record)


def write_private(save: Path, private: "Private") -> None:
    """Write this side's secrets beside the save, readable by its owner only (before anything that
    depends on them is sent)."""
    from hothsim.remote.files import private_text

    _, secret = remote_paths(save)
    try:
        atomic_write_text(secret, private_text(private))
        os.chmod(secret, 0o600)
    except OSError as e:
        raise SaveFileError(f"could not write {secret}: {e.strerror or e}") from None


def read_remote(save: Path) -> tuple["Private", tuple[str, ...]]:
    """A remote game's secrets and conversation, read and checked (SaveFileError names the file).  A
    private file without its conversation is a game stopped before its first line was kept (a kill
    between the two writes): it holds no line yet."""
    from hothsim.remote.files import RemoteFileError, parse_conversation, parse_private

    talk, secret = remote_paths(save)

    def problem(path: Path) -> Callable[[str, int | None], SaveFileError]:
        return lambda message, line: SaveFileError(f"{path}: {message}")
    try:
        private = parse_private(read_regular(secret, SAVE_LIMIT, problem(secret)))
    except RemoteFileError as e:
        raise SaveFileError(f"{secret}, {e}") from None
    if not talk.exists():
        return private, ()
    try:
        lines = parse_conversation(read_regular(talk, 3 * SAVE_LIMIT, problem(talk)))
    except RemoteFileError as e:
        raise SaveFileError(f"{talk}, {e}") from None
    return private, lines


def read_turn(path: Path) -> list[str]:
    """A turn received by mail, read and checked (SaveFileError names the file)."""
    from hothsim.remote.files import RemoteFileError, parse_turn

    def problem(message: str, line: int | None) -> SaveFileError:
        return SaveFileError(f"{path}: {message}")
    try:
        return parse_turn(read_regular(Path(path), SAVE_LIMIT, problem))
    except RemoteFileError as e:
        raise SaveFileError(f"{path}: {e}") from None


def read_record(path: Path) -> GameRecord:
    """Read and check a save file; every problem is a SaveFileError naming the file and line."""
    path = Path(path)

    def problem(message: str, line: int | None) -> SaveFileError:
        if message == "there is no such file":
            message = "there is no such save file"
        where = f"{path}, line {line}" if line is not None else str(path)
        return SaveFileError(f"{where}: {message}" + ("" if "save" in message else " (it is not a hothsim save)"))

    text = read_regular(path, SAVE_LIMIT, problem)
    try:
        return parse_record(text)
    except RecordError as e:
        if "cut short" in e.message or "checksum" in e.message:
            raise CutShortSave(f"{path}, {e}", text) from None
        raise SaveFileError(f"{path}, {e}") from None


def unused_save(folder: Path, stem: str) -> Path:
    """A new game's save in `folder` named `stem`, never one already there (nor its conversation or private
    file): two games begun in the same second are told apart by a number, `stem-2`."""
    for n in range(1, 10_000):
        save = Path(folder) / f"{stem}{'' if n == 1 else f'-{n}'}{SAVE_SUFFIX}"
        if not any(p.exists() for p in (save, *remote_paths(save))):
            return save
    raise SaveFileError(f"{folder} holds ten thousand games named {stem}: give --save")


def remote_saves(folder: Path) -> list[Path]:
    """The saves of games at two machines in a folder (those with a private file), newest first."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if p.name.endswith(f"{SAVE_SUFFIX}-private") and p.is_file()]
    found.sort(key=lambda p: (-p.stat().st_mtime, p.name))
    return [Path(str(p)[: -len("-private")]) for p in found]


@dataclass(frozen=True)
class SaveInfo:
    """One save in the save folder, for `hothsim resume` to list."""

    path: Path
    modified: float


def list_saves(folder: Path) -> list[SaveInfo]:
    """Saves in a folder, newest first (temporary files of an interrupted write are skipped)."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    out = []
    for p in folder.iterdir():
        if p.suffix == SAVE_SUFFIX and not p.name.startswith(".") and p.is_file():
            out.append(SaveInfo(p, p.stat().st_mtime))
    out.sort(key=lambda s: (-s.modified, s.path.name))
    return out
