"""Measure an element of a live screen.

A live page redraws parts of itself when a state arrives (the stream's first
push, a poll), and Playwright's ``bounding_box()`` answers None when the
element it found is replaced or hidden between lookup and measure. Tests that
check where something is drawn take the box once the element is laid out.
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
