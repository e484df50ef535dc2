"""The docs and the code agree on rule IDs (issue 8): every rule ID raised or cited in
``marketlib/`` is documented, and every documented rule ID has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"(?<![A-Z-])([BM]-[A-Z]+-\d{2})(?![\d])")


def _ids_in(paths: list[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        found |= set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return found


def _documented() -> set[str]:
    return _ids_in(sorted((ROOT / "docs").rglob("*.md")))


def test_rule_ids_in_the_code_are_documented() -> None:
    in_code = _ids_in(sorted((ROOT / "marketlib").rglob("*.py")))
    missing = sorted(in_code - _documented())
    assert not missing, f"rule IDs used in marketlib/ but not in docs/: {missing}"


def test_documented_rule_ids_have_tests_named_after_them() -> None:
    test_text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("*.py"))
    names = set(re.findall(r"def (test_\w+)", test_text))
    untested = []
    for rule in sorted(_documented()):
        snake = rule.lower().replace("-", "_")
        if not any(snake in name for name in names):
            untested.append(rule)
    assert not untested, f"documented rule IDs without a test named after them: {untested}"


def test_monsoon_rules_page_lists_every_monsoon_rule() -> None:
    page = (ROOT / "docs" / "games" / "monsoon.md").read_text(encoding="utf-8")
    ids = set(RULE_ID.findall(page))
    assert len({i for i in ids if i.startswith("M-")}) == 49  # 48 rules + M-ALIAS-01
    for section in ("## Overview", "## Components", "## Setup", "## Turn structure", "## Rules",
                    "## Actions", "## End and scoring", "## Card-data format",
                    "## Version history"):
        assert section in page
