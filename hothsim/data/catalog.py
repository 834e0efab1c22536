"""What the installed data offers: scenarios by id, maps by id, and what kind of file a path is."""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path

from typing import TYPE_CHECKING, Any, Hashable

from hothsim.data.values import HexMapFile, ScenarioFile, SquareMapFile
from hothsim.data.errors import DataError, UnknownScenario
from hothsim.data.files import DATA_LIMIT, RULES_FILES, SAVE_LIMIT, data_root, read_text, read_toml
from hothsim.kernel.record import MAGIC

if TYPE_CHECKING:
    from hothsim.kernel.hexes import HexMap
    from hothsim.kernel.squares import SquareMap


@dataclass(frozen=True)
class Catalog:
    """The data folder: `rules/`, `scenarios/*.toml` and `scenarios/maps/*.toml`.

    `shared` holds objects worth keeping between games opened through this catalog (a map's geometry
    caches), so many games of one map compute line of sight once.  `warm` is the folder of the warm start's
    entries (`hothsim.data.warm`), or None to validate the files every time.
    """

    root: Path
    # What the games of one map share, built once (a skirmish's Board, Assault on Hoth's Terrain), by a key
    # that names which: of several kinds, so read back by its key's kind.
    shared: dict[tuple[Hashable, ...], Any] = field(default_factory=dict, compare=False, repr=False)
    overrides: Path | None = None  # your corrections to rules/ (hothsim.data.overrides)
    warm: Path | None = None

    @staticmethod
    def installed() -> "Catalog":
        """The catalog shipped with hothsim, with your corrections to the rules data if you have any, and
        the warm start's entries in your cache folder."""
        from hothsim.data.overrides import user_rules_dir
        from hothsim.data.warm import user_cache_dir

        return Catalog(data_root(), overrides=user_rules_dir(), warm=user_cache_dir())

    def rules_file(self, relative: str) -> tuple[Path, Path | None]:
        """A shipped rules file (`skirmish/cards.toml`) and where your correction of it would be."""
        return self.root / "rules" / relative, (self.overrides / relative if self.overrides is not None else None)

    @property
    def scenario_dir(self) -> Path:
        """Folder of scenario files."""
        return self.root / "scenarios"

    @property
    def map_dir(self) -> Path:
        """Folder of map files."""
        return self.root / "scenarios" / "maps"

    def scenario_paths(self) -> list[Path]:
        """Scenario files, sorted by file name."""
        return sorted(self.scenario_dir.glob("*.toml"))

    def scenarios(self) -> list[ScenarioFile]:
        """Every shipped scenario, validated, sorted by id."""
        from hothsim.data.scenario import load_scenario_file

        return sorted((load_scenario_file(p) for p in self.scenario_paths()), key=lambda s: s.id)

    def map_paths(self) -> list[Path]:
        """Map files, sorted by file name."""
        return sorted(self.map_dir.glob("*.toml"))

    def scenario_path(self, scenario: str) -> Path:
        """The file of a scenario id, or the path itself when `scenario` names a file."""
        p = Path(scenario)
        if p.suffix == ".toml" or "/" in scenario or "\\" in scenario:
            if not os.path.lexists(p):
                raise DataError(p, "there is no such scenario file")
            if "\n" in scenario or "\r" in scenario:  # a game's record names the file on one line
                raise DataError(p, "a scenario file's path may not hold a line break; rename its folder")
            return p  # read as a regular file only (data.files.read_regular), within the size limits
        path = self.scenario_dir / f"{scenario}.toml"
        if not path.is_file():
            known = ", ".join(s.stem for s in self.scenario_paths()) or "none"
            raise UnknownScenario(path, scenario, known)
        return path

    def map_file_for(self, scenario_path: Path, map_id: str) -> Path:
        """The file of the map a scenario names: beside the scenario (in maps/) first, then shipped."""
        folder = scenario_path.parent / "maps"
        local = folder / f"{map_id}.toml"
        if os.path.lexists(local):
            # A map beside the scenario must really be there: not a link out of its folder (and reading it
            # refuses anything but a regular file).
            if not local.resolve().is_relative_to(folder.resolve()):
                raise DataError(local, "leads outside the scenario's maps/ folder; copy the map there instead")
            return local
        return self.map_path(map_id)

    def map_document_for(self, scenario_path: Path, map_id: str) -> tuple[SquareMapFile | HexMapFile, str, Path]:
        """The validated fields of the map a scenario names, its text and its file."""
        path = self.map_file_for(scenario_path, map_id)
        if path.parent == self.map_dir:
            return *self._shipped_map(path, map_id), path
        return *map_document(path), path

    def _shipped_map(self, path: Path, map_id: str) -> tuple[SquareMapFile | HexMapFile, str]:
        """A shipped map's fields and text, checked to be the map its file name says."""
        doc, text = map_document(path)
        if doc.id != map_id:
            raise DataError(path, f"the file's id is {doc.id!r} but its name says {map_id!r}", field="id")
        return doc, text

    def map_path(self, map_id: str) -> Path:
        """The file of a map id (maps are named after their id)."""
        path = self.map_dir / f"{map_id}.toml"
        if not path.is_file():
            known = ", ".join(p.stem for p in self.map_paths()) or "none"
            raise DataError(path, f"no map with id {map_id!r} (maps: {known})")
        return path

    def load_map(self, map_id: str) -> SquareMap | HexMap:
        """Load a map by id, whichever grid it uses."""
        path = self.map_path(map_id)
        return build_map(path, *self._shipped_map(path, map_id))

    def data_hash(self, *paths: Path) -> str:
        """sha256 over the given files and every rules file, in a fixed order (for game records).  Each is read
        as data files are (a pipe or a device is a DataError, never a hang); the hash is of its bytes."""
        from hothsim.data.overrides import override_files

        h = hashlib.sha256()
        files = sorted(set(paths) | set((self.root / "rules").rglob("*.toml")))
        for p in files:
            rel = p.relative_to(self.root) if p.is_relative_to(self.root) else Path(p.name)
            h.update(str(rel.as_posix()).encode() + b"\0" + read_text(p).encode("utf-8") + b"\0")
        if self.overrides is not None:  # your corrections: a game with them replays only with them
            for p in override_files(self.overrides):
                rel = p.relative_to(self.overrides)
                h.update(b"yours/" + str(rel.as_posix()).encode() + b"\0" + read_text(p).encode("utf-8") + b"\0")
        return "sha256:" + h.hexdigest()


