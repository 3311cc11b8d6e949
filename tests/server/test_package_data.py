"""What `pip install '.[server]'` installs carries every file the server reads at run time
besides its modules: the templates (their shared parts too), the guides with their translations
and term lists, and the message catalogs (compiled in memory when first needed: issue 27). The
package's own build step (setuptools' build_py, from pyproject.toml) is run into a folder and
its files compared with the tree's."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ["server/templates/**/*.j2", "server/guides/*.md", "server/guides/*/*.md", "server/guides/*/terms.json",
        "server/web/i18n/catalogs/*.po"]
BUILD = """
import sys
from setuptools.dist import Distribution
from setuptools.config.pyprojecttoml import apply_configuration
dist = Distribution()
dist.script_name = "setup.py"
apply_configuration(dist, "pyproject.toml")
command = dist.get_command_obj("build_py")
command.build_lib = sys.argv[1]
command.compile = 0
dist.run_command("build_py")
"""


def test_the_built_package_carries_the_templates_guides_and_catalogs(tmp_path):
    wanted = {str(p.relative_to(ROOT)) for pattern in DATA for p in ROOT.glob(pattern)}
    assert any(name.endswith("ru.po") for name in wanted) and any("/sv/" in name for name in wanted)
    built = subprocess.run([sys.executable, "-c", BUILD, str(tmp_path / "lib")], cwd=ROOT, capture_output=True,
                           text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"}, timeout=300)
    assert built.returncode == 0, built.stderr
    shipped = {str(p.relative_to(tmp_path / "lib")) for p in (tmp_path / "lib").rglob("*") if p.is_file()}
    assert sorted(wanted - shipped) == []
