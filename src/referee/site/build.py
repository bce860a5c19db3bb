"""``referee site build DIR``: the table pages as a static, offline web app.

What the folder holds (every part read from this machine, nothing downloaded):

- ``index.html``, ``shell.js``, ``sw.js``, ``manifest.webmanifest``,
  ``icon.svg``: the shell (:mod:`referee.site`), which starts Pyodide and
  shows the server's own pages, rendered in the browser;
- ``pyodide/``: Pyodide's core files, from the npm package ``pyodide``
  (installed, pinned and checked against its integrity hash by ``npm ci``
  in ``scripts/setup --dev``);
- ``wheels/``: the referee and its pure-Python dependencies as wheels, made
  from the distributions installed here (so the site runs exactly the code
  the CLI runs; PyYAML without its C part);
- ``lists/``: the SCOWL word lists the site offers, packed
  (:func:`referee.core.scowl.write_pack`): built from this machine's SCOWL,
  so ``--dictionary scowl:N`` here gives the same verdicts;
- ``site.json``: what is where, with each file's size and SHA-256, and the
  dictionary that judges by default.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import zipfile
from importlib import metadata
from typing import Any

from referee.core.errors import InputError, OutputExists

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
"""The core of Pyodide the shell loads (no packages from its CDN are used)."""

DEPENDENCIES = ("click", "PyYAML", "starlette", "anyio", "idna", "sniffio", "typing_extensions")
"""The pure-Python distributions the referee's pages and services import in the
browser (Starlette and its own: the server's application runs there)."""

SIZES = (35, 50, 60, 70, 80)
"""The SCOWL sizes the site offers (American spelling)."""

DEFAULT_SIZE = 60
"""The list that judges a game that names none (the CLI's ``scowl`` default)."""

SHELL = ("index.html", "shell.js", "manifest.webmanifest", "icon.svg")
HERE = os.path.dirname(os.path.abspath(__file__))
SKIP_SUFFIXES = (".so", ".pyd", ".dylib", ".pyc")


def find_pyodide(given: str | None = None) -> str:
    """Pyodide's folder: ``given``, ``$REFEREE_PYODIDE``, or ``node_modules/pyodide``
    here or beside the referee's source tree."""
    tried = [given] if given else []
    if not given:
        env = os.environ.get("REFEREE_PYODIDE")
        tried += [env] if env else []
        tried.append(os.path.join(os.getcwd(), "node_modules", "pyodide"))
        tried.append(os.path.join(HERE, "..", "..", "..", "node_modules", "pyodide"))
    for folder in tried:
        if all(os.path.isfile(os.path.join(folder, f)) for f in PYODIDE_FILES):
            return os.path.normpath(folder)
    where = given or "node_modules/pyodide"
    missing = [f for f in PYODIDE_FILES if not os.path.isfile(os.path.join(tried[0], f))]
    raise InputError(
        f"Pyodide's files are not in {where} (missing: {', '.join(missing)}): "
        "run scripts/setup --dev (npm ci installs the pinned pyodide), or give --pyodide DIR",
        place="--pyodide" if given else None,
    )


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def wheel_of(name: str, dest: str) -> str:
    """A wheel of the installed distribution ``name`` (its Python files and
    data; compiled extensions left out), written into ``dest``; its file name."""
    dist = metadata.distribution(name)
    project = dist.metadata["Name"].replace("-", "_")
    version = dist.version
    filename = f"{project}-{version}-py3-none-any.whl"
    info = f"{project}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = []
    top: set[str] = set()
    for file in dist.files or ():
        path = str(file)
        if path.startswith("..") or "__pycache__" in path or path.endswith(SKIP_SUFFIXES):
            continue
        if path.startswith("__editable__") or path.endswith(".pth"):
            continue  # an editable install's hook: the package is added from its source below
        if path.endswith(
            (".dist-info/RECORD", ".dist-info/INSTALLER", ".dist-info/direct_url.json")
        ):
            continue
        if ".dist-info/" in path:
            arcname = info + "/" + path.split(".dist-info/", 1)[1]
        else:
            arcname = path
            top.add(path.split("/", 1)[0])
        with open(str(file.locate()), "rb") as fh:
            entries.append((arcname, fh.read()))
    if dist.files is None or not top:
        # an editable install (this source tree): the package itself
        entries += _package_files(project)
    wheel_text = "Wheel-Version: 1.0\nGenerator: referee site build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    names = {a for a, _ in entries}
    if f"{info}/METADATA" not in names:
        entries.append((f"{info}/METADATA", str(dist.metadata).encode("utf-8")))
    entries = [e for e in entries if e[0] != f"{info}/WHEEL"] + [
        (f"{info}/WHEEL", wheel_text.encode())
    ]
    record = "".join(f"{a},{_record_hash(d)},{len(d)}\n" for a, d in entries) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    with zipfile.ZipFile(os.path.join(dest, filename), "w", zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in sorted(entries):
            info_ = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
            info_.compress_type = zipfile.ZIP_DEFLATED
            info_.external_attr = 0o644 << 16
            zf.writestr(info_, data, compresslevel=9)
    return filename


def _package_files(package: str) -> list[tuple[str, bytes]]:
    """Every file of an importable package (an editable install's source)."""
    import importlib

    module = importlib.import_module(package)
    root = os.path.dirname(os.path.abspath(str(module.__file__)))
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(SKIP_SUFFIXES):
                continue
            full = os.path.join(folder, f)
            arcname = package + "/" + os.path.relpath(full, root).replace(os.sep, "/")
            with open(full, "rb") as fh:
                out.append((arcname, fh.read()))
    return out


def _empty_or_absent(folder: str, force: bool) -> None:
    """DIR must be absent, empty, or (with ``force``) a site built before:
    a folder of anything else is never emptied."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise InputError(f"{folder}: not a folder", place="DIR")
    if os.path.isdir(folder) and os.listdir(folder):
        if not os.path.isfile(os.path.join(folder, "site.json")):
            raise OutputExists(
                f"{folder}: the folder is not empty and holds no site: give an empty or new folder"
            )
        if not force:
            raise OutputExists(f"{folder}: a site is there already (--force builds it again)")


def build(folder: str, *, pyodide: str | None = None, force: bool = False) -> dict[str, Any]:
    """Write the site into ``folder``; returns ``site.json``'s content."""
    from referee import __version__
    from referee.core import scowl

    source = find_pyodide(pyodide)
    _empty_or_absent(folder, force)
    specs = [scowl.Spec("american", n) for n in SIZES]
    for spec in specs:  # the lists must be there before anything is written
        scowl.word_list(spec)
    if os.path.isdir(folder):
        for entry in os.listdir(folder):
            path = os.path.join(folder, entry)
            if os.path.isdir(path) and not os.path.islink(path):
                shutil.rmtree(path)
            else:
                os.unlink(path)
    for sub in ("pyodide", "wheels", "lists"):
        os.makedirs(os.path.join(folder, sub), exist_ok=True)
    for f in PYODIDE_FILES:
        shutil.copyfile(os.path.join(source, f), os.path.join(folder, "pyodide", f))
    with open(os.path.join(source, "package.json"), encoding="utf-8") as fh:
        pyodide_version = str(json.load(fh)["version"])
    wheels = [wheel_of("referee", os.path.join(folder, "wheels"))]
    wheels += [wheel_of(name, os.path.join(folder, "wheels")) for name in DEPENDENCIES]
    packed = scowl.write_pack(os.path.join(folder, "lists"), specs)
    for f in SHELL:
        shutil.copyfile(os.path.join(HERE, "shell", f), os.path.join(folder, f))

    files: dict[str, dict[str, Any]] = {}
    for sub, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(sub, name)
            rel = os.path.relpath(full, folder).replace(os.sep, "/")
            with open(full, "rb") as fh:
                data = fh.read()
            files[rel] = {"bytes": len(data), "sha256": _sha256(data)}
    version = _sha256(json.dumps(files, sort_keys=True).encode())[:16]
    parts: dict[str, int] = {}
    for rel, info in files.items():
        part = rel.split("/", 1)[0] if "/" in rel else "shell"
        parts[part] = parts.get(part, 0) + int(info["bytes"])
    doc: dict[str, Any] = {
        "format": "referee-site/1",
        "referee": __version__,
        "pyodide": pyodide_version,
        "version": version,
        "dictionary": f"scowl:{DEFAULT_SIZE}",
        "dictionaries": [f"scowl:{s.name}" for s in specs],
        "wheels": [f"wheels/{w}" for w in wheels],
        "lists": sorted(f"lists/{f}" for f in packed),
        "files": files,
        "parts": parts,
    }
    worker = (
        _read_shell("sw.js")
        .replace("/*FILES*/[]", json.dumps(["./", *files, "site.json"]))
        .replace('/*VERSION*/""', json.dumps(version))
    )
    with open(os.path.join(folder, "sw.js"), "w", encoding="utf-8") as fh:
        fh.write(worker)
    sizes = sum(int(e["bytes"]) for e in files.values())
    doc["bytes"] = sizes + len(worker.encode())
    doc["parts"]["shell"] = doc["parts"].get("shell", 0) + len(worker.encode())
    with open(os.path.join(folder, "site.json"), "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=1, sort_keys=True)
        fh.write("\n")
    return doc


def _read_shell(name: str) -> str:
    with open(os.path.join(HERE, "shell", name), encoding="utf-8") as fh:
        return fh.read()
