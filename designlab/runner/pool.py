"""Chunks in flight on one backend: what ``run_variants``, the tune's ``GamePlayer``, levers and ``why`` play
through. A chunk is ``play_chunk_task`` (the batch's games) unless the caller names another task of the same
shape (``why``'s watched and restricted runs): ``task(variant, start, count, *args)``, returning an object with
the ``code`` fingerprint of what played it.

The backend (this process, a local pool or a Dask cluster) starts when the first chunk has to be played, so a
fully cached run starts no process. Every chunk that comes back is checked against the code of this process
before anyone keeps it, and a backend failure becomes a ``RunError``: one line for the CLI.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager

from designlab.runner import cache
from designlab.runner.backends import BackendError, make_backend
from designlab.runner.chunk import ChunkOut, play_chunk_task
from designlab.runner.errors import RunError
from designlab.variant.model import Variant


@contextmanager
def _as_run_error():
    try:
        yield
    except BackendError as e:
        raise RunError(str(e)) from None


class ChunkPool:
    """Submit chunks of games tagged by the caller; collect them, as they finish, with their tags."""

    def __init__(self, workers: int = 1, cluster: str | None = None):
        self.workers, self.cluster = workers, cluster
        self.backend = None
        self._inflight: dict[object, tuple[Hashable, Variant]] = {}  # handle -> (tag, variant)
        self._codes: dict[str, str] = {}  # variant hash -> fingerprint of this process's code for it

    @property
    def busy(self) -> bool:
        return bool(self._inflight)

    def full(self) -> bool:
        """Are all the backend's slots taken? (Starts the backend: ask only with a chunk to play.)"""
        if self.backend is None:
            with _as_run_error():
                self.backend = make_backend(self.workers, self.cluster)
        return len(self._inflight) >= self.backend.slots

    def submit(self, variant: Variant, start: int, count: int, tag: Hashable, task: Callable | None = None,
               args: tuple = ()) -> None:
        """Play ``task(variant, start, count, *args)`` (default ``play_chunk_task``) on the backend."""
        if self.full():
            raise RuntimeError("ChunkPool.submit with every slot taken")  # a caller's bug, not input
        with _as_run_error():
            handle = self.backend.submit(task or play_chunk_task, variant, start, count, *args)
        self._inflight[handle] = (tag, variant)

    def finished(self) -> Iterator[tuple[Hashable, ChunkOut | object]]:
        """Wait for at least one chunk; each finished one with its tag, played by this process's code."""
        with _as_run_error():
            done = self.backend.wait_any(list(self._inflight))
        for handle in done:
            tag, variant = self._inflight.pop(handle)
            with _as_run_error():
                out = self.backend.result(handle)
            self._check_code(variant, out)
            yield tag, out

    def cancel(self, which: Callable[[Hashable], bool]) -> list[Hashable]:
        """Forget the chunks whose tag ``which`` picks and that have not started; their tags. Chunks already
        running finish (and are not collected)."""
        drop = [h for h, (tag, _) in self._inflight.items() if which(tag)]
        if not drop or self.backend is None:
            return []
        with _as_run_error():
            gone = self.backend.cancel(drop)
        return [self._inflight.pop(h)[0] for h in gone]

    def close(self, kill: bool = False) -> None:
        """Stop the backend; ``kill``: at once, dropping what is queued (Ctrl-C), and never raising, so that
        stopping cannot hide what was kept."""
        backend, self.backend = self.backend, None
        if backend is None:
            return
        if not kill:
            backend.close()
            return
        try:
            backend.cancel(list(self._inflight))
            backend.close(kill=True)
        except Exception:  # noqa: BLE001
            pass

    def _check_code(self, variant: Variant, out) -> None:
        mine = self._codes.get(variant.hash)
        if mine is None:
            mine = self._codes[variant.hash] = cache.code_fingerprint(variant)  # as the worker looks it up
        if out.code != mine:
            raise RunError(
                f"a worker played {variant.name!r} with other code than this process (fingerprint {out.code}, "
                f"here {mine}): the source changed during the run, or cluster workers have another designlab; "
                "nothing was cached from it, run again once the code is the same everywhere"
            )
