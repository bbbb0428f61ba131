"""A set of event numbers kept as runs of consecutive seqs: which events were camera observations.

A 4-hour log has a million per-frame observations but only a few thousand
runs of them (one between each pair of moves), so membership is kept in
memory proportional to the runs, not to the observations.
"""

from __future__ import annotations

import bisect


class SeqRuns:
    """Seqs added in increasing order; `seq in runs` answers in O(log runs)."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def add(self, seq: int) -> None:
        """Add a seq (larger than any before it, as a log is read; others are ignored)."""
        if self._ends and seq <= self._ends[-1]:
            return
        if self._ends and seq == self._ends[-1] + 1:
            self._ends[-1] = seq
        else:
            self._starts.append(seq)
            self._ends.append(seq)

    def __len__(self) -> int:
        return len(self._starts)

    def __contains__(self, seq: object) -> bool:
        if not isinstance(seq, int):
            return False
        index = bisect.bisect_right(self._starts, seq) - 1
        return index >= 0 and seq <= self._ends[index]
