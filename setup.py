"""The one thing pyproject.toml cannot say: two packages whose files live outside companion/.

The deck definitions (cards_printable/*.deck.json) and the table layout (calibration/*.json)
keep their top-level homes and become the data-only packages companion._data.decks and
companion._data.calibration in the wheel (companion/data.py reads them). A package-dir mapping
is plain setuptools and works for wheels and editable installs alike, but pyproject's
automatic package discovery cannot add packages from outside companion/, so the package list
is computed here; everything else stays in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

DATA_PACKAGES = {"companion._data.decks": "cards_printable", "companion._data.calibration": "calibration"}

# Namespace discovery, as pyproject's automatic discovery did: templates/, static/ and
# translations/ carry no __init__.py but their files are package data.
PACKAGES = find_namespace_packages(include=["companion", "companion.*"], exclude=["*.__pycache__"])

setup(packages=[*PACKAGES, *DATA_PACKAGES], package_dir=DATA_PACKAGES)
