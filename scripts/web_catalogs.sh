#!/usr/bin/env bash
# Re-extract the tablet page's strings, merge them into the English and Russian catalogs,
# and compile the .mo files (committed; tests/web/test_i18n.py checks they match the .po files).
set -euo pipefail
cd "$(dirname "$0")/.."
T=companion/web/translations
PYTHONPATH=. .venv/bin/pybabel extract -F companion/web/babel.cfg -k _l -k lazy_gettext -k ngettext:1,2 --no-location --sort-output -o "$T/messages.pot" .
for lang in en ru; do
    if [ -f "$T/$lang/LC_MESSAGES/messages.po" ]; then
        .venv/bin/pybabel update --no-fuzzy-matching -i "$T/messages.pot" -d "$T" -l "$lang"
    else
        .venv/bin/pybabel init -i "$T/messages.pot" -d "$T" -l "$lang"
    fi
done
.venv/bin/python "$T/fill.py"
.venv/bin/pybabel compile -d "$T"
