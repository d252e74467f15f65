"""Wheel build step: map the top-level data folders into ``tutor/data/`` and compile the
catalogs (``tools/package_data.py`` says what and how).  Editable installs skip it: a
checkout reads the folders where they are (``tutor/resources.py``)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class DataFilesHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        sys.path.insert(0, str(root / "tools"))
        from package_data import compile_catalogs, shipped_files

        self._compiled = tempfile.TemporaryDirectory(prefix="shengji-catalogs-")
        for source, inside in [*shipped_files(root), *compile_catalogs(Path(self._compiled.name), root)]:
            build_data["force_include"][str(source)] = inside

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        compiled = getattr(self, "_compiled", None)
        if compiled is not None:
            compiled.cleanup()
