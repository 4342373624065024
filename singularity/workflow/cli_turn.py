"""``singularity ask``: one turn through the same runner the chat app uses.

The conversation file (``--session``) is the user's: a folder, a file of another program or
an unwritable place is said in one sentence (an ``InputError``), never shown as a traceback.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from singularity.catalogue import msg, say
from singularity.catalogue.failures import file_reason
from singularity.config import Settings
from singularity.errors import InputError
from singularity.users.space import user_space
from singularity.workflow.runner import Session, TurnEvent, TurnRecord, run_turn


async def run_cli_turn(
    message: str, *, settings: Settings, session_file: Path | None, persona_id: str,
    now: datetime, echo: Callable[[str], None] | None, user: str | None = None,
) -> TurnRecord:
    """Run ``message`` as ``user`` (None: the local user); print steps and the answer with
    ``echo`` (None: print nothing)."""
    from singularity.memory.profile import ProfileStore
    from singularity.personas import get_persona, load_personas
    from singularity.tracing import setup_tracing

    if session_file is not None and session_file.is_dir():
        raise InputError(msg("cli.session_is_folder", path=str(session_file)))
    tracing = setup_tracing(settings=settings)  # spans are dropped if no collector listens

    persona = get_persona(load_personas(settings.resolve(settings.personas_file)), persona_id)
    space = user_space(settings, user)
    profile = ProfileStore(space.profile_file).load()
    session = Session.create(settings=settings, profile=profile.model_dump(mode="json"), user=space)
    if session_file is not None and session_file.exists():
        await _restore(session, session_file)
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
        try:
            await session.save(session_file)
        except OSError as exc:
            raise InputError(msg("cli.session_not_saved", path=str(session_file),
                                 reason=file_reason(exc))) from None
    if tracing is not None:
        tracing.shutdown()  # flush this turn's spans before the process ends
    return record


async def _restore(session: Session, path: Path) -> None:
    """Continue the conversation in ``path``; what is not one ``Session.save`` wrote is refused."""
    try:
        await session.restore(path)
    except OSError as exc:
        reason = file_reason(exc)
    except ValidationError:  # JSON, but the messages are not chat messages
        reason = msg("cli.reason_wrong_shape")
    except (UnicodeDecodeError, ValueError):  # not UTF-8, or not JSON
        reason = msg("cli.reason_not_json")
    except (KeyError, TypeError, AttributeError):  # JSON of another shape
        reason = msg("cli.reason_wrong_shape")
    else:
        return
    raise InputError(msg("cli.session_unreadable", path=str(path), reason=reason))


def _print_event(event: TurnEvent, echo: Callable[[str], None]) -> None:
    if event.kind == "agent":
        echo(f"[{event.agent}]")
    elif event.kind == "tool_call":
        echo(f"  → {event.text} ({event.tool})")
    elif event.kind == "tool_result" and event.result is not None:
        # the step as the app shows it, in the conversation's language: its sentence, then the
        # technical detail of a failure, indented below
        status = say(f"steps.status_{event.result.status.value}", event.language)
        said, *detail = event.text.split("\n\n")
        echo(f"  ← {status}" + (f": {said}" if said != status else ""))
        for paragraph in detail:
            echo(textwrap.indent(paragraph, "    "))
    elif event.kind == "answer":
        echo("")
        echo(event.text)
