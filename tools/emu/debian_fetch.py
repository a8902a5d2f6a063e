"""Download the pinned Debian packages of recipe.py with apt-get, into a cache directory.

apt-get runs with a private configuration (its own sources, lists and cache under
`<cache>/apt`), so the machine's apt setup is neither read for packages nor changed. The mirror
is the one the machine's own Debian entry names, so no host name is written in this repository.
apt checks every file against Debian's signed index; the pinned SHA-256 then checks it is the
exact file this recipe was made with.
"""

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

from tools.emu import recipe

KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"


class FetchError(RuntimeError):
    pass


def machine_debian_mirror(etc: Path = Path("/etc")) -> str:
    """The URI of the machine's own Debian entry (the one serving its release codename)."""
    match = re.search(r"^VERSION_CODENAME=(\S+)", (etc / "os-release").read_text(), re.M)
    if not match:
        raise FetchError(f"no VERSION_CODENAME in {etc / 'os-release'}")
    codename = match.group(1).strip('"')
    for path in sorted((etc / "apt" / "sources.list.d").glob("*.sources")):
        for stanza in path.read_text().split("\n\n"):
            fields = dict(_deb822_fields(stanza))
            if codename in fields.get("suites", "").split() and fields.get("uris"):
                return fields["uris"].split()[0]
    one_line = etc / "apt" / "sources.list"
    if one_line.exists():
        for line in one_line.read_text().splitlines():
            words = [w for w in line.split() if not w.startswith("[")]
            if len(words) >= 3 and words[0] == "deb" and words[2] == codename:
                return words[1]
    raise FetchError(f"no Debian source entry for {codename!r} in {etc / 'apt'}")


def _deb822_fields(stanza: str):
    for line in stanza.splitlines():
        if ":" in line and not line.startswith((" ", "#")):
            key, value = line.split(":", 1)
            yield key.strip().lower(), value.strip()


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class PrivateApt:
    """apt-get/apt-cache with their own sources and state under `root`."""

    def __init__(self, root: Path, mirror: str):
        self.root = root
        self.mirror = mirror
        suites = sorted({p.suite for p in recipe.SOURCE_PACKAGES + recipe.BINARY_PACKAGES})
        deb_suites = sorted({p.suite for p in recipe.BINARY_PACKAGES})
        src_suites = sorted({p.suite for p in recipe.SOURCE_PACKAGES})
        self.suites = suites
        parts = root / "sources.list.d"
        parts.mkdir(parents=True, exist_ok=True)
        (root / "lists" / "partial").mkdir(parents=True, exist_ok=True)
        (root / "cache" / "archives" / "partial").mkdir(parents=True, exist_ok=True)
        stanza = "Types: {}\nURIs: {}\nSuites: {}\nComponents: main\nSigned-By: {}\n"
        (parts / "emu.sources").write_text(
            stanza.format("deb", mirror, " ".join(deb_suites), KEYRING)
            + "\n"
            + stanza.format("deb-src", mirror, " ".join(src_suites), KEYRING)
        )

    def _options(self) -> list[str]:
        r = self.root
        settings = {
            "Dir::Etc::SourceList": "/dev/null",
            "Dir::Etc::SourceParts": r / "sources.list.d",
            "Dir::State::Lists": r / "lists",
            "Dir::Cache": r / "cache",
            "Acquire::Languages": "none",
            "APT::Sandbox::User": "root",
        }
        out = []
        for key, value in settings.items():
            out += ["-o", f"{key}={value}"]
        return out

    def run(self, tool: str, *args: str, cwd: Path | None = None) -> str:
        cmd = [tool, *self._options(), *args]
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise FetchError(f"{' '.join(cmd[:1] + list(args))} failed:\n{proc.stderr.strip()}")
        return proc.stdout

    def update(self) -> None:
        self.run("apt-get", "-q", "update")

    def available_versions(self, name: str) -> str:
        try:
            return self.run("apt-cache", "madison", name).strip() or "(none)"
        except FetchError as e:
            return str(e)


def _check(path: Path, expected: str, what: str) -> None:
    actual = sha256_of(path)
    if actual != expected:
        raise FetchError(f"{what}: {path.name} has SHA-256 {actual}, recipe.py pins {expected}")


def fetch_all(cache: Path, log=print) -> dict[str, Path]:
    """Make sure every pinned file is in `cache/debian`; return {package name: file path}."""
    store = cache / "debian"
    store.mkdir(parents=True, exist_ok=True)
    wanted = {}
    for p in recipe.SOURCE_PACKAGES:
        wanted[p.name] = (store / p.tarball, p.sha256)
    for p in recipe.BINARY_PACKAGES:
        wanted[p.name] = (store / f"{p.name}_{p.version.split(':')[-1]}_all.deb", p.sha256)
    missing = [name for name, (path, digest) in wanted.items() if not _is_good(path, digest)]
    if missing:
        _download(cache, store, missing, log)
    for name, (path, digest) in wanted.items():
        _check(path, digest, name)
    return {name: path for name, (path, _) in wanted.items()}


def _is_good(path: Path, digest: str) -> bool:
    return path.exists() and sha256_of(path) == digest


def _download(cache: Path, store: Path, names: list[str], log) -> None:
    apt = PrivateApt(cache / "apt", machine_debian_mirror())
    log(f"apt-get update (private lists: {', '.join(apt.suites)})")
    apt.update()
    work = cache / "apt" / "download"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for p in recipe.SOURCE_PACKAGES:
        if p.name in names:
            log(f"apt-get source --download-only {p.name}={p.version}")
            _or_explain(
                apt, p.name, "source", "--download-only", f"{p.name}={p.version}", cwd=work
            )
            shutil.move(work / p.tarball, store / p.tarball)
    for p in recipe.BINARY_PACKAGES:
        if p.name in names:
            log(f"apt-get download {p.name}={p.version}")
            _or_explain(apt, p.name, "download", f"{p.name}={p.version}", cwd=work)
            (deb,) = work.glob(f"{p.name}_*.deb")
            shutil.move(deb, store / f"{p.name}_{p.version.split(':')[-1]}_all.deb")
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(cache / "apt", ignore_errors=True)  # ~65 MB of indexes, needed only here


def _or_explain(apt: PrivateApt, name: str, *args: str, cwd: Path) -> None:
    try:
        apt.run("apt-get", "-q", *args, cwd=cwd)
    except FetchError as e:
        raise FetchError(
            f"{e}\nDebian now offers:\n{apt.available_versions(name)}\n"
            "Pick one of those in tools/emu/recipe.py (see its docstring)."
        ) from None
