"""Chainlit handlers. ``app.py`` imports this module; everything here is per session.

With login on (``users.login``), each session belongs to the logged-in user: their profile,
preferences and session files live in their own folder (``users/space.py``), and the
conversation is kept in the history database after every turn, so a resumed thread continues
with its plan, place and chat memory (``ui/history.py``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import traceback
from datetime import datetime
from pathlib import Path
from typing import Any

import chainlit as cl
from chainlit.types import ThreadDict
from pydantic import ValidationError

from singularity.catalogue import Language, say
from singularity.config import Settings, get_settings
from singularity.masking import install_secret_masking
from singularity.memory.profile import ProfileStore
from singularity.observability.feedback import TurnLinks
from singularity.observability.turn import LOCAL_USER, Caller
from singularity.personas import Persona, get_persona, load_personas
from singularity.ui import settings_panel
from singularity.ui.auth import install_login
from singularity.ui.history import (
    CONVERSATION_KEY,
    install_history,
    remember_conversation,
    thread_metadata,
)
from singularity.ui.images import image_captions, strip_duplicate_images
from singularity.ui.render import (
    FULL,
    browser_language,
    plan_table,
    starters,
    step_output,
    trace_line,
)
from singularity.ui.sessions import refuse_foreign_session_ids
from singularity.understanding.language import detect_language
from singularity.users.preferences import Preferences, PreferencesStore, session_settings
from singularity.users.space import UserSpace, user_space
from singularity.workflow.model_failures import record_failure
from singularity.workflow.runner import Session, SharedResources, TurnRecord, run_turn

PERSONA_MODE = "persona"
ALL_COLUMNS = "plan_all_columns"
SESSION_ID = re.compile(r"^[0-9a-f]{12}$")
"""``Session.create``'s ids; a stored snapshot naming anything else gets a new folder."""
log = logging.getLogger(__name__)
install_secret_masking()
refuse_foreign_session_ids()
install_login(get_settings())
install_history(get_settings())
BRIDGE_IDLE_S = 300.0
"""How long a Stellarium bridge outlives its last chat: a person's next chat (a reload, a new
conversation) reuses it instead of starting the server again; about 80 MB while it waits."""
_CHART_PROCESSES = get_settings().planning.chart_processes
SHARED = SharedResources(cpu_processes=(os.cpu_count() or 1) if _CHART_PROCESSES is None else _CHART_PROCESSES,
                         bridge_idle_s=BRIDGE_IDLE_S)
"""One Stellarium bridge per address, one knowledge base and the chart workers (one per core
unless ``planning.chart_processes`` says otherwise) for every chat of this app."""


def _personas() -> list[Persona]:
    settings = get_settings()
    return load_personas(settings.resolve(settings.personas_file))


@cl.set_starters
async def starter_cards(user: cl.User | None = None, language: str | None = None) -> list[cl.Starter]:
    """The starters in the browser's language (the conversation has none yet)."""
    return [cl.Starter(label=label, message=message)
            for label, message in starters(browser_language(language))]


@cl.action_callback("starter")
async def on_starter(action: cl.Action) -> None:
    """The starters again, as buttons under the offline banner (Chainlit hides its starter
    cards once the thread has a message)."""
    text = action.payload["message"]
    await cl.Message(content=text, author="You", type="user_message").send()
    await _answer(text, persona_id=cl.user_session.get("persona_default") or "default")


@cl.on_chat_start
async def start() -> None:
    from singularity.llm.providers import describe_provider, resolve_provider

    settings = get_settings()
    session = await _open_session()
    language = (await session.state())["language"]
    if resolve_provider(settings) == "offline":
        actions = [cl.Action(name="starter", label=label, payload={"message": message})
                   for label, message in starters(language)]
        await cl.Message(content=say("ui.offline_banner", language), author="Singularity",
                         actions=actions).send()
    else:
        await cl.Message(content=say("ui.connected", language, provider=describe_provider(settings)),
                         author="Singularity").send()


@cl.on_chat_resume
async def resume(thread: ThreadDict) -> None:
    """A past conversation from the sidebar: Chainlit shows its messages again, and the
    session continues from what the last turn stored (plan, place, last object, memory)."""
    snapshot = thread_metadata(thread).get(CONVERSATION_KEY)
    await _open_session(snapshot if isinstance(snapshot, dict) else None)


