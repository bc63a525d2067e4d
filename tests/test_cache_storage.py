"""Storage safety: JSON only, tampered rows are misses, private directory, config errors."""

from __future__ import annotations

import os
import pickle
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import diskcache
import pytest
from pydantic import ValidationError

from hybrid_infer._request import build_request
from hybrid_infer._results import Result
from hybrid_infer.cache import CacheConfig, ResponseCache, _extras, request_key
from hybrid_infer.errors import ConfigError

MODE_PICKLE = 4


class PlantMarker:
    """Unpickling this creates the marker file: proof that a payload ran."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[Path]]:
        return (Path.touch, (self.marker,))


def answer(text: str = "ok") -> Result:
    return Result(text=text, provider="p", model="m", kind="cloud")


def exact_cache(path: Path) -> ResponseCache:
    return ResponseCache(CacheConfig(path=path, semantic=False))


def db_path(cache_dir: Path) -> Path:
    return cache_dir / "entries" / "cache.db"


def test_the_cache_directory_is_private(tmp_path: Path) -> None:
    cache_dir = tmp_path / "nested" / "cache"
    exact_cache(cache_dir)

    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE((cache_dir / "entries").stat().st_mode) == 0o700


def test_an_existing_directory_keeps_its_mode_and_the_entries_are_private(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o1777)  # like /tmp: pointing the cache at it must not lock others out
    exact_cache(shared)
    assert stat.S_IMODE(shared.stat().st_mode) == 0o1777
    assert stat.S_IMODE((shared / "entries").stat().st_mode) == 0o700


def test_subdirectories_made_loose_beforehand_are_made_private(tmp_path: Path) -> None:
    """entries/ and index/ created world-writable before the cache opens (by another tool,
    a umask, a copy) are tightened: the faiss files in index/ are not a hardened format."""
    from hybrid_infer.cache.testing import HashingEmbedder

    for sub in ("entries", "index"):
        (tmp_path / sub).mkdir()
        os.chmod(tmp_path / sub, 0o777)
    cache = ResponseCache(CacheConfig(path=tmp_path, embedder=HashingEmbedder()))
    try:
        cache.store(
            build_request("how do I reset my router"), Result(text="hold it", provider="p", model="m", kind="local")
        )
        cache.lookup_semantic(build_request("how do I reset my router please"))
    finally:
        cache.close()
    assert stat.S_IMODE((tmp_path / "entries").stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "index").stat().st_mode) == 0o700


as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to chown")


@as_root
@pytest.mark.parametrize("sub", ["entries", "index"])
def test_a_subdirectory_another_user_planted_is_refused(tmp_path: Path, sub: str) -> None:
    """Another local user who creates entries/ or index/ first could read every prompt and
    plant answers: the cache refuses to use it (a ConfigError through the client)."""
    from hybrid_infer import Deployment, HybridClient
    from hybrid_infer.cache.testing import HashingEmbedder
    from hybrid_infer.errors import ConfigError

    (tmp_path / sub).mkdir()
    os.chown(tmp_path / sub, 65534, 65534)  # nobody
    with pytest.raises(ConfigError, match="belongs to another user") as info:
        HybridClient(
            [Deployment(name="p", model="openai/m", api_base="http://127.0.0.1:9/v1")],
            cache={"path": str(tmp_path), "embedder": HashingEmbedder()},
        )
    assert info.value.field == "cache.path"


def test_a_subdirectory_that_is_a_symlink_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cache_dir = tmp_path / "cache"
    cache_dir.mkdir()
    (cache_dir / "entries").symlink_to(elsewhere)
    with pytest.raises(PermissionError, match="symlink"):
        exact_cache(cache_dir)


@pytest.mark.parametrize("owner", ["self", "other"])
def test_a_directory_others_may_write_to_without_the_sticky_bit_is_refused(tmp_path: Path, owner: str) -> None:
    """Whoever may write to the named directory could swap the cache's subdirectories for
    their own; /tmp is safe because its sticky bit forbids that."""
    if owner == "other" and os.geteuid() != 0:
        pytest.skip("needs root to chown")
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    if owner == "other":
        os.chown(shared, 65534, 65534)
    with pytest.raises(PermissionError, match="sticky bit"):
        exact_cache(shared)
    os.chmod(shared, 0o1777)
    if owner == "self":
        exact_cache(shared).close()  # with the sticky bit: fine
    else:
        # the sticky bit does not bind the directory's owner, who could swap the cache's
        # directories while a client runs (review 41): only root's or the user's will do
        with pytest.raises(PermissionError, match="sticky bit"):
            exact_cache(shared)


@pytest.mark.parametrize("flaw", ["writable", "owned"])
def test_a_cache_under_a_directory_others_could_rename_it_in_is_refused(tmp_path: Path, flaw: str) -> None:
    """The cache's own directory may be private, but whoever may write to (or owns) one of
    its ancestors could move it aside and put theirs in its place."""
    if flaw == "owned" and os.geteuid() != 0:
        pytest.skip("needs root to chown")
    ancestor = tmp_path / "team"
    ancestor.mkdir()
    if flaw == "writable":
        os.chmod(ancestor, 0o777)
    else:
        os.chown(ancestor, 65534, 65534)
    with pytest.raises(PermissionError, match=f"refusing a cache under {ancestor}"):
        exact_cache(ancestor / "me" / "cache")
    if flaw == "writable":
        os.chmod(ancestor, 0o1777)  # sticky, and the user's: no one else may rename in it
        exact_cache(ancestor / "me" / "cache").close()


def test_a_group_writable_directory_is_accepted_only_for_the_users_private_group(tmp_path: Path) -> None:
    """A umask of 002 makes a user's own directory 0775; with the user-private-group scheme
    the group is the user alone, so that is no opening. A group others belong to is."""
    import grp
    import pwd

    user = pwd.getpwuid(os.getuid())
    try:
        private = grp.getgrgid(user.pw_gid).gr_name == user.pw_name
    except KeyError:
        private = False
    if not private:
        pytest.skip("the user's primary group is not a private group here")
    own = tmp_path / "own"
    own.mkdir()
    os.chmod(own, 0o775)
    exact_cache(own).close()
    if os.geteuid() != 0:
        pytest.skip("needs root to hand the directory to a shared group")
    os.chown(own, -1, 65534)  # nogroup: a group that is not the user's own
    with pytest.raises(PermissionError, match="sticky bit"):
        exact_cache(own)


def test_a_planted_pickle_row_is_not_executed_and_is_a_miss(tmp_path: Path) -> None:
    cache = exact_cache(tmp_path)
    request = build_request("hello")
    cache.store(request, answer())
    marker = tmp_path / "marker"
    payload = pickle.dumps(PlantMarker(marker))
    with sqlite3.connect(db_path(tmp_path)) as db:
        db.execute(
            "UPDATE Cache SET mode = ?, value = ? WHERE key = ?",
            (MODE_PICKLE, payload, "e:" + request_key(request, "default")),
        )

    assert cache.lookup_exact(request) is None
    assert not marker.exists()
    with sqlite3.connect(db_path(tmp_path)) as db:
        rows = db.execute("SELECT COUNT(*) FROM Cache WHERE mode = ?", (MODE_PICKLE,)).fetchone()
    assert rows[0] == 0
    pickle.loads(payload)  # control: the payload is live
    assert marker.exists()


def test_a_row_written_by_stock_diskcache_is_not_unpickled(tmp_path: Path) -> None:
    cache = exact_cache(tmp_path)
    request = build_request("hello")
    marker = tmp_path / "marker"
    stock = diskcache.Cache(str(tmp_path / "entries"))
    stock.set("e:" + request_key(request, "default"), PlantMarker(marker))
    stock.set(("a", "pickled", "key"), "x")  # a pickled key must not break scans either
    stock.close()

    assert cache.lookup_exact(request) is None
    assert cache.stats()["entries"] == 0
    assert not marker.exists()
    # Control: the payload is live; stock diskcache would have run it.
    stock = diskcache.Cache(str(tmp_path / "entries"))
    stock.set("control", PlantMarker(marker))
    stock.get("control")
    stock.close()
    assert marker.exists()


@pytest.mark.parametrize(
    "value",
    [b"{not json", b'{"seq": "x"}', b"[]", b'"just a string"', b'{"seq": 1}'],
)
def test_unparseable_entries_are_misses_and_removed(tmp_path: Path, value: bytes) -> None:
    cache = exact_cache(tmp_path)
    request = build_request("hello")
    cache.store(request, answer())
    key = "e:" + request_key(request, "default")
    with sqlite3.connect(db_path(tmp_path)) as db:
        db.execute("UPDATE Cache SET value = ? WHERE key = ?", (value, key))

    assert cache.lookup_exact(request) is None
    with sqlite3.connect(db_path(tmp_path)) as db:
        assert db.execute("SELECT COUNT(*) FROM Cache WHERE key = ?", (key,)).fetchone()[0] == 0
    cache.store(request, answer("again"))
    assert cache.lookup_exact(request) is not None


def test_a_value_file_outside_the_cache_is_neither_read_nor_deleted(tmp_path: Path) -> None:
    cache = exact_cache(tmp_path / "cache")
    request = build_request("hello")
    cache.store(request, answer())
    victim = tmp_path / "victim.txt"
    victim.write_text('{"looks": "like json"}')
    with sqlite3.connect(db_path(tmp_path / "cache")) as db:
        db.execute(
            "UPDATE Cache SET mode = 2, value = NULL, filename = ? WHERE key = ?",
            ("../../victim.txt", "e:" + request_key(request, "default")),
        )

    assert cache.lookup_exact(request) is None
    assert victim.exists()


def test_entries_survive_a_new_cache_instance(tmp_path: Path) -> None:
    exact_cache(tmp_path).store(build_request("hello"), answer("persisted"))

    hit = exact_cache(tmp_path).lookup_exact(build_request("hello"))

    assert hit is not None
    assert hit.answer.text == "persisted"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("similarity_threshold", 1.5),
        ("similarity_threshold", 0),
        ("fallback_threshold", -0.1),
        ("ttl_s", 0),
        ("max_entries", 0),
        ("size_limit_bytes", 10),
        ("namespace", ""),
        ("namespace", " default"),  # would silently be another namespace
        ("embedder", "  "),
        ("unknown_option", True),
    ],
)
def test_bad_config_values_name_the_field(field: str, value: object) -> None:
    with pytest.raises(ValidationError) as info:
        CacheConfig(**{field: value})  # type: ignore[arg-type]

    assert field in str(info.value)


def test_config_is_frozen() -> None:
    config = CacheConfig()
    with pytest.raises(ValidationError):
        config.namespace = "other"  # type: ignore[misc]


def test_missing_semantic_extra_is_a_config_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def find_spec(name: str) -> object:
        return None if name in ("torch", "faiss") else object()

    monkeypatch.setattr(_extras, "find_spec", find_spec)

    with pytest.raises(ConfigError, match=r'pip install "hybrid-infer\[semantic\]"') as info:
        ResponseCache(CacheConfig(path=tmp_path))
    assert info.value.field == "cache.semantic"
    exact_only = ResponseCache(CacheConfig(path=tmp_path, semantic=False))
    exact_only.store(build_request("hello"), answer())
    assert exact_only.lookup_exact(build_request("hello")) is not None


def test_an_embedder_that_is_not_a_model_directory_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="never downloaded") as info:
        ResponseCache(CacheConfig(path=tmp_path, embedder="BAAI/bge-small-en"))
    assert info.value.field == "cache.embedder"


def test_importing_and_building_the_cache_loads_no_heavy_modules(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from hybrid_infer.cache import CacheConfig, ResponseCache\n"
        f"cache = ResponseCache(CacheConfig(path={str(tmp_path)!r}))\n"
        "heavy = [m for m in ('torch', 'sentence_transformers', 'faiss', 'numpy')"
        " if m in sys.modules]\n"
        "print(','.join(heavy))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path.cwd(),
        env={**os.environ, "PYTHONPATH": str(Path.cwd())},
    )

    assert out.stdout.strip() == ""


def test_a_damaged_generation_counter_is_repaired_and_never_goes_back(tmp_path: Path) -> None:
    cache = exact_cache(tmp_path)
    for i in range(3):
        cache.store(build_request(f"q{i}"), answer())
    cache.close()
    with sqlite3.connect(db_path(tmp_path)) as db:
        db.execute("UPDATE Cache SET value = ? WHERE key = 'm:generation'", (b"not a number",))
    reopened = exact_cache(tmp_path)
    key = reopened.store(build_request("after the damage"), answer("fresh"))
    assert key is not None
    hit = reopened.lookup_exact(build_request("after the damage"))
    assert hit is not None and hit.answer.text == "fresh"
    assert reopened.lookup_exact(build_request("q0")) is not None  # older entries untouched
    assert reopened.stats()["generation"] == 4


def test_a_database_file_that_is_not_sqlite_is_moved_aside(tmp_path: Path) -> None:
    entries = tmp_path / "entries"
    entries.mkdir(parents=True)
    (entries / "cache.db").write_bytes(b"garbage" * 100)
    cache = exact_cache(tmp_path)
    cache.store(build_request("q"), answer())
    assert cache.lookup_exact(build_request("q")) is not None
    assert [p.name.startswith("cache.db.damaged-") for p in entries.iterdir() if "damaged" in p.name] == [True]


def test_max_entries_trims_a_store_that_grew_under_a_larger_limit(tmp_path: Path) -> None:
    unlimited = exact_cache(tmp_path)
    for i in range(10):
        unlimited.store(build_request(f"q{i}"), answer())
    unlimited.close()
    limited = ResponseCache(CacheConfig(path=tmp_path, semantic=False, max_entries=3))
    limited.store(build_request("newest"), answer())
    alive = [q for q in [f"q{i}" for i in range(10)] + ["newest"] if limited.lookup_exact(build_request(q))]
    assert alive == ["q8", "q9", "newest"]


def test_a_new_store_counts_from_one_without_warnings(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    cache = exact_cache(tmp_path)
    with caplog.at_level("WARNING", logger="hybrid_infer.cache"):
        cache.store(build_request("first"), answer())
    assert cache.stats()["generation"] == 1
    assert caplog.records == []


def test_an_answer_that_cannot_be_written_as_json_is_counted_not_raised(tmp_path: Path) -> None:
    cache = exact_cache(tmp_path)
    request = build_request("hello")
    assert cache.store(request, answer("half an emoji \ud83d")) is None  # a custom transport's text
    assert cache.stats()["store_errors"] == 1
    assert cache.store(request, answer("fine")) is not None


def test_the_size_budget_holds_the_write_ahead_log_too(tmp_path: Path) -> None:
    """SQLite's write-ahead log lies outside diskcache's own accounting: left alone it grew to
    4 MB beside a 1 MiB budget. It is checkpointed and truncated within a quarter of the
    budget, and disk_bytes counts it."""
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False, size_limit_bytes=1 << 20))
    answer = "x" * 20_000
    for i in range(600):
        cache.store(build_request(f"q{i}"), Result(text=f"{answer}{i}", provider="p", model="m", kind="local"))
    on_disk = sum(f.stat().st_size for f in tmp_path.rglob("*") if f.is_file())
    reported = cache.stats()["disk_bytes"]
    cache.close()
    assert on_disk < 1.5 * (1 << 20)
    assert abs(reported - on_disk) < 0.2 * on_disk


def test_over_budget_the_oldest_entries_go_one_by_one_never_the_new_one(tmp_path: Path) -> None:
    """Entries of a quarter of the budget each: the store keeps as many as fit. (diskcache's
    own cull deleted its ten oldest rows at once: every entry, the new one included.)"""
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False, size_limit_bytes=4 << 20))
    big = "y" * 1_050_000
    kept = []
    for i in range(8):
        request = build_request(f"summarise document {i}: {big}")
        assert cache.store(request, Result(text=f"summary {i}", provider="p", model="m", kind="local"))
        hit = cache.lookup_exact(request)
        kept.append(cache.stats()["entries"])
        assert hit is not None and hit.answer.text == f"summary {i}"  # the new one stays
    assert cache.lookup_exact(build_request(f"summarise document 0: {big}")) is None  # the oldest went
    assert cache.lookup_exact(build_request(f"summarise document 6: {big}")) is not None
    cache.close()
    assert kept[3:] == [3] * 5  # three fit in 4 MiB, and three stay


def test_after_clear_the_first_store_over_budget_does_not_walk_every_past_store(tmp_path: Path) -> None:
    """clear() kept the generation counter but not the eviction watermark: the next store
    over the size budget stepped through every generation ever issued, under the database
    write lock of every process (6,049 SQL statements for one store after 2,000; review 60).
    Counted in SQL statements, not time."""
    cache = ResponseCache(CacheConfig(path=tmp_path, semantic=False, size_limit_bytes=1 << 20))
    for i in range(2000):
        cache.store(build_request(f"q{i}"), Result(text=f"a{i}", provider="p", model="m", kind="local"))
    cache.clear()
    statements: list[str] = []
    cache._store._cache._con.set_trace_callback(statements.append)  # (the store's own connection)
    per_store = []
    for i in range(8):
        statements.clear()
        big = build_request(f"big {i}")
        cache.store(big, Result(text="z" * 200_000 + str(i), provider="p", model="m", kind="local"))
        per_store.append(len(statements))
    entries = cache.stats()["entries"]
    cache.close()
    assert entries < 8  # the budget evicted
    assert max(per_store) < 200, per_store


def test_a_database_sqlite_cannot_open_is_a_config_error_naming_the_path(tmp_path: Path) -> None:
    from hybrid_infer import Deployment, HybridClient

    (tmp_path / "entries" / "cache.db").mkdir(parents=True)  # sqlite3.OperationalError on open
    with pytest.raises(ConfigError, match="cannot hold a cache") as info:
        HybridClient(
            [Deployment(name="p", model="openai/m", api_base="http://127.0.0.1:9/v1")],
            cache={"path": str(tmp_path), "semantic": False},
        )
    assert info.value.field == "cache.path"


def test_an_index_that_cannot_be_saved_is_logged_and_the_database_still_closes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The index is derived data: a save that fails (a full disk, here a file in the index
    directory's place) must not make close() raise, nor leave the database open."""
    import shutil

    from hybrid_infer.cache.testing import HashingEmbedder

    cache = ResponseCache(CacheConfig(path=tmp_path, embedder=HashingEmbedder()))
    cache.store(
        build_request("how do I reset my router"), Result(text="hold it", provider="p", model="m", kind="local")
    )
    assert cache.lookup_semantic(build_request("how do I reset my router please")) is not None
    shutil.rmtree(tmp_path / "index")
    (tmp_path / "index").write_text("not a directory")
    cache.store(
        build_request("how do I update my router"), Result(text="use the app", provider="p", model="m", kind="local")
    )
    cache.close()  # the new vector cannot be saved: logged, not raised
    assert any("could not save the semantic index" in r.getMessage() for r in caplog.records)
    (tmp_path / "index").unlink()
    reopened = exact_cache(tmp_path)
    try:
        assert reopened.lookup_exact(build_request("how do I reset my router")) is not None
    finally:
        reopened.close()


