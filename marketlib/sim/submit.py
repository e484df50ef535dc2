"""Where a batch's tasks run (issue 33, point 3): in this process, through joblib (loky
processes, threads, or any backend registered with joblib, such as Ray's), or on a Dask
``distributed`` cluster. :func:`stream` submits one flat list of tasks and yields each
task's output as soon as it is finished, whatever order they finish in. What the tasks share
(``shared``: a batch's grid-point settings) is sent once, not with every task.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")
S = TypeVar("S")
R = TypeVar("R")


def stream(fn: Callable[[T, S], R], tasks: Iterable[T], shared: S, n_jobs: int = 1,
           backend: str | None = None, client: Any = None) -> Iterator[tuple[int, R]]:
    """``(k, fn(task k, shared))`` for every task, in the order the tasks finish.

    ``tasks`` is read as tasks are submitted, a few ahead of the workers (joblib's
    ``pre_dispatch``; on Dask, two per worker thread), so a generator of tasks is never held
    whole. On Dask, ``shared`` is submitted once, as a task of its own whose result every task
    takes as an argument: each task's message to the scheduler then carries only the task
    (a few hundred bytes), and the shared value reaches each worker once. (A task's result,
    unlike a scattered value, is computed again if the worker holding it is lost.) Nothing is
    kept of a finished task: its future is released and its output handed on.

    Args:
        n_jobs: joblib workers (``-1``: all cores); ``1`` with no backend runs here, in order.
        backend: a joblib backend name (``None``: loky); ``"dask"`` (or a ``client``) submits
            to a Dask cluster instead.
        client: a ``distributed.Client``, or the address of a Dask scheduler
            (``"tcp://10.0.0.5:8786"``: a client is opened for the run and closed after it).

    Raises:
        ValueError: ``backend="dask"`` and no ``client`` given or running.
    """
    if client is not None or backend == "dask":
        yield from _dask(fn, tasks, shared, client)
    elif n_jobs == 1 and backend is None:
        for k, task in enumerate(tasks):
            yield k, fn(task, shared)
    else:
        yield from _joblib(fn, tasks, shared, n_jobs, backend)


def _numbered(fn: Callable[[T, S], R], k: int, task: T, shared: S) -> tuple[int, R]:
    return k, fn(task, shared)


def _joblib(fn: Callable[[T, S], R], tasks: Iterable[T], shared: S, n_jobs: int,
            backend: str | None) -> Iterator[tuple[int, R]]:
    from joblib import Parallel, delayed, parallel_config  # type: ignore[import-untyped]

    context = parallel_config(backend=backend) if backend else contextlib.nullcontext()
    with context:
        parallel = Parallel(n_jobs=n_jobs, return_as="generator_unordered")
        yield from parallel(delayed(_numbered)(fn, k, t, shared) for k, t in enumerate(tasks))


@contextlib.contextmanager
def dask_client(client: Any = None) -> Iterator[Any]:
    """The ``distributed.Client`` to use: ``client`` itself, a new one connected to the
    scheduler address ``client`` (closed afterwards), or with ``None`` the running one.

    Raises:
        ValueError: dask.distributed is missing, or no Client is given or running.
    """
    try:
        from distributed import Client, get_client
    except ImportError:  # pragma: no cover - dask is in the analysis extra
        raise ValueError("backend='dask' needs dask.distributed installed") from None
    if isinstance(client, str):
        with Client(client) as opened:  # type: ignore[no-untyped-call]
            yield opened
        return
    if client is not None:
        yield client
        return
    try:
        yield get_client()
    except ValueError:
        raise ValueError("backend='dask' needs a running dask.distributed Client: "
                         "client = distributed.Client(cluster) first, or pass client=") from None


def _same(value: S) -> S:
    """``value`` itself: the task whose result is what the tasks share."""
    return value


def _dask(fn: Callable[[T, S], R], tasks: Iterable[T], shared: S,
          client: Any) -> Iterator[tuple[int, R]]:
    from distributed import as_completed

    with dask_client(client) as dask:
        window = 2 * max(1, int(sum(dask.nthreads().values())))
        numbered = enumerate(tasks)
        waiting: dict[Any, int] = {}
        common = dask.submit(_same, shared, pure=False)

        def send(k: int, task: T) -> Any:
            future = dask.submit(fn, task, common, pure=False)
            waiting[future] = k
            return future

        first = [send(k, t) for k, t in itertools.islice(numbered, window)]
        done = as_completed(first)  # type: ignore[no-untyped-call]
        del first
        try:
            for future in done:
                k = waiting.pop(future)
                result = future.result()
                future.release()  # the worker may drop the result now
                following = next(numbered, None)
                if following is not None:
                    done.add(send(*following))  # type: ignore[no-untyped-call]
                yield k, result
        finally:
            for future in waiting:
                future.cancel()
            common.release()


def workers(n_jobs: int, backend: str | None, client: Any) -> int:
    """How many tasks run at once (to size the chunks): the Dask cluster's threads, else
    ``n_jobs`` (all cores for ``-1``), at least 2 for any backend but the sequential one.

    Raises:
        ValueError: as :func:`dask_client`.
    """
    if client is not None or backend == "dask":
        with dask_client(client) as dask:
            return max(1, int(sum(dask.nthreads().values())))
    if n_jobs == 1 and backend is None:
        return 1
    if n_jobs < 0:
        return max(2, (os.cpu_count() or 1) + 1 + n_jobs)
    return max(2, n_jobs)


__all__ = ["dask_client", "stream", "workers"]
