"""Stellarium 0.22 under Xvfb reads the observing list a plan exports (docs/stellarium.md,
"Observing lists"): its Observing lists window, opened through the Remote Control, loads the
list, and every name the plan wrote is one Stellarium finds."""

from __future__ import annotations

import json
import re
import time
from datetime import date
from pathlib import Path

import httpx
import pytest

from singularity.planning.catalog import load_catalog
from singularity.planning.export import STELLARIUM_LIST_UUID, write_stellarium_lists
from singularity.planning.plan import ObservingPlan, Target
from singularity.stellarium.remote import PNG_END, png_size
from tests.planning.test_plan import BINOCULARS, evening_window, plan_for
from tests.stellarium.instance import StellariumInstance, stellarium_available

pytestmark = pytest.mark.slow
SENTINEL = "Singularity sentinel 4711"
"""A name no catalogue has: its warning in the log shows that Stellarium read the file."""
NOT_FOUND = re.compile(r'\[ObservingList\] object:\s+"(.+?)"\s+not found')


def _with_every_double_star(plan: ObservingPlan) -> ObservingPlan:
    """The plan's targets and every named double star of the catalogue (their designations
    are the ones Stellarium is pickiest about)."""
    catalog = load_catalog()
    template = plan.targets[0]
    doubles = [template.model_copy(update={"name": name, "catalog_id": id_, "common_name": common,
                                           "family": "double_star", "type": "double star"})
               for name, id_, common, family in zip(catalog.names, catalog.ids, catalog.common_names,
                                                    catalog.families, strict=True)
               if family == "double_star" and not id_.startswith(("NGC", "IC", "M"))]
    targets: list[Target] = [*plan.targets, *doubles]
    return plan.model_copy(update={"targets": targets})


def test_stellarium_loads_the_exported_list(tmp_path: Path) -> None:
    if not stellarium_available():
        pytest.skip("the stellarium binary is not installed (apt-get install stellarium xvfb)")
    plan = _with_every_double_star(plan_for(evening_window(date(2026, 12, 5)), equipment=BINOCULARS,
                                            prefs=(), limit=40))
    instance = StellariumInstance(width=900, height=700)
    # Stellarium fixes the list file's folder when it starts: it must exist by then
    (instance.user_dir / "data").mkdir(parents=True)
    path, made = write_stellarium_lists(plan, instance.user_dir, "en")
    assert not made
    document = json.loads(path.read_text(encoding="utf-8"))
    document["observingLists"][STELLARIUM_LIST_UUID]["objects"].append({"designation": SENTINEL})
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    log = instance.user_dir / "log.txt"
    with instance:
        shown = httpx.post(f"{instance.url}/api/stelaction/do",
                           data={"id": "actionShow_ObsList_Window_Global"}, timeout=10)
        assert shown.text == "true"
        missing: list[str] = []
        deadline = time.monotonic() + 60
        while SENTINEL not in missing and time.monotonic() < deadline:
            time.sleep(0.5)
            missing = NOT_FOUND.findall(log.read_text(errors="replace"))
        httpx.post(f"{instance.url}/api/scripts/direct", timeout=10, data={
            "code": f'core.screenshot("observing-list", false, "{instance.screenshot_dir}", true)'})
        shot = instance.screenshot_dir / "observing-list.png"
        deadline = time.monotonic() + 20
        while not (shot.exists() and shot.read_bytes().endswith(PNG_END)) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert png_size(shot.read_bytes()) == (900, 700)
        (tmp_path / shot.name).write_bytes(shot.read_bytes())  # the dialog, for a person to look at
    assert missing == [SENTINEL], f"Stellarium did not find {missing[:-1]}"
    assert len(plan.targets) > 60
