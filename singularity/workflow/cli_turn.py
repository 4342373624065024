"""``singularity ask``: one turn through the same runner the chat app uses."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from singularity.config import Settings
from singularity.workflow.runner import Session, TurnEvent, TurnRecord, run_turn


async def run_cli_turn(
    message: str, *, settings: Settings, session_file: Path | None, persona_id: str,
    now: datetime, echo: Callable[[str], None] | None,
) -> TurnRecord:
    """Run ``message``; print steps and the answer with ``echo`` (None: print nothing)."""
    from singularity.memory.profile import ProfileStore
    from singularity.personas import get_persona, load_personas
    from singularity.tracing import setup_tracing

    tracing = setup_tracing(settings=settings)  # spans are dropped if no collector listens

    persona = get_persona(load_personas(settings.resolve(settings.personas_file)), persona_id)
    profile = ProfileStore(settings.resolve(settings.memory.profile_file, under_data=True)).load()
    session = Session.create(settings=settings, profile=profile.model_dump(mode="json"))
    if session_file is not None and session_file.exists():
        await session.restore(session_file)
    record: TurnRecord | None = None
    async for item in run_turn(session, message, now=now, persona=persona):
        if isinstance(item, TurnRecord):
            record = item
        elif echo is not None:
            _print_event(item, echo)
    assert record is not None
    if echo is not None:
        for artifact in record.artifacts:  # the app shows these as images
            credit = f" ({artifact.credit})" if artifact.credit else ""
            echo(f"[{artifact.kind}] {artifact.title or artifact.kind}: {artifact.path or artifact.url}{credit}")
    if session_file is not None:
        await session.save(session_file)
    if tracing is not None:
        tracing.shutdown()  # flush this turn's spans before the process ends
    return record


def _print_event(event: TurnEvent, echo: Callable[[str], None]) -> None:
    if event.kind == "agent":
        echo(f"[{event.agent}]")
    elif event.kind == "tool_call":
        echo(f"  → {event.text} ({event.tool})")
    elif event.kind == "tool_result" and event.result is not None:
        suffix = f": {event.result.message}" if event.result.message else ""
        echo(f"  ← {event.result.status.value}{suffix}")
    elif event.kind == "answer":
        echo("")
        echo(event.text)
