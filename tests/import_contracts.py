"""An import-linter contract type of this project: `no_function_imports` (pyproject.toml).

import-linter sees every import, wherever it is written; an import inside a function still
counts in its layers and cycles. This contract also keeps such imports out of the packages it
names: a project module imported inside a function (or method) hides a dependency from the
reader of the module's header, and usually one that runs the wrong way. Imports guarded by
`if TYPE_CHECKING:` at the top of a module are at the top, and allowed.
"""
from __future__ import annotations

import ast
import functools
import importlib.util

from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


@functools.lru_cache(maxsize=None)
def _function_lines(path: str) -> frozenset[int]:
    """The line numbers of the import statements inside a function of a source file."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    lines.add(inner.lineno)
    return frozenset(lines)


def _source(module: str) -> str | None:
    spec = importlib.util.find_spec(module)
    return spec.origin if spec is not None and spec.origin and spec.origin.endswith(".py") else None


class NoFunctionImportsContract(Contract):
    """No module of `packages` imports a module of the root package inside a function."""

    type_name = "no_function_imports"

    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose: bool) -> ContractCheck:
        found: list[tuple[str, int, str]] = []
        roots = tuple(self.packages)  # type: ignore[arg-type]
        for importer in sorted(graph.modules):
            if not any(importer == p or importer.startswith(p + ".") for p in roots):
                continue
            path = _source(importer)
            if path is None:
                continue
            inside = _function_lines(path)
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                for detail in graph.get_import_details(importer=importer, imported=imported):
                    if detail["line_number"] in inside:
                        found.append((importer, detail["line_number"], detail["line_contents"].strip()))
        return ContractCheck(kept=not found, metadata={"found": sorted(set(found))})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, line, text in check.metadata["found"]:
            output.print_error(f"{importer} (l. {line}) imports inside a function: {text}", bold=False)
            output.new_line()
