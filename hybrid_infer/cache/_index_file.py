"""Saving and loading the semantic index: atomic files, a JSON sidecar and a file lock.

One faiss file per namespace and a sidecar (``index.json``: generation covered, embedder,
sha256 per file) are written to temporary names and moved into place with ``os.replace``
under an exclusive lock. A reader that finds anything missing, mismatched or corrupt gets
``None``; this module never rebuilds anything itself.
"""

from __future__ import annotations

import hashlib
import os
import stat
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hybrid_infer.cache._disk import read_regular_file
from hybrid_infer.cache._store import make_private_dir

if TYPE_CHECKING:  # faiss (the semantic extra) loads only to read the index itself:
    from hybrid_infer.cache._index import VectorIndex  # its sidecar, for `cache stats`, needs none

SIDECAR = "index.json"
LOCK = ".lock"
LOCK_TIMEOUT_S = 5.0
"""How long a load or save waits for another process's hold on the index lock, plus
:data:`LOCK_TIMEOUT_PER_100K_S` per 100k saved vectors (reading or writing a large index
takes a while; a process that stalls holding the lock must not stall requests for ever)."""
LOCK_TIMEOUT_PER_100K_S = 5.0
FORMAT = 1
SIDECAR_MAX_BYTES = 16 * 2**20
"""The largest sidecar read (it lists one small record per namespace)."""
BYTES_PER_VECTOR_MAX = 4 * 2**10
"""Beyond its ``dim`` floats, the most a saved vector may take in a faiss file (HNSW links
and headers): a file larger than its sidecar's count allows is not read."""


class NamespaceFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    namespace: str
    file: str = Field(pattern=r"^[0-9a-f]{16}\.[0-9]+\.faiss$")
    sha256: str
    count: int = Field(ge=0)


class Sidecar(BaseModel):
    """What ``index.json`` says about the saved index."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: int
    generation: int = Field(ge=0)
    embedder: str
    store: str = ""
    """The identity of the entry store the generation numbers count in (see
    ``EntryStore.identity``); a sidecar written before it existed names none."""
    dim: int = Field(ge=1)
    namespaces: list[NamespaceFile]


@dataclass(frozen=True, slots=True)
class SavedIndex:
    generation: int
    indexes: dict[str, VectorIndex]


class IndexFiles:
    """The ``index/`` directory of one cache."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._private = False

    def sidecar(self) -> Sidecar | None:
        """The current sidecar, or ``None`` if absent or unreadable (cheap, lock-free)."""
        try:
            return Sidecar.model_validate_json(read_regular_file(self.directory / SIDECAR, SIDECAR_MAX_BYTES))
        except (OSError, ValidationError, ValueError):
            return None

    def load(self, *, embedder: str, dim: int | None, store: str) -> SavedIndex | None:
        """The saved index if it is complete, intact, made by ``embedder`` and over the
        entry store named ``store`` (its ids are that store's generation numbers)."""
        with self._locked(exclusive=False):
            sidecar = self.sidecar()
            if sidecar is None or sidecar.format != FORMAT or sidecar.embedder != embedder or sidecar.store != store:
                return None
            if dim is not None and sidecar.dim != dim:
                return None
            indexes: dict[str, VectorIndex] = {}
            for entry in sidecar.namespaces:
                limit = entry.count * (sidecar.dim * 4 + BYTES_PER_VECTOR_MAX) + 2**20
                try:
                    data = read_regular_file(self.directory / entry.file, limit)
                except OSError:
                    return None
                if hashlib.sha256(data).hexdigest() != entry.sha256:
                    return None
                try:
                    from hybrid_infer.cache._index import VectorIndex

                    index = VectorIndex.from_bytes(data, sidecar.dim)
                except ValueError:
                    return None
                if len(index) != entry.count:
                    return None
                indexes[entry.namespace] = index
            return SavedIndex(sidecar.generation, indexes)

    def save(self, generation: int, indexes: dict[str, VectorIndex], *, embedder: str, store: str) -> bool:
        """Write ``indexes`` unless a newer generation of the same store is already saved;
        True if written."""
        if not indexes:
            return False
        dim = next(iter(indexes.values())).dim
        with self._locked(exclusive=True):
            current = self.sidecar()
            if _is_newer(current, generation, embedder, store):
                return False
            entries = []
            for namespace, index in sorted(indexes.items()):
                data = index.to_bytes()
                name = f"{_namespace_id(namespace)}.{generation}.faiss"
                _write_atomic(self.directory / name, data)
                entries.append(
                    NamespaceFile(
                        namespace=namespace,
                        file=name,
                        sha256=hashlib.sha256(data).hexdigest(),
                        count=len(index),
                    )
                )
            sidecar = Sidecar(
                format=FORMAT, generation=generation, embedder=embedder, store=store, dim=dim, namespaces=entries
            )
            _write_atomic(self.directory / SIDECAR, sidecar.model_dump_json().encode())
            keep = {entry.file for entry in entries}
            for stale in self.directory.glob("*.faiss"):
                if stale.name not in keep:
                    stale.unlink(missing_ok=True)
        return True

    def remove(self) -> None:
        """Forget the saved index (the next reader rebuilds)."""
        with self._locked(exclusive=True):
            (self.directory / SIDECAR).unlink(missing_ok=True)

    @contextmanager
    def _locked(self, *, exclusive: bool) -> Iterator[None]:
        """The lock, or :class:`IndexLockTimeout` after :data:`LOCK_TIMEOUT_S` (more for a
        large index): a process that stalls holding it (stopped, on a hung disk) must not
        stall every request."""
        if self._private:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)  # cleared meanwhile?
        else:  # owner-only, also when it was made (or loosened) before
            make_private_dir(self.directory)
            self._private = True
        saved = self.sidecar()
        vectors = sum(entry.count for entry in saved.namespaces) if saved is not None else 0
        with _open_lock(self.directory / LOCK) as handle:
            deadline = time.monotonic() + LOCK_TIMEOUT_S + LOCK_TIMEOUT_PER_100K_S * vectors / 100_000
            pause = 0.005
            while not _try_lock(handle.fileno(), exclusive=exclusive):
                if time.monotonic() >= deadline:
                    raise IndexLockTimeout(f"the index lock in {self.directory} is held elsewhere")
                time.sleep(pause)
                pause = min(pause * 2, 0.1)
            try:
                yield
            finally:
                _unlock(handle.fileno())


class IndexLockTimeout(OSError):
    """Another process held the index lock longer than :data:`LOCK_TIMEOUT_S`, or the lock
    file is unusable (not a regular file): either way this process goes on without the saved
    index (it builds one in memory) and saves later."""


def _open_lock(path: Path) -> BinaryIO:
    """The lock file, created owner-only if missing; one that is not a regular file (a FIFO
    would make every lock call fail, a symlink point elsewhere) is :class:`IndexLockTimeout`."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(path, flags, 0o600)
    except OSError as exc:
        raise IndexLockTimeout(f"the index lock file {path} cannot be opened: {exc.strerror}") from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        raise IndexLockTimeout(f"the index lock file {path} is not a regular file")
    return os.fdopen(handle, "r+b")


def _is_newer(current: Sidecar | None, generation: int, embedder: str, store: str) -> bool:
    return (
        current is not None
        and current.embedder == embedder
        and current.store == store
        and current.generation > generation
    )


def _namespace_id(namespace: str) -> str:
    return hashlib.sha256(namespace.encode("utf-8")).hexdigest()[:16]


def _write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int, *, exclusive: bool) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int, *, exclusive: bool) -> bool:
        try:
            fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