def test_a_fifo_planted_as_a_value_file_is_a_miss_not_a_hang(tmp_path: Path) -> None:
    """A large answer lives in a value file; a FIFO put in its place made the lookup wait
    for a writer for ever (on the async client, with the whole event loop) (review 41)."""
    import threading

    cache = exact_cache(tmp_path / "cache")
    request = build_request("write me a long essay")
    cache.store(request, Result(text="word " * 20_000, provider="p", model="m", kind="cloud"))
    files = [p for p in (tmp_path / "cache" / "entries").rglob("*.val")]
    assert len(files) == 1  # stored outside the database
    files[0].unlink()
    os.mkfifo(files[0])
    found: list[object] = []
    reading = exact_cache(tmp_path / "cache")  # another client: nothing held in memory
    reader = threading.Thread(target=lambda: found.append(reading.lookup_exact(request)), daemon=True)
    reader.start()
    reader.join(10)
    try:
        assert not reader.is_alive(), "the lookup hung on the FIFO"
        assert found == [None]
    finally:
        if reader.is_alive():  # let the stuck open() return, so the thread ends
            with open(files[0], "wb"):
                pass


def test_a_row_moved_under_another_requests_key_is_not_served(tmp_path: Path) -> None:
    """Exact keys are hashes: a row copied under another request's key (the database edited
    by hand) served one tenant's answer to another tenant's request (review 52)."""
    cache = exact_cache(tmp_path)
    theirs = build_request("transfer $10 to alice", namespace="tenant-a")
    ours = build_request("what is 2+2", namespace="tenant-b")
    cache.store(theirs, answer("sent $10 to alice"))
    with sqlite3.connect(db_path(tmp_path)) as db:
        db.execute(
            "UPDATE Cache SET key = ? WHERE key = ?",
            ("e:" + request_key(ours, "tenant-b"), "e:" + request_key(theirs, "tenant-a")),
        )
    assert cache.lookup_exact(ours) is None
    cache.close()


