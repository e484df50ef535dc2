"""``python -m marketlib page FOLDER`` refuses a folder of other files before it writes
anything (issue 32): ``page .`` in a project must not overwrite its ``index.html`` or remove
its ``wheels/``."""

from __future__ import annotations

from pathlib import Path

import pytest

from marketlib.widgets.pagefolder import PageBuildError, write_page


def test_a_folder_of_other_files_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("my own page")
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "mine.whl").write_bytes(b"x")
    with pytest.raises(PageBuildError, match="already holds other files"):
        write_page(tmp_path, cache=tmp_path / "never")
    assert (tmp_path / "index.html").read_text() == "my own page"
    assert (tmp_path / "wheels" / "mine.whl").read_bytes() == b"x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html", "wheels"]


def test_a_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "page"
    target.write_text("not a folder")
    with pytest.raises(PageBuildError, match="is a file"):
        write_page(target, cache=tmp_path / "never")
    assert target.read_text() == "not a folder"
