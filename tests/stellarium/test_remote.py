"""The Remote Control client against the fake plugin: endpoints, quirks, verification and the
one-sentence failures (not running, wrong password, timeout, garbage)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from singularity.errors import InputError
from singularity.stellarium.remote import (
    RemoteControl,
    StellariumError,
    StellariumUnavailable,
    UnknownObject,
    datetime_from_jd,
    geometric_altitude_deg,
    jd_from_datetime,
    png_size,
)
from tests.fakes.stellarium import FakeStellarium, fixture, png_bytes


def make_remote(fake: FakeStellarium, **options: object) -> RemoteControl:
    # Generous deadlines: they only bound waits, and a loaded CI machine overran 1 s. Tests of
    # a deadline passing set their own short one.
    settings = {"timeout_s": 10.0, "script_timeout_s": 10.0, "poll_interval_s": 0.02} | options
    return RemoteControl(fake.url, **settings)  # type: ignore[arg-type]


@pytest.fixture
async def remote(fake_stellarium: FakeStellarium) -> AsyncIterator[RemoteControl]:
    async with make_remote(fake_stellarium) as client:
        yield client


def one_sentence(message: str) -> bool:
    return message.endswith(".") and ". " not in message


async def test_status_reads_version_location_time_selection_and_fov(
    remote: RemoteControl, fake_stellarium: FakeStellarium
) -> None:
    status = await remote.status()
    assert status.version == "0.22.2"
    assert status.location["name"] == "Kreuzlingen" and status.location["altitude"] == 400
    assert status.time == {"jd": fake_stellarium.state.jd, "utc": "2026-12-05T20:00:00.000Z"}
    assert status.selected is None and status.fov == 60.0


async def test_find_completes_the_search_with_planets(remote: RemoteControl) -> None:
    assert await remote.find("m31") == ["M31"]
    assert await remote.find("Jupiter") == ["Jupiter"]  # the plugin's search omits planets
    assert await remote.find("xyzzy") == []


async def test_object_info_is_normalised(remote: RemoteControl) -> None:
    m31 = await remote.object_info("M31")
    assert m31 is not None
    assert (m31.name, m31.type) == ("Andromeda Galaxy", "galaxy")
    assert m31.ra_deg == pytest.approx(10.6885, abs=1e-3)
    assert m31.dec_deg == pytest.approx(41.2726, abs=1e-3)
    assert m31.magnitude == pytest.approx(3.4)
    vega = await remote.object_info("Vega")
    assert vega is not None and vega.ra_deg == pytest.approx(279.2289, abs=1e-3)  # -80.77 raw
    assert await remote.object_info("no such thing") is None


async def test_centring_selects_by_script_and_verifies(
    remote: RemoteControl, fake_stellarium: FakeStellarium
) -> None:
    centring = await remote.center("m31", fov_deg=5)
    assert centring.selected.name == "Andromeda Galaxy"
    assert (centring.fov, centring.centred) == (5.0, True)
    assert fake_stellarium.state.focus_calls == 0  # /api/main/focus does nothing in 0.22
    assert 'core.selectObjectByName("m31", true)' in fake_stellarium.state.scripts[-1]
    assert (await remote.status()).selected == "Andromeda Galaxy"


async def test_unknown_object_changes_nothing(
    remote: RemoteControl, fake_stellarium: FakeStellarium
) -> None:
    with pytest.raises(UnknownObject, match="does not know an object called 'Planet X'"):
        await remote.center("Planet X")
    assert fake_stellarium.state.scripts == []


async def test_a_selection_that_does_not_happen_is_a_failure(
    fake_stellarium: FakeStellarium,
) -> None:
    fake_stellarium.scripts_ignored = True
    async with make_remote(fake_stellarium, script_timeout_s=1.0) as remote:
        with pytest.raises(StellariumError, match="did not select Jupiter within 1 s") as failure:
            await remote.select("Jupiter")
    assert one_sentence(str(failure.value))


async def test_scripts_wait_for_each_other(
    remote: RemoteControl, fake_stellarium: FakeStellarium
) -> None:
    await asyncio.gather(remote.run_script("core.wait(0.2);"), remote.select("Jupiter"))
    assert fake_stellarium.state.selected == "Jupiter"
    assert len(fake_stellarium.state.scripts) == 2


async def test_a_stuck_script_runner_is_reported(fake_stellarium: FakeStellarium) -> None:
    fake_stellarium.state.script_busy = True
    async with make_remote(fake_stellarium, script_timeout_s=0.5) as remote:
        with pytest.raises(StellariumError, match="script runner stayed busy") as failure:
            await remote.run_script("core.selectObjectByName(\"M31\", true);")
    assert one_sentence(str(failure.value))


async def test_location_then_time_zone(
    remote: RemoteControl, fake_stellarium: FakeStellarium
) -> None:
    location = await remote.set_location(-33.86, 151.21, 58.4, "Sydney")
    assert location["name"] == "Sydney" and location["altitude"] == 58
    assert fake_stellarium.state.timezone == "Europe/Paris"  # a location keeps the old zone
    await remote.set_timezone("Australia/Sydney")
    assert fake_stellarium.state.timezone == "Australia/Sydney"


async def test_time_zone_problems(fake_stellarium: FakeStellarium) -> None:
    async with make_remote(fake_stellarium, script_timeout_s=1.0) as remote:
        with pytest.raises(InputError, match="not an IANA time zone"):
            await remote.set_timezone("Mars/Olympus")
        fake_stellarium.scripts_ignored = True
        with pytest.raises(StellariumError, match="did not switch to the time zone Asia/Tokyo"):
            await remote.set_timezone("Asia/Tokyo")


async def test_time_is_set_as_julian_date_and_stopped(
    remote: RemoteControl, fake_stellarium: FakeStellarium
) -> None:
    jd = jd_from_datetime(datetime(2027, 1, 2, 3, 4, 5, tzinfo=UTC))
    clock = await remote.set_time(jd)
    assert clock["utc"] == "2027-01-02T03:04:05.000Z"
    assert fake_stellarium.state.time_rate == 0.0


async def test_screenshots_are_found_and_measured(remote: RemoteControl, tmp_path: Path) -> None:
    first = await remote.screenshot(tmp_path / "shots", "m31")
    second = await remote.screenshot(tmp_path / "shots", "m31")
    assert (first.path.name, second.path.name) == ("m31001.png", "m31002.png")
    assert (first.width, first.height) == (64, 48)


async def test_a_missing_screenshot_is_a_failure(
    fake_stellarium: FakeStellarium, tmp_path: Path
) -> None:
    fake_stellarium.scripts_ignored = True
    async with make_remote(fake_stellarium, script_timeout_s=1.0) as remote:
        with pytest.raises(StellariumError, match="wrote no screenshot into") as failure:
            await remote.screenshot(tmp_path)
        assert one_sentence(str(failure.value))
        with pytest.raises(InputError):
            await remote.screenshot(tmp_path, "../escape")


async def test_stellarium_not_running(fake_stellarium: FakeStellarium) -> None:
    fake_stellarium.stop()
    async with make_remote(fake_stellarium) as remote:
        with pytest.raises(StellariumUnavailable) as failure:
            await remote.status()
    message = str(failure.value)
    assert "not running or its Remote Control plugin is off" in message
    assert "Plugins → Remote Control" in message and "Load at startup" in message
    assert one_sentence(message)


async def test_slow_answers_time_out(fake_stellarium: FakeStellarium) -> None:
    fake_stellarium.delay_s = 1.0
    async with make_remote(fake_stellarium, timeout_s=0.3) as remote:
        with pytest.raises(StellariumError, match=r"did not answer within 0.3 s; .*\(GET /api/main/status\)"):
            await remote.status()


async def test_password_missing_wrong_and_right() -> None:
    with FakeStellarium(password="pw") as fake:
        for password, expected in ((None, "asks for a password"),
                                   ("nope", "rejected the password")):
            async with make_remote(fake, password=password) as remote:
                with pytest.raises(StellariumError, match=expected) as failure:
                    await remote.status()
            assert "STELLARIUM_PASSWORD" in str(failure.value)
        async with make_remote(fake, password="pw") as remote:
            assert (await remote.status()).version == "0.22.2"


async def test_garbage_is_named(remote: RemoteControl, fake_stellarium: FakeStellarium) -> None:
    fake_stellarium.garbage = True
    with pytest.raises(StellariumError, match="not the Remote Control's JSON") as failure:
        await remote.status()
    assert one_sentence(str(failure.value))


def test_julian_dates_and_png_sizes() -> None:
    moment = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)
    assert jd_from_datetime(moment) == pytest.approx(2461380.3333333, abs=1e-7)
    assert abs(datetime_from_jd(jd_from_datetime(moment)) - moment).total_seconds() < 1e-3
    image = png_bytes(7, 5)
    assert png_size(image) == (7, 5)
    assert png_size(image[:-4]) is None  # still being written


@pytest.mark.parametrize("name", ["m31", "m42", "vega", "jupiter"])
def test_altitudes_agree_with_stellarium(name: str) -> None:
    """The check that Stellarium has recomputed its sky rests on this formula."""
    status, info = fixture("status_idle.json"), fixture(f"info_{name}.json")
    altitude = geometric_altitude_deg(info["raJ2000"], info["decJ2000"], status["time"]["jday"],
                                      status["location"]["latitude"],
                                      status["location"]["longitude"])
    assert altitude == pytest.approx(info["altitude-geometric"], abs=0.01)


async def test_a_script_is_not_waited_for_unless_asked(fake_stellarium: FakeStellarium) -> None:
    """A script's effect is polled for by its caller, so posting it returns at once (under the
    Stellarium lock a fixed wait made every session wait); ``finished`` waits it out."""
    fake_stellarium.script_delay_s = 0.3
    async with make_remote(fake_stellarium) as remote:
        await remote.run_script("core.wait(0);")
        assert fake_stellarium.state.script_busy
        await remote.run_script("core.wait(0);", finished=True)
        assert not fake_stellarium.state.script_busy
        assert len(fake_stellarium.state.scripts) == 2
