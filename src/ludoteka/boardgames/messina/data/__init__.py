"""Messina 1347's bottom layer: the component data (the TOML files beside this module), its
dataclasses (components.py), reading (loader.py) and validation (validate.py, validate_tiles.py).
It imports nothing of the game above it.

The data directory's public API is re-exported here: `load_components`, `read_components`,
`check_directory`, `provenances` and `DATA_DIR` (the shipped files).
"""
from .loader import DATA_DIR, check_directory, load_components, provenances, read_components

__all__ = ["DATA_DIR", "check_directory", "load_components", "provenances", "read_components"]