def test_a_stored_vector_that_is_not_unit_length_is_re_embedded(tmp_path: Path) -> None:
    """A stored vector scaled up (the database edited by hand) gave similarities far above 1,
    which the guard took as proof, and served an unrelated question (review 52)."""
    import base64
    import json

    import numpy as np

    from hybrid_infer.cache.testing import HashingEmbedder

    embedder = HashingEmbedder()
    cache = ResponseCache(CacheConfig(path=tmp_path, embedder=embedder))
    stored = build_request("What is the capital of France?")
    cache.store(stored, answer("Paris"))
    cache.close()
    other = "How do I delete all files in a directory recursively?"
    planted = base64.b64encode((50 * np.asarray(embedder([other])[0], dtype="<f4")).tobytes()).decode()
    with sqlite3.connect(db_path(tmp_path)) as db:
        key = "e:" + request_key(stored, "default")
        (raw,) = db.execute("SELECT value FROM Cache WHERE key = ?", (key,)).fetchone()
        record = json.loads(bytes(raw))
        record["vector"] = planted
        db.execute("UPDATE Cache SET value = ? WHERE key = ?", (json.dumps(record).encode(), key))
    for saved in (tmp_path / "index").glob("*"):
        saved.unlink()
    cache = ResponseCache(CacheConfig(path=tmp_path, embedder=embedder))
    try:
        assert cache.lookup_semantic(build_request(other)) is None
        hit = cache.lookup_semantic(stored)  # re-embedded from its own question
        assert hit is not None and hit.similarity is not None and hit.similarity <= 1.0
    finally:
        cache.close()


