"""Windows' known folders for tests on any system: platformdirs asks Windows itself for them (through
ctypes or the registry), which only Windows answers, so a test hands it the answers."""

from __future__ import annotations


def windows_folders(monkeypatch, local: str, roaming: str) -> None:
    """Make platformdirs' Windows folders these: the local and the roaming application data."""
    import platformdirs.windows

    folders = {"CSIDL_LOCAL_APPDATA": local, "CSIDL_APPDATA": roaming}
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda name: folders[name])
