"""The gather-window batcher and the per-row logits processor, without a model (fast).

Batches are made deterministic with a long window and ``max_batch`` equal to the number of callers:
the batch runs when the last caller arrives, never because a timer fired.
"""

from __future__ import annotations

import threading

import pytest

from fmrepair.serving.batching import GatherBatcher

LONG = 600.0  # a window no test waits out: batches close on max_batch


def _run_threads(batcher: GatherBatcher, items: list, errors: list | None = None) -> list:
    out: list = [None] * len(items)

    def go(i: int) -> None:
        try:
            out[i] = batcher.submit(items[i])
        except Exception as exc:  # noqa: BLE001 - the test inspects it
            if errors is None:
                raise
            errors.append(exc)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(items))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_concurrent_calls_become_one_batch_in_order() -> None:
    seen: list[list[int]] = []

    def run(items: list[int]) -> list[int]:
        seen.append(list(items))
        return [x * 10 for x in items]

    batcher = GatherBatcher(run, window_s=LONG, max_batch=5)
    out = _run_threads(batcher, [1, 2, 3, 4, 5])
    assert out == [10, 20, 30, 40, 50]  # each caller gets its own result
    assert len(seen) == 1 and sorted(seen[0]) == [1, 2, 3, 4, 5]
    assert batcher.stats.batches == 1 and batcher.stats.largest == 5
    batcher.close()


def test_max_batch_splits_and_one_runs_alone() -> None:
    sizes: list[int] = []

    def run(items: list[int]) -> list[int]:
        sizes.append(len(items))
        return items

    one = GatherBatcher(run, window_s=0.0, max_batch=1)
    assert _run_threads(one, list(range(6))) == list(range(6))
    assert sizes == [1] * 6
    one.close()


def test_error_reaches_every_caller_of_that_batch_and_batcher_goes_on() -> None:
    calls = {"n": 0}

    def run(items: list[int]) -> list[int]:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ValueError("engine failed")
        return items

    batcher = GatherBatcher(run, window_s=LONG, max_batch=3)
    errors: list[Exception] = []
    _run_threads(batcher, [1, 2, 3], errors)
    assert len(errors) == 3 and all(isinstance(e, ValueError) for e in errors)
    assert _run_threads(batcher, [4, 5, 6]) == [4, 5, 6]
    batcher.close()


def test_wrong_number_of_results_is_an_error() -> None:
    batcher = GatherBatcher(lambda items: items[:-1], window_s=LONG, max_batch=2)
    errors: list[Exception] = []
    _run_threads(batcher, [1, 2], errors)
    assert len(errors) == 2 and "returned 1 results for 2" in str(errors[0])
    batcher.close()


def test_closed_batcher_refuses_and_bad_settings_raise() -> None:
    batcher = GatherBatcher(lambda items: items, window_s=0.0, max_batch=2)
    assert batcher.submit(7) == 7
    batcher.close()
    batcher.close()
    with pytest.raises(RuntimeError, match="closed"):
        batcher.submit(8)
    with pytest.raises(ValueError):
        GatherBatcher(lambda items: items, max_batch=0)
    with pytest.raises(ValueError):
        GatherBatcher(lambda items: items, window_s=-1)


# -- the per-row logits processor (torch, no model) ------------------------------------------------


def _steps(processor, scores_per_step, eos: int) -> list[list[int]]:
    """Drive the processor as ``generate`` would (argmax of what it returns)."""
    import torch

    batch = scores_per_step[0].shape[0]
    ids = torch.zeros(batch, 1, dtype=torch.long)
    picked: list[list[int]] = [[] for _ in range(batch)]
    for scores in scores_per_step:
        out = processor(ids, scores.clone())
        nxt = out.argmax(dim=-1)
        for i in range(batch):
            picked[i].append(int(nxt[i]))
        ids = torch.cat([ids, nxt.unsqueeze(1)], dim=1)
    return picked


def test_row_budgets_force_the_stop_token_and_greedy_rows_are_untouched() -> None:
    torch = pytest.importorskip("torch")
    from fmrepair.serving.row_processors import RowLogitsProcessor, RowSpec

    eos = 0
    scores = [torch.tensor([[0.0, 5.0, 1.0, 2.0], [0.0, 1.0, 5.0, 2.0]]) for _ in range(4)]
    proc = RowLogitsProcessor([RowSpec(None, 2), RowSpec(None, 4)], None, {eos}, eos)
    picked = _steps(proc, scores, eos)
    assert picked[0] == [1, 1, eos, eos]  # budget 2: forced to stop after two tokens
    assert picked[1] == [2, 2, 2, 2]  # budget 4: plain argmax throughout


def test_seeded_sampling_does_not_depend_on_the_other_rows() -> None:
    torch = pytest.importorskip("torch")
    from fmrepair.serving.row_processors import RowLogitsProcessor, RowSpec

    gen = torch.Generator().manual_seed(0)
    steps = [torch.randn(3, 50, generator=gen) for _ in range(6)]
    sampled = RowSpec(None, 6, temperature=1.0, top_p=0.9, seed=123)
    alone = _steps(RowLogitsProcessor([sampled], None, {49}, 49), [s[:1] for s in steps], 49)
    others = [RowSpec(None, 6, temperature=1.0, seed=5), RowSpec(None, 3)]
    together = _steps(RowLogitsProcessor([sampled, *others], None, {49}, 49), steps, 49)
    assert together[0] == alone[0]
    other_seed = _steps(RowLogitsProcessor([RowSpec(None, 6, temperature=1.0, top_p=0.9, seed=124)], None, {49}, 49),
                        [s[:1] for s in steps], 49)
    assert other_seed[0] != alone[0]  # the seed matters (6 draws from 50 tokens)


def test_idle_thread_ends_and_a_new_one_serves_later_calls() -> None:
    import fmrepair.serving.batching as batching

    batcher = GatherBatcher(lambda items: items, window_s=0.0, max_batch=4)
    old, batching.IDLE_EXIT_S = batching.IDLE_EXIT_S, 0.01
    try:
        assert batcher.submit(1) == 1
        first = batcher._thread
        assert first is not None
        first.join()  # ends by itself once idle
        assert batcher._thread is None
        assert batcher.submit(2) == 2  # a new thread
    finally:
        batching.IDLE_EXIT_S = old
    batcher.close()
