"""The real AgentWorkflow driven by the offline pilot, turn by turn (no network, no model)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from singularity.memory.profile import ProfileStore
from singularity.planning.models import Location
from singularity.workflow.runner import Session
from singularity.workflow.state import night_summary
from tests.fakes.server import FakeServer
from tests.workflow.conftest import ARTICLE_EXAMPLE, bad_forecast, clear_forecast, turn

PLANNING_CALLS = ["handoff", "set_location", "set_time", "set_equipment", "set_preferences",
                  "compute_plan"]


async def test_article_example_in_one_message(session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await turn(session, ARTICLE_EXAMPLE)
    assert record.agents == ["SingularityOrchestrator", "PlanningAgent"]
    assert [c.name for c in record.tool_calls] == PLANNING_CALLS
    assert all(c.status == "ok" for c in record.tool_calls)
    assert record.tool_calls[1].arguments == {"place": "Kreuzlingen"}
    assert record.tool_calls[2].arguments == {"when": "morgen Abend", "duration": "zwei Stunden"}
    planning = record.state["planning_data"]
    assert planning["location"]["timezone"] == "Europe/Zurich"
    assert planning["equipment"]["class"] == "large_telescope"
    assert planning["object_preferences"][0] == "galaxy"
    assert planning["datetime_iso"].startswith("2026-12-01T18:2")
    assert planning["weather_ok"] is True
    assert record.plan is not None and record.plan["targets"][0]["name"] == "M31"
    assert record.answer.startswith("Dein Beobachtungsplan für Kreuzlingen")
    assert "**M31** (Andromedagalaxie) – Galaxie im Sternbild Andromeda" in record.answer
    assert "Mostly clear" in record.answer or "Wetter:" in record.answer
    assert [a.kind for a in record.artifacts] == ["plot"] and Path(record.artifacts[0].path).exists()


async def test_article_example_spread_over_several_messages(session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    first = await turn(session, "Ich möchte morgen Abend beobachten.")
    assert "Wo möchtest du beobachten" in first.answer
    second = await turn(session, "Kreuzlingen")
    assert second.agents[-1] == "PlanningAgent"
    assert "Womit beobachtest du" in second.answer
    assert second.state["planning_data"]["datetime_iso"].startswith("2026-12-01T18:2")
    third = await turn(session, "mit einem 10-Zoll-Dobson, zwei Stunden, vor allem Galaxien")
    assert third.plan is not None and third.plan["targets"][0]["name"] == "M31"
    assert third.state["planning_data"]["duration_hours"] == 2.0


async def test_knowledge_question_after_a_plan_is_rerouted_and_the_plan_survives(
        knowledge_session: Session, fake_server: FakeServer) -> None:
    session = knowledge_session
    clear_forecast(fake_server)
    planned = await turn(session, ARTICLE_EXAMPLE)
    knowledge = await turn(session, "Wie entstehen Spiralgalaxien?")
    assert knowledge.agents == ["SingularityOrchestrator", "KnowledgeAgent"]
    assert knowledge.answer.startswith("Die Wissensbasis sagt dazu")
    assert knowledge.sources and knowledge.sources[0].title == "How spiral galaxies form and keep their arms"
    assert knowledge.state["planning_data"]["generated_plan"] == planned.state["planning_data"]["generated_plan"]
    followup = await turn(session, "Was ist das Besondere am ersten Ziel?")
    assert followup.agents == ["SingularityOrchestrator", "PlanningAgent"]
    assert [c.name for c in followup.tool_calls] == ["handoff", "describe_target"]
    assert followup.answer.startswith("M31 (Andromedagalaxie): Galaxie im Sternbild Andromeda, 3,4 mag")
    assert followup.state["last_discussed_object"] == "M31"


async def test_bad_weather_asks_first_and_plans_after_yes(session: Session, fake_server: FakeServer) -> None:
    bad_forecast(fake_server)
    asked = await turn(session, ARTICLE_EXAMPLE)
    assert asked.plan is None
    assert [(c.name, c.status) for c in asked.tool_calls][-1] == ("compute_plan", "needs_input")
    assert "trotzdem" in asked.answer and "nicht berechnet" not in asked.answer
    assert "Bewölkt" in asked.answer and "Bewölkung im Mittel" in asked.answer
    assert "cloud" not in asked.answer.lower()
    assert asked.state["planning_data"]["weather_ok"] is False
    yes = await turn(session, "Ja, trotzdem")
    assert [c.name for c in yes.tool_calls] == ["handoff", "compute_plan"]
    assert yes.tool_calls[1].arguments == {"proceed_despite_bad_weather": True}
    assert yes.plan is not None


async def test_bad_weather_no_means_no_plan(session: Session, fake_server: FakeServer) -> None:
    bad_forecast(fake_server)
    await turn(session, ARTICLE_EXAMPLE)
    no = await turn(session, "Nein, lieber nicht")
    assert no.plan is None and [c.name for c in no.tool_calls] == ["handoff"]


async def test_off_topic_gets_a_short_polite_refusal(session: Session) -> None:
    record = await turn(session, "Kannst du mir ein Rezept für Lasagne geben?")
    assert record.agents == ["SingularityOrchestrator"]
    assert record.tool_calls == []
    assert "Astronomie" in record.answer and len(record.answer) < 300


async def test_english_request_gets_an_english_plan(session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await turn(session, "Plan tomorrow night in Zurich for 2 hours with 10x50 binoculars")
    assert record.answer.startswith("Your observing plan for Zürich") or record.answer.startswith("Your observing plan for Zurich")
    assert " from 1 Dec 2026 " in record.answer.split("\n")[0]  # an English date, not 01.12.2026
    assert record.state["planning_data"]["equipment"]["class"] == "binoculars"


async def test_past_date_is_refused_and_said(session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await turn(session, "Plane am 1.11.2026 um 21 Uhr in Kreuzlingen mit einem 8 Zoll Dobson")
    assert any(c.name == "set_time" and c.status == "refused" for c in record.tool_calls)
    assert "liegt in der Vergangenheit" in record.answer
    assert record.plan is None


async def test_successful_plan_values_are_persisted_to_the_profile(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    await turn(session, ARTICLE_EXAMPLE)
    settings = session.settings
    profile = ProfileStore(settings.resolve(settings.memory.profile_file, under_data=True)).load()
    assert profile.usual_location is not None and profile.usual_location.name.startswith("Kreuzlingen")
    assert profile.equipment is not None and profile.equipment.aperture_mm == 254


async def test_session_file_continues_a_conversation(offline_settings, fake_server: FakeServer, tmp_path: Path) -> None:
    clear_forecast(fake_server)
    first = Session.create(settings=offline_settings)
    await turn(first, "Plane mir morgen Abend in Kreuzlingen")
    await first.save(tmp_path / "s.json")
    second = Session.create(settings=offline_settings)
    await second.restore(tmp_path / "s.json")
    record = await turn(second, "mit einem 10-Zoll-Dobson")
    assert record.plan is not None


async def test_state_prompt_does_not_pile_up_in_memory(session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    await turn(session, ARTICLE_EXAMPLE)
    await turn(session, "Wie entstehen Spiralgalaxien?")
    users = [m.content for m in session.memory.get_all() if m.role == "user"]
    assert users == [ARTICLE_EXAMPLE, "Wie entstehen Spiralgalaxien?"]


async def test_profile_values_are_visible_assumptions_and_never_override(
        offline_settings, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    first = Session.create(settings=offline_settings)
    await turn(first, ARTICLE_EXAMPLE)  # remembers Kreuzlingen and the 10-inch Dobson
    store = ProfileStore(offline_settings.resolve(offline_settings.memory.profile_file, under_data=True))
    profile = store.load().model_dump(mode="json")

    later = Session.create(settings=offline_settings, profile=profile)
    record = await turn(later, "Plane mir morgen Abend")
    assert record.plan is not None
    assert "Ich nehme deinen üblichen Ort Kreuzlingen" in record.answer
    assert "Ich nehme dein übliches Instrument 10-Zoll-Dobson (254 mm)" in record.answer
    assert record.state["planning_data"]["location"]["source"] == "profile"

    told = Session.create(settings=offline_settings, profile=profile)
    own = await turn(told, "Plane mir morgen Abend in Zürich mit einem 10x50 Fernglas")
    assert own.state["planning_data"]["location"]["name"].startswith("Zürich")
    assert own.state["planning_data"]["equipment"]["class"] == "binoculars"
    assert "Ich nehme deinen üblichen Ort" not in own.answer


async def test_every_turn_runs_on_a_new_context_that_carries_the_conversation(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    await turn(session, ARTICLE_EXAMPLE)
    first = session.ctx
    plan = await first.store.get("last_plan")
    weather = await first.store.get("last_weather")
    stellarium = await turn(session, "Öffne das erste Ziel in Stellarium")
    assert session.ctx is not first  # not continued: LlamaIndex would replay the last run first
    assert stellarium.state["planning_data"]["generated_plan"]  # the plan carried over
    assert await session.ctx.store.get("last_plan") == plan
    assert await session.ctx.store.get("last_weather") == weather
    assert [m.content for m in session.memory.get_all()][-2] == "Öffne das erste Ziel in Stellarium"


async def test_after_a_plan_it_is_its_entry_for_when_and_where_and_the_knowledge_base_for_what(
        knowledge_session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    await turn(knowledge_session, ARTICLE_EXAMPLE)
    await turn(knowledge_session, "Was ist das beste Ziel davon?")
    when = await turn(knowledge_session, "Wann ist es am besten zu sehen?")
    assert [(c.name, c.arguments) for c in when.tool_calls][-1] == ("describe_target", {"target": "M31"})
    assert "Am besten um 20:" in when.answer
    far = await turn(knowledge_session, "Wie weit ist das weg?")
    assert far.tool_calls[-1].name == "search_local_knowledge"
    assert "„Wie weit ist M31 weg?“" in far.answer and "2,5 Millionen Lichtjahre" in far.answer


async def test_a_telescope_called_small_is_planned_for_and_the_assumption_said(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await turn(session, "What can I see tomorrow evening from Kreuzlingen with my small refractor?")
    assert record.plan is not None
    assert record.state["planning_data"]["equipment"]["class"] == "small_telescope"
    assert "Instrument assumed: refractor (size not given, about 80 mm assumed); tell me its size" in record.answer


async def test_the_planning_questions_are_answered_in_later_messages_after_a_bare_wish(
        session: Session, fake_server: FakeServer) -> None:
    """The planning agent asked without calling a tool: the conversation is still on its path."""
    clear_forecast(fake_server)
    wish = await turn(session, "Ich würde gern mal Sterne gucken")
    assert [c.name for c in wish.tool_calls] == ["handoff"] and wish.state["current_path"] == "planning"
    when = await turn(session, "am Samstag")
    assert [c.name for c in when.tool_calls] == ["handoff", "set_time"]
    where = await turn(session, "in Kreuzlingen")
    assert [c.name for c in where.tool_calls][:2] == ["handoff", "set_location"]
    planned = await turn(session, "mit dem Fernglas")
    assert planned.plan is not None and planned.state["planning_data"]["location"]["name"].startswith("Kreuzlingen")


async def test_asking_whether_an_object_is_in_the_plan_gets_its_entry_or_its_night(
        session: Session, fake_server: FakeServer) -> None:
    """Jupiter is not among the plan's targets: the plan's night is scanned for it (when and how
    high it stands, with the plan's instrument)."""
    clear_forecast(fake_server)
    await turn(session, ARTICLE_EXAMPLE)
    absent = await turn(session, "Ist Jupiter auch dabei?")
    assert [(c.name, c.status) for c in absent.tool_calls] == [("handoff", "ok"), ("describe_target", "ok")]
    assert absent.answer.startswith("Jupiter steht nicht unter den Zielen des Plans; in der Nacht des Plans sieht "
                                    "es so aus:\n\nJupiter in Kreuzlingen, Schweiz in der Nacht von Di, 1. Dez.:\n"
                                    "Jupiter steht um ")
    assert absent.state["last_discussed_object"] == "Jupiter"  # "Zeig ihn mir" opens it
    present = await turn(session, "Und M33?")
    assert present.tool_calls[-1].arguments == {"target": "M33"} and present.answer.startswith("M33 (Dreiecksgalaxie)")


async def test_a_satellite_pass_is_said_to_be_beyond_the_plan_before_the_plan(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    record = await turn(session, "Kann ich morgen Abend in Kreuzlingen mit dem Fernglas die ISS sehen?")
    assert record.plan is not None
    assert record.answer.startswith("Überflüge von Satelliten wie der ISS oder von Starlink sage ich nicht voraus")
    assert "Dein Beobachtungsplan für Kreuzlingen" in record.answer


async def test_after_a_plan_its_night_answers_when_it_gets_dark_and_when_the_moon_rises(
        knowledge_session: Session, fake_server: FakeServer) -> None:
    session = knowledge_session
    clear_forecast(fake_server)
    planned = await turn(session, ARTICLE_EXAMPLE)
    night = night_summary(await session.ctx.store.get("last_plan"))
    assert f"Richtig dunkel (astronomische Nacht): {night['dark_from']} bis {night['dark_until']}." in planned.answer
    dark = await turn(session, "Wie lange ist es da richtig dunkel?")
    assert [c.name for c in dark.tool_calls] == ["handoff", "describe_night"]
    assert dark.answer.startswith("In Kreuzlingen, Schweiz, in der Nacht von Di, 1. Dez. auf Mi, 2. Dez.: Richtig "
                                  f"dunkel (astronomische Nacht) ist es von {night['dark_from']} bis {night['dark_until']}")
    moon = await turn(session, "Und wann geht der Mond auf?")
    assert moon.answer.split(": ", 1)[1].startswith("Der Mond (")
    assert night.get("moonrise", "nicht") in moon.answer or "die ganze Nacht" in moon.answer
    eyes = await turn(session, "Wie lange brauchen die Augen, bis sie sich an die Dunkelheit gewöhnt haben?")
    assert eyes.agents == ["SingularityOrchestrator", "KnowledgeAgent"]  # not the weather either


async def test_without_a_plan_a_sunrise_question_gets_that_mornings_sunrise_and_no_instrument_is_asked(
        session: Session) -> None:
    from datetime import date

    from singularity.planning.sun import night_of

    record = await turn(session, "Wann geht morgen in Kreuzlingen die Sonne auf?")  # asked on Mon 30 Nov
    assert [c.name for c in record.tool_calls] == ["handoff", "set_location", "set_time", "describe_night"]
    assert record.tool_calls[-1].arguments == {"morning": True}
    location = Location.model_validate(record.state["planning_data"]["location"])
    sunrise = night_of(date(2026, 11, 30), location).sunrise
    assert record.answer.startswith("In Kreuzlingen, Schweiz, in der Nacht von Mo, 30. Nov. auf Di, 1. Dez.: "
                                    "Die Sonne geht um")
    assert f"und um {sunrise + timedelta(seconds=30):%H:%M} auf." in record.answer
    assert record.plan is None and record.state["planning_data"]["equipment"] is None

    moon = await turn(session, "und wann geht da heute der Mond auf?")
    assert [c.name for c in moon.tool_calls] == ["handoff", "set_time", "describe_night"]
    assert moon.answer.split(": ", 1)[1].startswith("Der Mond (")


async def test_after_a_night_question_another_day_or_place_asks_it_again_until_a_plan_is_made(
        session: Session, fake_server: FakeServer) -> None:
    clear_forecast(fake_server)
    await turn(session, "Wann wird es heute in Kreuzlingen dunkel?")
    sunday = await turn(session, "Und am Sonntag?")
    assert [c.name for c in sunday.tool_calls] == ["handoff", "set_time", "describe_night"]
    assert "in der Nacht von So, 6. Dez. auf Mo, 7. Dez.: Richtig dunkel" in sunday.answer
    planned = await turn(session, "Was kann ich da mit meinem Fernglas sehen?")
    assert planned.plan is not None
    monday = await turn(session, "Und am Montag?")  # a plan is there: the plan again, for Monday
    assert [c.name for c in monday.tool_calls][-1] == "compute_plan"


async def test_the_reply_to_which_place_picks_it_and_the_night_question_is_answered_there(session: Session) -> None:
    asked = await turn(session, "when does it get dark in York on Saturday?")
    assert asked.tool_calls[1].status == "needs_input" and "could mean" in asked.answer
    answered = await turn(session, "the one in England")
    assert [c.name for c in answered.tool_calls] == ["handoff", "set_location", "describe_night"]
    assert answered.answer.startswith("In York, United Kingdom, in the night of Sat 5 Dec to Sun 6 Dec: ")
    assert "not 'England' as asked" not in answered.answer
    assert answered.state["planning_data"]["place_candidates"] is None


async def test_a_full_moon_asked_for_a_month_is_that_months_and_no_time_step_is_needed(session: Session) -> None:
    from singularity.planning.moon_phases import next_phases

    record = await turn(session, "Wann ist Vollmond im Januar in Kreuzlingen?")  # asked on Mon 30 Nov 2026
    assert [c.name for c in record.tool_calls] == ["handoff", "set_location", "describe_night"]
    assert record.tool_calls[-1].arguments == {"month": 1}
    january = [p.moment for p in next_phases(datetime(2027, 1, 1, tzinfo=UTC), count=4) if p.phase == "full_moon"]
    local = january[0].astimezone(ZoneInfo("Europe/Zurich")) + timedelta(seconds=30)
    assert record.answer == f"Im Januar 2027 ist Vollmond am Fr, 22. Jan. um {local:%H:%M}."
    tonight = await turn(session, "Und wann geht heute der Mond auf?")
    assert "in der Nacht von Mo, 30. Nov. auf Di, 1. Dez." in tonight.answer


async def test_a_topic_named_in_german_is_an_astronomy_question(knowledge_session: Session) -> None:
    """"die Lokale Gruppe" is no word of the astronomy vocabulary; the glossary makes it the
    knowledge base's "Local Group" (it was refused as off-topic)."""
    record = await turn(knowledge_session, "Wie groß ist die Lokale Gruppe?")
    assert record.agents == ["SingularityOrchestrator", "KnowledgeAgent"]


async def test_a_bare_month_after_a_phase_question_asks_it_for_that_month(knowledge_session: Session) -> None:
    await turn(knowledge_session, "Wann haben wir in Kreuzlingen den nächsten Neumond?")
    february = await turn(knowledge_session, "und im Februar?")
    assert february.tool_calls[-1].arguments == {"month": 2}
    assert february.answer.startswith("Im Februar 2027 ist Neumond am ")