@pytest.mark.parametrize("planted", ["index.json", "faiss", ".lock", "faiss-to-dev-zero"])
def test_a_fifo_or_device_in_the_index_directory_is_no_hang(tmp_path: Path, planted: str) -> None:
    """The saved index is derived data: a FIFO put in place of one of its files made a
    lookup (and then every store, and close) wait for ever, holding the index lock, and a
    link to /dev/zero read without end (review 52). Such a file is not read; the index is
    rebuilt from the entries and the semantic layer goes on."""
    import threading

    from hybrid_infer.cache.testing import HashingEmbedder

    config = CacheConfig(path=tmp_path, embedder=HashingEmbedder())
    cache = ResponseCache(config)
    cache.store(build_request("What is the capital of France?"), answer("Paris"))
    assert cache.lookup_semantic(build_request("what is the capital of france")) is not None
    cache.close()  # saves the index
    index = tmp_path / "index"
    target = {
        "index.json": index / "index.json",
        ".lock": index / ".lock",
    }.get(planted) or next(index.glob("*.faiss"))
    target.unlink()
    if planted == "faiss-to-dev-zero":
        target.symlink_to("/dev/zero")
    else:
        os.mkfifo(target)
    found: list[object] = []

    def look() -> None:
        again = ResponseCache(config)
        found.append(again.lookup_semantic(build_request("what is the capital of france")))
        again.close()

    reader = threading.Thread(target=look, daemon=True)
    reader.start()
    reader.join(20)
    try:
        assert not reader.is_alive(), f"the lookup hung on the planted {planted}"
        assert len(found) == 1 and found[0] is not None
    finally:
        if reader.is_alive() and planted != "faiss-to-dev-zero":
            with open(target, "wb"):  # let a stuck open() return, so the thread ends
                pass