async def _open_session(snapshot: dict[str, Any] | None = None) -> Session:
    """The session of the logged-in user (or the local user), its settings panel and modes."""
    from singularity.tracing import setup_tracing

    settings = get_settings()
    personas = _personas()
    cl.user_session.set("personas", personas)  # read once per session, not per message
    user = cl.context.session.user
    space = user_space(settings, user.identifier if user is not None else None)
    cl.user_session.set("user_space", space)
    preferences = PreferencesStore(space.preferences_file).load()
    await _set_modes(personas, preferences.persona)
    setup_tracing(settings=settings)
    session = await _new_session(settings, space, preferences, snapshot)
    language = browser_language(cl.context.session.language)
    if preferences.language == "auto":
        await session.prefer_language(language)
    else:
        await session.prefer_language(preferences.language, chosen=snapshot is None)
    _use(session)
    await settings_panel.send_panel(preferences, personas, settings, language)
    return session


async def _new_session(settings: Settings, space: UserSpace, preferences: Preferences,
                       snapshot: dict[str, Any] | None) -> Session:
    """A session of ``space``'s user with their Stellarium, continuing ``snapshot`` if given."""
    profile = ProfileStore(space.profile_file).load()
    stored_id = (snapshot or {}).get("id")
    if not (isinstance(stored_id, str) and SESSION_ID.match(stored_id)):
        stored_id = None
    session = await asyncio.to_thread(  # models, files: off the event loop
        Session.create, settings=session_settings(settings, preferences),
        profile=profile.model_dump(mode="json"), user=space, session_id=stored_id, shared=SHARED)
    if snapshot is not None:
        try:
            await session.resume(snapshot)
        except (KeyError, TypeError, ValueError):  # ValidationError is a ValueError
            log.warning("Could not continue the stored conversation %s; starting it afresh.", session.id)
    return session


def _use(session: Session) -> None:
    cl.user_session.set("session", session)
    cl.user_session.set("warm_up", asyncio.create_task(session.start()))


async def _set_modes(personas: list[Persona], default: str) -> None:
    chosen = default if any(p.id == default for p in personas) else "default"
    cl.user_session.set("persona_default", chosen)
    await cl.context.emitter.set_modes([cl.Mode(id=PERSONA_MODE, name="Persona", options=[
        cl.ModeOption(id=p.id, name=p.name, description=p.description, icon=p.icon,
                      default=p.id == chosen) for p in personas
    ])])


@cl.on_settings_update
async def on_settings(values: dict[str, Any]) -> None:
    """The settings panel was saved: store the user's preferences and apply them at once."""
    settings = get_settings()
    session: Session = cl.user_session.get("session")
    space: UserSpace = cl.user_session.get("user_space")
    language: Language = (await session.state())["language"]
    try:
        preferences = await asyncio.to_thread(
            PreferencesStore(space.preferences_file).update, **settings_panel.changes(values))
    except ValidationError:
        reason = say("ui.settings_bad_stellarium_url", language)
    except OSError:
        reason = say("ui.settings_disk", language)
    else:
        reason = None
    finally:
        settings_panel.forget_typed_password()
    if reason is not None:
        await cl.Message(content=say("ui.settings_not_saved", language, reason=reason),
                         author="Singularity").send()
        return
    await _set_modes(cl.user_session.get("personas"), preferences.persona)
    if preferences.language != "auto":
        await session.prefer_language(preferences.language, chosen=True)
        language = preferences.language
    if session_settings(settings, preferences) != session.settings:  # Stellarium or units
        _use(await _new_session(settings, space, preferences, await session.snapshot()))
        await session.close()
    await settings_panel.send_panel(preferences, cl.user_session.get("personas"), settings,
                                    browser_language(cl.context.session.language))
    await cl.Message(content=say("ui.settings_saved", language), author="Singularity").send()


@cl.on_message
async def on_message(message: cl.Message) -> None:
    try:
        await _answer(message.content, persona_id=(message.modes or {}).get(PERSONA_MODE, "default"))
    except Exception:  # noqa: BLE001 - the app keeps serving: one sentence for the person, the log the rest
        session: Session = cl.user_session.get("session")
        path = record_failure(session.settings, traceback.format_exc())
        language = detect_language(message.content, default=browser_language(cl.context.session.language))
        await cl.Message(content=say("ui.internal_error", language, log=str(path)), author="Singularity").send()


