"""The layout's promises (CONTRIBUTING.md): no import cycle anywhere, imports inside functions
and under TYPE_CHECKING counted; `core` imports neither `server` nor `client`; `client` (all a
player installs) imports `core` (local bots, replays) but not `server`, except where `herald
server ...` mounts the server's command group when the server extra is installed; the server's domain packages import only
their own layer and the layers below it; and `server/` keeps at most 15 modules at its top level."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "server", "client")

# The server's layers, lowest first: a package may import its own layer and the ones below
# (server/README.md says what each holds and why it stands where it does).
SERVER_LAYERS = (
    ("server.config", "server.errors", "server.rulesets", "server.hook_addresses"),
    ("server.store",),
    ("server.players",),
    ("server.table",),
    ("server.web", "server.guides"),
    ("server.notify",),
    ("server.mailin", "server.api"),
    ("server.ops",),
    ("server.app", "server.cli"),
)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's imports of other project modules, wherever in the file they stand."""
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(_known(alias.name, mods) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for alias in node.names:
                    targets.add(_known(f"{base}.{alias.name}", mods) or _known(base, mods))
        graph[name] = {t for t in targets if t and t != name}
    return graph


def _known(name: str, mods: dict[str, Path]) -> str:
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def layer_of(name: str) -> int | None:
    for level, prefixes in enumerate(SERVER_LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return level
    return None


GRAPH = imports(modules())


def test_no_import_cycle_anywhere():
    assert cycles(GRAPH) == []


CLIENT_MOUNTS = {("client.cli", "server.cli")}  # `herald server ...`, with the server extra


def test_core_and_client_stand_alone():
    wrong = sorted(f"{m} -> {t}" for m, targets in GRAPH.items() for t in targets
                   if (m.startswith("core") and not t.startswith("core"))
                   or (m.startswith("client") and t.startswith("server") and (m, t) not in CLIENT_MOUNTS))
    assert wrong == []


def test_server_packages_import_only_their_layer_and_below():
    wrong = []
    for module, targets in GRAPH.items():
        mine = layer_of(module)
        if mine is None:
            continue
        wrong += [f"{module} -> {t}" for t in targets if (layer_of(t) or 0) > mine]
    assert sorted(wrong) == []


def test_every_server_module_has_a_layer():
    assert sorted(m for m in GRAPH if m.startswith("server.") and layer_of(m) is None) == []


def test_server_top_level_is_small():
    top = [p.name for p in (ROOT / "server").iterdir()
           if (p.suffix == ".py" and p.name != "__init__.py") or (p / "__init__.py").exists()]
    assert len(top) <= 15, sorted(top)


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def private_uses(mods: dict[str, Path]) -> list[str]:
    """Where a server module reaches into another one's private names: `from server.x import
    _name`, or `x._name` on a server module it imported. What modules share is public."""
    found = []
    for name, path in mods.items():
        if not name.startswith("server"):
            continue
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported: dict[str, str] = {}  # local name -> the server module it stands for
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                if not base.startswith("server"):
                    continue
                for alias in node.names:
                    if f"{base}.{alias.name}" in mods:
                        imported[alias.asname or alias.name] = f"{base}.{alias.name}"
                    elif _private(alias.name) and base != name:
                        found.append(f"{name}:{node.lineno} from {base} import {alias.name}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("server"):  # `import server.x` binds `server`; `as y` binds x
                        if alias.asname:
                            imported[alias.asname] = alias.name
                        else:
                            imported["server"] = "server"
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Attribute) and _private(node.attr)):
                continue
            owner, dotted = node.value, []
            while isinstance(owner, ast.Attribute):
                dotted.insert(0, owner.attr)
                owner = owner.value
            if isinstance(owner, ast.Name) and owner.id in imported:
                target = ".".join([imported[owner.id], *dotted])
                if target in mods and target != name:
                    found.append(f"{name}:{node.lineno} {target}.{node.attr}")
    return sorted(found)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_server_module_uses_another_ones_private_names():
    assert private_uses(modules()) == []


def test_the_private_use_finder_finds_them(tmp_path):
    package = tmp_path / "server"
    package.mkdir()
    (package / "a.py").write_text("def _hidden():\n    pass\n")
    (package / "b.py").write_text("from server import a\nfrom server.a import _hidden\n\na._hidden()\n")
    (package / "c.py").write_text("import server.a\n\nserver.a._hidden()\n")
    mods = {f"server.{n}": package / f"{n}.py" for n in "abc"}
    assert private_uses(mods) == ["server.b:2 from server.a import _hidden", "server.b:4 server.a._hidden",
                                  "server.c:3 server.a._hidden"]