def _damage_a_page(database: Path) -> None:
    """Overwrite the first leaf page of the entries' table with garbage."""
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        leaves = db.execute("SELECT pageno FROM dbstat WHERE name = 'Cache' AND pagetype = 'leaf' ORDER BY pageno")
        page = next(row[0] for row in leaves) - 1  # (dbstat counts pages from 1)
    data = bytearray(database.read_bytes())
    offset = page * 4096
    data[offset + 8 : offset + 4096] = bytes(range(256)) * 15 + bytes(range(248))
    database.write_bytes(bytes(data))


def test_a_database_damaged_after_it_opens_is_moved_aside_and_the_cache_goes_on(tmp_path: Path) -> None:
    """SQLite finds most damage only when it reads the damaged page: every store then failed
    for good, and stats() and clear() raised sqlite3.DatabaseError, so even clearing could
    not get the cache back (review 52). The damaged file is moved aside, as one found at
    open is, and the cache starts empty."""
    cache = exact_cache(tmp_path)
    for i in range(300):
        cache.store(build_request(f"question {i}"), answer(f"answer {i} " + "x" * 500))
    cache.close()
    _damage_a_page(db_path(tmp_path))
    cache = exact_cache(tmp_path)
    try:
        stored = [cache.store(build_request(f"new question {i}"), answer("new")) for i in range(3)]
        assert all(key is not None for key in stored)
        assert cache.lookup_exact(build_request("new question 2")) is not None
        assert cache.stats()["entries"] >= 1
        cache.clear()
        assert cache.stats()["entries"] == 0
    finally:
        cache.close()
    assert list((tmp_path / "entries").glob("cache.db.damaged-*"))