@cl.on_chat_end
async def end() -> None:
    """A chat lets go of its resources; the Stellarium bridge ends with the last chat using it."""
    session: Session | None = cl.user_session.get("session")
    if session is not None:
        await session.close()


@cl.on_app_shutdown
async def shutdown() -> None:
    """Every Stellarium bridge (an MCP server process) ends with the app."""
    await SHARED.close()


async def _answer(text: str, *, persona_id: str) -> None:
    session: Session = cl.user_session.get("session")
    persona = get_persona(cl.user_session.get("personas"), persona_id)
    steps: dict[str, cl.Step] = {}
    record: TurnRecord | None = None
    async for item in run_turn(session, text, now=datetime.now().astimezone(), persona=persona,
                               caller=_caller()):
        if isinstance(item, TurnRecord):
            record = item
        elif item.kind == "tool_call" and item.tool_id:
            step = cl.Step(name=item.text, type="tool")
            step.input = item.arguments or {}
            await step.send()
            steps[item.tool_id] = step
        elif item.kind == "tool_result" and item.tool_id in steps:
            step = steps.pop(item.tool_id)
            step.output = step_output(item.text)
            await step.update()
    # the model's tokens are not streamed: until the honesty check has read them they may claim
    # what no tool said or carry Markdown a web page planted; only the checked text is shown
    assert record is not None
    if record.error:
        log.warning("Turn failed: %s", record.error)
    web_images = [a for a in record.artifacts if a.kind == "image" and a.url and not a.path]
    # images appear once, as elements
    answer = cl.Message(content=strip_duplicate_images(record.answer, [a.url for a in web_images]),
                        author="Singularity")
    plan_text, answer.actions = _plan(record)
    answer.content += plan_text
    if web_images:
        answer.content += "\n\n" + image_captions(web_images)
    answer.elements = [
        cl.Image(path=a.path, name=a.title or "chart", display="inline")
        for a in record.artifacts if a.path and Path(a.path).exists() and a.kind != "file"
    ] + [  # the plan's exports, to download
        cl.File(path=a.path, name=Path(a.path).name, mime=a.mime, display="inline")
        for a in record.artifacts if a.path and Path(a.path).exists() and a.kind == "file"
    ] + [
        cl.Image(url=a.url, name=f"{n}. {a.title or say('ui.image', record.language)}", mime=a.mime,
                 display="inline")
        for n, a in enumerate(web_images, start=1)
    ]
    if record.trace_id and record.span_id:  # the turn's trace in Phoenix; feedback annotates it
        answer.content += "\n\n" + trace_line(session.settings, record.trace_id, record.language)
        links = TurnLinks.of(session.settings)
        await asyncio.to_thread(links.remember, answer.id, trace_id=record.trace_id,
                                span_id=record.span_id)
    await answer.send()
    await _remember(session)


async def _remember(session: Session) -> None:
    """Keep the conversation after every turn, so a reload or a restart can resume it."""
    snapshot = await session.snapshot()
    cl.user_session.set(CONVERSATION_KEY, snapshot)  # Chainlit writes the session's values on leaving
    remember_conversation(cl.context.session.thread_id, snapshot)


def _caller() -> Caller:
    """The signed-in user (``local`` without login), the thread and the browser session."""
    user = cl.user_session.get("user")
    return Caller(user_id=user.identifier if user else LOCAL_USER,
                  thread_id=cl.context.session.thread_id, client_session_id=cl.context.session.id)


def _plan(record: TurnRecord) -> tuple[str, list[cl.Action]]:
    """The plan under the answer: the columns an observer needs at the telescope (they fit a
    phone held upright), a button that shows every column and one that exports the plan."""
    if not record.plan:
        return "", []
    full = plan_table(record.plan, record.language, columns=FULL)
    button = cl.Action(name=ALL_COLUMNS, payload={"table": full},
                       label=say("plan_table.all_columns", record.language),
                       tooltip=say("plan_table.all_columns_tooltip", record.language))
    export = cl.Action(name="starter", payload={"message": say("export.request", record.language)},
                       label=say("export.button", record.language),
                       tooltip=say("export.button_tooltip", record.language))  # asks as the user would
    return f"\n\n{plan_table(record.plan, record.language)}", [button, export]


@cl.action_callback(ALL_COLUMNS)
async def on_all_columns(action: cl.Action) -> None:
    """The plan's whole table, one tap away (on a phone its own box scrolls sideways)."""
    await cl.Message(content=action.payload["table"], author="Singularity").send()
