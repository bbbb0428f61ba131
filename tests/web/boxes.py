"""Measure an element of a live screen.

A live page redraws parts of itself when a state arrives (the stream's first
push, a poll), and Playwright's ``bounding_box()`` answers None when the
element it found is replaced or hidden between lookup and measure. Tests that
check where something is drawn take the box once the element is laid out.
``Locator.evaluate`` and ``element_handle()`` look up and act in two steps too
(a detached element's computed style reads ""); a style is read with
``styles_of``, which finds and reads in one call inside the page.
"""

import time


def box_of(locator, timeout: float = 5.0) -> dict:
    """The element's bounding box, asked again while a redraw has it detached; fails after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        box = locator.bounding_box()
        if box is not None:
            return box
        if time.monotonic() > deadline:
            raise AssertionError(f"{locator} is not laid out after {timeout} s")
        time.sleep(0.05)


def styles_of(locator, name: str) -> list[str]:
    """The computed style `name` (e.g. "borderTopStyle") of every element the locator matches, found and read in
    one call inside the page, so no redraw falls between."""
    return locator.evaluate_all("(nodes, name) => nodes.map((n) => getComputedStyle(n)[name])", name)
