"""The import contracts of pyproject.toml hold (docs/architecture.md): `lint-imports` passes.

A broken contract fails this test with import-linter's own report, which names the importing
module, the line and the import (a layer imported from below, an import circle, two games
importing each other, or an import inside a function in the kernel or a game).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import ludoteka

ROOT = Path(__file__).resolve().parent.parent
SRC = Path(ludoteka.__file__).resolve().parent.parent


def lint_imports(*args: str, extra_path: Path | None = None) -> subprocess.CompletedProcess:
    """Run import-linter (default: on the project's pyproject.toml) on the tested source tree,
    without a cache; `extra_path` is put on the path too (a package outside ludoteka)."""
    path = [str(SRC), str(ROOT)] + ([str(extra_path)] if extra_path else [])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(path + [os.environ.get("PYTHONPATH", "")]),
               COLUMNS="200")                    # one import a line in the report
    command = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    return subprocess.run([sys.executable, "-c", command, "--no-cache", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


def test_the_import_contracts_are_kept():
    result = lint_imports()
    assert "Contracts:" in result.stdout, result.stdout + result.stderr
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_picture_in_docs_architecture_is_drawn_from_the_imports():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "import_graph.py"), "--check"], cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])),
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