def map_document(path: Path) -> tuple[SquareMapFile | HexMapFile, str]:
    """A map file validated, whichever grid it uses: its fields and its text."""
    from hothsim.data.hexmap import hex_map_document
    from hothsim.data.squaremap import square_map_document

    text = read_text(path)
    if file_kind(path, text) == "square-map":
        return square_map_document(path, text), text
    return hex_map_document(path, text), text


def build_map(path: Path, doc: SquareMapFile | HexMapFile, text: str = "") -> SquareMap | HexMap:
    """The map a validated map file draws, whichever grid it uses (`text`, the file, for the lines a problem
    names)."""
    from hothsim.data.hexmap import build_hex_map
    from hothsim.data.squaremap import build_square_map

    if isinstance(doc, SquareMapFile):
        return build_square_map(path, doc, text)
    return build_hex_map(path, doc, text)


def file_kind(path: Path, text: str | None = None) -> str:
    """'save', 'square-map', 'hex-map', 'scenario' or 'rules' (one of `RULES_FILES`), judged from the file's
    first line or format (a save may be as large as a save may be; the others as large as a data file)."""
    text = read_text(path, SAVE_LIMIT) if text is None else text
    if text.startswith(MAGIC):
        return "save"
    if len(text) > DATA_LIMIT:
        raise DataError(path, f"is {len(text):,} characters long; a map or scenario may be at most {DATA_LIMIT:,} "
                        "bytes")
    raw = read_toml(path, text)
    fmt = raw.get("format")
    kinds = {"hothsim-square-map/1": "square-map", "hothsim-hex-map/1": "hex-map", "hothsim-scenario/1": "scenario"}
    kinds.update((f, "rules") for f, _, _ in RULES_FILES)
    if fmt in kinds:
        return kinds[fmt]
    if isinstance(fmt, str) and fmt.split("/")[0] in {k.split("/")[0] for k in kinds}:
        raise DataError(path, f"format {fmt!r} is newer than this hothsim reads", field="format")
    raise DataError(path, "is not a hothsim map, scenario, rules file or save (its 'format' field should name "
                    "one, e.g. format = \"hothsim-scenario/1\")", field="format")


