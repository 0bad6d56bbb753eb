"""No module of app/ imports one that imports it back, not even inside a function or
under ``TYPE_CHECKING``: a cycle hides which module depends on which, and a function-
level import that closes one only moves the failure to the first call."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parents[2] / "app"


def _modules() -> dict[str, Path]:
    found = {}
    for path in APP.rglob("*.py"):
        name = ".".join(path.relative_to(APP).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def _imported(
    modules: dict[str, Path], current: str, node: ast.Import | ast.ImportFrom
) -> set[str]:
    """The modules of app/ that ``node`` (in ``current``) imports."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        prefix = node.module or ""
        if node.level:
            package = current.split(".")
            if modules[current].name != "__init__.py":
                package = package[:-1]
            package = package[: len(package) - (node.level - 1)]
            prefix = ".".join(package + ([node.module] if node.module else []))
        names = [
            f"{prefix}.{alias.name}" if f"{prefix}.{alias.name}" in modules else prefix
            for alias in node.names
        ]
    found = set()
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of app/ and the modules of app/ it imports anywhere in its text (a
    package's own ``__init__`` left out: importing a submodule runs it anyway)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                continue
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _imported(modules, name, node):
                    if target != name and not name.startswith(target + "."):
                        graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_app_has_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_a_cycle_is_found_even_through_a_function_level_import() -> None:
    """The scan itself: a cycle closed inside a function is a cycle."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_scan_reads_imports_inside_functions() -> None:
    graph = import_graph()
    # history/opening.py names each store inside a function (psycopg loaded only then)
    assert "licensedesk.history.postgres_store" in graph["licensedesk.history.opening"]


def test_the_database_layer_imports_nothing_of_the_features_above_it() -> None:
    """storage/ is below the history and the book that both use it: an arrow up would
    make the layer and a feature load, and change, together."""
    up = {
        (name, target)
        for name, targets in import_graph().items()
        if name.startswith("licensedesk.storage")
        for target in targets
        if target.startswith(("licensedesk.history", "licensedesk.book"))
    }
    assert up == set()
