"""`singularity plan --export`: the format from the extension, one sentence when it cannot be."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from singularity.planning.export import STELLARIUM_LIST_UUID
from tests.fakes.server import FakeServer
from tests.test_cli import EXAMPLE, _one_error_line, clear_sky, cli  # noqa: F401 - cli is a fixture


def test_every_format_is_exported_in_one_run(cli, fake_server: FakeServer, tmp_path: Path) -> None:  # noqa: F811
    clear_sky(fake_server)
    files = [tmp_path / "list.json", tmp_path / "list.csv", tmp_path / "sheet.pdf"]
    result = cli(*EXAMPLE, *[arg for path in files for arg in ("--export", str(path))])
    assert result.exit_code == 0, result.output
    for path in files:
        assert f"Plan exported to {path}" in result.output
    document = json.loads(files[0].read_text(encoding="utf-8"))
    objects = document["observingLists"][STELLARIUM_LIST_UUID]["objects"]
    assert objects[0] == {"designation": "M31"}
    rows = list(csv.DictReader(io.StringIO(files[1].read_text(encoding="utf-8"))))
    assert rows[0]["Object"] == "M31" and rows[0]["Constellation"] == "Andromeda"
    assert len(rows) == len(objects)
    assert files[2].read_bytes().startswith(b"%PDF")


def test_json_output_stays_json_with_an_export(cli, fake_server: FakeServer, tmp_path: Path) -> None:  # noqa: F811
    clear_sky(fake_server)
    result = cli(*EXAMPLE, "--json", "--export", str(tmp_path / "plan.csv"))
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["plan"]["targets"][0]["name"] == "M31"
    assert (tmp_path / "plan.csv").exists()


def test_an_unknown_extension_is_refused_before_planning(cli, fake_server: FakeServer,  # noqa: F811
                                                         tmp_path: Path) -> None:
    clear_sky(fake_server)
    line = _one_error_line(cli(*EXAMPLE, "--export", str(tmp_path / "plan.docx")), 2)
    assert line == (f"Error: --export {tmp_path}/plan.docx: I cannot write files ending in “.docx”; "
                    "use .json (Stellarium observing list), .csv (table) or .pdf (printable sheet).")
    assert not fake_server.requests


def test_a_folder_as_export_is_refused(cli, fake_server: FakeServer, tmp_path: Path) -> None:  # noqa: F811
    clear_sky(fake_server)
    line = _one_error_line(cli(*EXAMPLE, "--export", str(tmp_path)), 2)
    assert line == f"Error: --export {tmp_path} is a folder; give a file name, e.g. --export {tmp_path}/plan.csv."


def test_an_unwritable_export_is_one_sentence(cli, fake_server: FakeServer, tmp_path: Path) -> None:  # noqa: F811
    clear_sky(fake_server)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    line = _one_error_line(cli(*EXAMPLE, "--export", str(blocker / "sheet.pdf")), 2)
    assert line == (f"Error: The plan could not be exported to {blocker}/sheet.pdf (a folder on the "
                    "way is missing or is a file); give a file in a folder you may write to.")
