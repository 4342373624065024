"""The planning engine never reaches for the network, and its import stays cheap."""

from __future__ import annotations

import subprocess
import sys
from datetime import date, timedelta

from astropy.utils import iers
from astropy.utils.data import conf as data_conf
from pytest_socket import disable_socket, enable_socket

from singularity.config import PlanningSettings
from singularity.planning.models import Equipment, EquipmentClass, Location, TimeWindow
from singularity.planning.plan import SkyCondition, compute_plan
from singularity.planning.sun import night_of


def test_astropy_is_configured_offline() -> None:
    assert iers.conf.auto_download is False
    assert data_conf.allow_internet is False


def test_a_whole_plan_opens_no_socket() -> None:
    place = Location(name="Hobart", lat=-42.88, lon=147.33, timezone="Australia/Hobart", source="test")
    night_of.cache_clear()
    disable_socket()  # any socket() call now raises
    try:
        start = night_of(date(2027, 3, 1), place).dark_start
        plan = compute_plan(
            location=place, window=TimeWindow(start=start, end=start + timedelta(hours=3)),
            equipment=Equipment(equipment_class=EquipmentClass.SMALL_TELESCOPE, aperture_mm=80,
                                label="80 mm refractor", limiting_magnitude=12.0),
            sky=SkyCondition(sqm=21.5, bortle=4, light_pollution_penalty=0.25, source="test"),
            preferences=[], settings=PlanningSettings(),
        )
    finally:
        enable_socket()
    assert plan.targets


def test_planning_import_does_not_load_astropy_or_heavy_libraries() -> None:
    code = (
        "import sys; import singularity.planning.pipeline; "
        "print(sorted(m for m in ('astropy', 'matplotlib', 'dateparser', 'astroplan') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
