"""Where chunks are played: in this process, on a local process pool, or on a Dask cluster.

Every backend runs the same function (``play_chunk_task``) on the same
arguments, so the rows do not depend on the backend. A backend is started only
when the first chunk has to be played: a fully cached rerun starts no process.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any


class BackendError(RuntimeError):
    """A backend that cannot start or lost its workers."""


class SerialBackend:
    """Plays each chunk in this process when the scheduler waits for it.

    Backends share one small interface: ``slots`` (chunks worth keeping in
    flight), ``submit``, ``wait_any``, ``result``, ``cancel`` (returns the
    handles that will never complete, to forget) and ``close``.
    """

    slots = 1

    def __init__(self) -> None:
        self._queue: list[tuple[object, Callable, tuple]] = []
        self._results: dict[object, Any] = {}

    def submit(self, fn: Callable, *args) -> object:
        handle = object()
        self._queue.append((handle, fn, args))
        return handle

    def wait_any(self, handles: Iterable[object]) -> list[object]:
        handle, fn, args = self._queue.pop(0)
        self._results[handle] = fn(*args)
        return [handle]

    def result(self, handle: object) -> Any:
        return self._results.pop(handle)

    def cancel(self, handles: Iterable[object]) -> list[object]:
        drop = set(map(id, handles))
        gone = [q[0] for q in self._queue if id(q[0]) in drop]
        self._queue = [q for q in self._queue if id(q[0]) not in drop]
        return gone

    def close(self, kill: bool = False) -> None:
        self._queue.clear()


def _start_worker(parent_alive) -> None:
    # Ctrl-C reaches the whole process group; only the parent handles it, so that
    # it can stop the pool in order and say what was kept.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_with_parent, args=(parent_alive,), name="designlab-parent-watch",
                     daemon=True).start()


def _exit_with_parent(parent_alive) -> None:
    """End this worker once the run process is gone, however it went (SIGKILL included).

    A worker whose parent was killed would wait for work forever: it holds a write end of its own task
    queue, and it keeps the forkserver (through the forkserver's alive pipe, handed to every child) and
    the resource tracker alive with it. The run process holds the only write end of ``parent_alive`` and
    never writes: the read returns EOF exactly when that process has closed it or died, at once, with no
    polling and no pid that could be reused. (PR_SET_PDEATHSIG would not do: a worker's parent is the
    forkserver, which outlives the run for the reason above, and it is Linux only.) Once the workers have
    gone, the forkserver reads EOF on its alive pipe and the tracker on its own, and both exit.
    """
    try:
        parent_alive.recv_bytes()
    except (EOFError, OSError):
        pass
    os._exit(1)  # from this thread, while the main one may be mid-chunk: nothing of it is kept by a worker


class PoolBackend:
    """A local pool of ``workers`` processes (forkserver: designlab is imported once, then forked)."""

    def __init__(self, workers: int):
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["designlab.runner.chunk"])
        self.slots = 2 * workers  # one chunk queued behind each running one keeps workers busy
        # each worker gets the read end; this process keeps the write end, open until the pool has shut down
        self._parent_alive, self._alive_writer = ctx.Pipe(duplex=False)
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_start_worker,
                                        initargs=(self._parent_alive,))

    def submit(self, fn: Callable, *args) -> Future:
        return self.pool.submit(fn, *args)

    def wait_any(self, handles: Iterable[Future]) -> list[Future]:
        done, _ = wait(list(handles), return_when=FIRST_COMPLETED)
        return list(done)

    def result(self, handle: Future) -> Any:
        try:
            return handle.result()
        except BrokenProcessPool as e:
            raise BackendError(f"a worker process died ({e}); finished chunks are kept, run again to resume") from None

    def cancel(self, handles: Iterable[Future]) -> list[Future]:
        return [f for f in handles if f.cancel()]

    def close(self, kill: bool = False) -> None:
        if kill:
            # Stop chunks in progress now rather than after they finish.
            for p in list(getattr(self.pool, "_processes", {}).values()):
                p.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)
        self._alive_writer.close()  # only now: a worker still finishing its last chunk would end mid-way
        self._parent_alive.close()


class DaskBackend:
    """Chunks as tasks on a dask.distributed cluster (``pip install 'designlab[cluster]'``).

    Workers need the same designlab code as this machine; each chunk reports the
    fingerprint of the code that played it and the runner refuses a mismatch.
    """

    def __init__(self, address: str, connect_timeout: str = "15s"):
        try:
            from distributed import Client
        except ImportError:
            raise BackendError(
                "--cluster needs dask.distributed: pip install 'designlab[cluster]'"
            ) from None
        try:
            self.client = Client(address, timeout=connect_timeout, set_as_default=False)
        except (OSError, TimeoutError) as e:
            raise BackendError(f"cannot reach the Dask scheduler at {address!r}: {e}") from None
        from distributed import as_completed

        threads = sum(self.client.nthreads().values())
        self.slots = max(2, 2 * threads)
        # Our own completion queue on our client's loop: no global default client is set or needed.
        self._done = as_completed(loop=self.client.loop)

    def submit(self, fn: Callable, *args) -> Any:
        # pure=False: never merge two submissions, even of equal arguments.
        future = self.client.submit(fn, *args, pure=False, retries=1)
        self._done.add(future)
        return future

    def wait_any(self, handles: Iterable[Any]) -> list[Any]:
        want = set(handles)
        while True:
            first = next(self._done)  # cancelled futures come out too: skip the ones we no longer wait for
            if first in want:
                return [first] + [f for f in self._done.next_batch(block=False) if f in want]

    def result(self, handle: Any) -> Any:
        out = handle.result()
        handle.release()
        return out

    def cancel(self, handles: Iterable[Any]) -> list[Any]:
        handles = list(handles)
        if handles:
            self.client.cancel(handles)
        return handles  # a cancelled Dask future's result is gone, running or not

    def close(self, kill: bool = False) -> None:
        self.client.close()


def make_backend(workers: int, cluster: str | None):
    if cluster:
        return DaskBackend(cluster)
    if workers <= 1:
        return SerialBackend()
    return PoolBackend(workers)