def test_a_database_deleted_under_a_running_cache_is_reopened(tmp_path: Path) -> None:
    """The directory removed by hand while a client runs: the client went on storing into
    the deleted file, which nobody else saw and which was lost at exit (review 52)."""
    import shutil
    import time

    first = exact_cache(tmp_path)
    first.store(build_request("before"), answer())
    shutil.rmtree(tmp_path / "entries")
    time.sleep(1.1)  # the store looks at its file at most once a second
    first.store(build_request("after"), answer("stored after the removal"))
    second = exact_cache(tmp_path)
    try:
        hit = second.lookup_exact(build_request("after"))
        assert hit is not None and hit.answer.text == "stored after the removal"
        assert first.lookup_exact(build_request("before")) is None  # not kept in memory either
    finally:
        first.close()
        second.close()


def test_clear_and_invalidate_wait_for_a_held_lock_at_most_the_busy_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """They retried for as long as another connection held the write lock (40 s held, 40 s
    waited); now they give up after the busy timeout with a typed error (review 52)."""
    import time

    from hybrid_infer.cache import _store
    from hybrid_infer.errors import CacheUnavailable

    monkeypatch.setattr(_store, "_SQLITE_TIMEOUT_S", 0.5)
    cache = exact_cache(tmp_path)
    request = build_request("hello")
    cache.store(request, answer())
    holder = sqlite3.connect(db_path(tmp_path), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        for call in (cache.clear, lambda: cache.invalidate(request_key(request, "default"))):
            started = time.monotonic()
            with pytest.raises(CacheUnavailable, match="write lock"):
                call()
            assert time.monotonic() - started < 5
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert cache.invalidate(request_key(request, "default"))
    cache.close()


def test_threads_that_find_the_damage_together_move_the_database_aside_once(tmp_path: Path) -> None:
    """Each thread that met the damage moved 'the' database aside: the second one moved the
    new, empty database the first had just opened (losing what was stored in it meanwhile)
    over the damaged copy kept for a post-mortem (review 53)."""
    import threading

    cache = exact_cache(tmp_path)
    for i in range(300):
        cache.store(build_request(f"question {i}"), answer(f"answer {i} " + "x" * 500))
    cache.close()
    size = db_path(tmp_path).stat().st_size
    _damage_a_page(db_path(tmp_path))
    cache = exact_cache(tmp_path)
    errors: list[BaseException] = []
    start = threading.Barrier(6)

    def scan() -> None:
        start.wait()
        try:
            for _ in range(3):
                cache.stats()
        except BaseException as exc:  # collected for the assertion
            errors.append(exc)

    threads = [threading.Thread(target=scan) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    try:
        assert not errors
        kept = list((tmp_path / "entries").glob("cache.db.damaged-*"))
        assert len(kept) == 1 and kept[0].stat().st_size >= size // 2
        stored = cache.store(build_request("after the damage"), answer("kept"))
        assert stored is not None and cache.lookup_exact(build_request("after the damage")) is not None
    finally:
        cache.close()
