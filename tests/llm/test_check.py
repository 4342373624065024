"""check_llm: one real FunctionAgent round against the fake server, for a good model and for
each way a model or its server can misbehave."""

from __future__ import annotations

import socket

import pytest

from singularity.llm.check import (
    CHECK_DATE,
    CHECK_PLACE,
    QUESTION,
    TOOL_NAME,
    check_llm,
    expected_sunset,
    looks_like_text_tool_call,
    mentions_time,
    sunset_time,
)
from tests.fakes import openai_server as script
from tests.fakes.openai_server import FakeOpenAI
from tests.llm.conftest import MakeSettings

ARGS = {"date": CHECK_DATE.isoformat()}


def good_script() -> list[script.Reply]:
    return [script.tool_call(TOOL_NAME, ARGS),
            script.text(f"The Sun sets in {CHECK_PLACE.name} at {expected_sunset()} local time.")]


# -- the tool and the detectors ----------------------------------------------------------------

def test_the_tool_computes_the_sunset_from_the_planning_engine() -> None:
    value = expected_sunset()
    hour, minute = (int(part) for part in value.split(":"))
    assert 21 * 60 + 15 <= hour * 60 + minute <= 21 * 60 + 35  # solstice, 47.65 N, CEST
    assert sunset_time("2026-06-21") == (
        f"Sunset in Kreuzlingen on 2026-06-21: {value} local time (Europe/Zurich).")
    assert sunset_time("2026-12-21") != sunset_time("2026-06-21")


def test_the_tool_rejects_a_date_it_cannot_read() -> None:
    with pytest.raises(ValueError, match="YYYY-MM-DD, not '21 June'"):
        sunset_time("21 June")


@pytest.mark.parametrize("text", [
    '```json\n{"name": "sunset_time", "arguments": {"date": "2026-06-21"}}\n```',
    '<tool_call>\n{"name": "sunset_time", "arguments": {"date": "2026-06-21"}}\n</tool_call>',
    '{"name": "sunset_time", "parameters": {"date": "2026-06-21"}}',
    'I will call sunset_time(date="2026-06-21") now.',
    '[TOOL_CALLS] [{"name": "sunset_time"}]',
    '<|python_tag|>sunset_time.call(date="2026-06-21")',
    '{"type": "function", "function": {"name": "sunset_time"}}',
])
def test_text_tool_calls_are_recognised(text: str) -> None:
    assert looks_like_text_tool_call(text, tool_names=[TOOL_NAME])


@pytest.mark.parametrize("text", [
    "The Sun sets in Kreuzlingen at 21:25 local time.",
    "I used the sunset tool; the function of twilight is to darken the sky.",
    "```\nsunset: 21:25\n```",
])
def test_ordinary_answers_are_not_text_tool_calls(text: str) -> None:
    assert not looks_like_text_tool_call(text, tool_names=[TOOL_NAME])


@pytest.mark.parametrize(("answer", "found"), [
    ("Sunset is at 21:25.", True), ("um 21.25 Uhr", True), ("at 9:25 p.m.", True),
    ("at 9:25 PM", True), ("21h25", True), ("at 21:26", False), ("at 9:25 am", False),
    ("121:25", False), ("21:250", False),
])
def test_mentions_time(answer: str, found: bool) -> None:
    assert mentions_time(answer, "21:25") is found


# -- good and bad models ---------------------------------------------------------------------

async def test_a_good_model_passes(openrouter_settings: MakeSettings,
                                   fake_openai: FakeOpenAI) -> None:
    fake_openai.script(*good_script())
    report = await check_llm(settings=openrouter_settings(models__planning="good/model"))

    assert report.ok, report.messages
    assert report.error is None
    assert (report.provider, report.model, report.role) == ("openrouter", "good/model", "planning")
    assert report.called_tool and report.arguments_valid and report.answered
    assert report.used_tool_value and not report.text_tool_call
    assert report.tool_value == expected_sunset() and expected_sunset() in report.answer
    assert report.messages == [(f"The model called sunset_time natively with valid arguments and "
                               f"answered with the tool's value ({expected_sunset()}).")]
    assert report.elapsed_s > 0
    first, second = fake_openai.calls
    assert first.body["model"] == "good/model" and first.tool_names == [TOOL_NAME]
    assert first.messages[-1] == {"role": "user", "content": QUESTION}
    assert expected_sunset() in second.messages[-1]["content"]  # the tool result went back


async def test_the_role_picks_the_model(openai_like_settings: MakeSettings,
                                        fake_openai: FakeOpenAI) -> None:
    fake_openai.script(*good_script())
    report = await check_llm(settings=openai_like_settings(models__judge="local-judge"),
                             role="judge")
    assert report.ok and (report.provider, report.model) == ("openai_like", "local-judge")
    assert fake_openai.calls[0].body["model"] == "local-judge"


@pytest.mark.parametrize("style", ["json", "xml"])
async def test_a_tool_call_written_as_text_is_flagged(openrouter_settings: MakeSettings,
                                                      fake_openai: FakeOpenAI, style: str) -> None:
    fake_openai.script(script.fake_tool_call_text(TOOL_NAME, ARGS, style=style))
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok
    assert report.text_tool_call and not report.called_tool and not report.answered
    assert report.messages == [("The model wrote a tool call as text instead of calling the tool "
                               "natively; choose a model with native tool calling.")]


async def test_an_answer_without_the_tool_fails(openrouter_settings: MakeSettings,
                                                fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.text("The Sun sets at about half past nine."))
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and not report.called_tool and not report.text_tool_call
    assert report.messages == [("The model answered without calling the tool, so it cannot be "
                               "trusted to use Singularity's tools.")]


async def test_an_empty_answer_fails(openrouter_settings: MakeSettings,
                                     fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.empty(None))
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and report.answer == ""
    assert report.messages == ["The model returned an empty answer and called no tool."]


async def test_silence_after_the_tool_result_fails(openrouter_settings: MakeSettings,
                                                   fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.tool_call(TOOL_NAME, ARGS), script.empty(""))
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok
    assert report.called_tool and report.arguments_valid and not report.answered
    assert report.messages == ["The model gave no answer after the tool result."]


async def test_an_answer_ignoring_the_tool_value_fails(openrouter_settings: MakeSettings,
                                                       fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.tool_call(TOOL_NAME, ARGS),
                       script.text("The Sun sets at 20:00."))
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and report.answered and not report.used_tool_value
    assert report.messages == [(f"The model's answer does not contain the tool's value "
                               f"({expected_sunset()}), so it may ignore tool results.")]


async def test_unparseable_arguments_fail_even_when_the_model_recovers(
    openrouter_settings: MakeSettings, fake_openai: FakeOpenAI
) -> None:
    fake_openai.script(script.malformed_tool_call(TOOL_NAME, "{date: 2026-06-21}"),
                       *good_script())
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok
    assert report.called_tool and report.used_tool_value and not report.arguments_valid
    assert report.messages == [
        "The model's tool-call arguments were not a valid JSON object ({date: 2026-06-21}).",
        ("The tool rejected the model's arguments: sunset_time() missing 1 required positional "
         "argument: 'date'."),
    ]


async def test_truncated_arguments_fail_although_llamaindex_repairs_them(
    openrouter_settings: MakeSettings, fake_openai: FakeOpenAI
) -> None:
    fake_openai.script(script.malformed_tool_call(TOOL_NAME, '{"date": "2026-06-21"'),
                       good_script()[1])
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and report.called_tool and report.used_tool_value
    assert not report.arguments_valid
    assert report.messages == [("The model's tool-call arguments were not a valid JSON object "
                               '({"date": "2026-06-21").')]


async def test_arguments_the_tool_cannot_use_fail(openrouter_settings: MakeSettings,
                                                  fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.tool_call(TOOL_NAME, {"date": "21 June"}), good_script()[1])
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and not report.arguments_valid
    assert report.messages == [("The tool rejected the model's arguments: date must be written as "
                               "YYYY-MM-DD, not '21 June'.")]


async def test_an_invented_tool_is_reported(openrouter_settings: MakeSettings,
                                            fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.tool_call("get_sunset", ARGS), *good_script())
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and report.called_tool
    assert report.messages == ["The model called a tool that does not exist (get_sunset)."]


async def test_a_model_that_never_stops_calling_tools(openrouter_settings: MakeSettings,
                                                      fake_openai: FakeOpenAI) -> None:
    fake_openai.script(*[script.tool_call(TOOL_NAME, ARGS)] * 10)
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and report.called_tool
    assert report.messages == ["The model kept calling tools without finishing within 6 steps."]
    assert len(fake_openai.calls) == 6


# -- failures of the server or the setup -------------------------------------------------------

@pytest.mark.parametrize(("status", "sentence"), [
    (401, "The model server rejected the API key (HTTP 401); check OPENROUTER_API_KEY."),
    (429, ("The model provider is limiting requests (HTTP 429: rate limit or quota); wait a "
          "moment and try again.")),
    (500, ("The model server at {url} had an internal error (HTTP 500: The server had an error "
           "while processing your request. Sorry about that!); try again later.")),
])
async def test_http_errors_become_one_sentence(openrouter_settings: MakeSettings,
                                               fake_openai: FakeOpenAI, status: int,
                                               sentence: str) -> None:
    fake_openai.script(script.http_error(status))
    report = await check_llm(settings=openrouter_settings())
    sentence = sentence.format(url=fake_openai.openrouter_url)
    assert not report.ok and report.messages == [sentence] and report.error == sentence
    assert len(fake_openai.calls) == 1


async def test_an_error_after_the_tool_call_keeps_what_was_seen(
    openrouter_settings: MakeSettings, fake_openai: FakeOpenAI
) -> None:
    fake_openai.script(script.tool_call(TOOL_NAME, ARGS), script.http_error(500))
    report = await check_llm(settings=openrouter_settings())
    assert not report.ok and report.called_tool and report.arguments_valid
    assert report.messages[0].startswith(
        f"The model server at {fake_openai.openrouter_url} had an internal error (HTTP 500")


async def test_a_timeout_becomes_one_sentence(openrouter_settings: MakeSettings,
                                              fake_openai: FakeOpenAI) -> None:
    fake_openai.script(script.slow(good_script()[0], 5.0))
    report = await check_llm(settings=openrouter_settings(timeout_s="0.5"))
    assert not report.ok
    assert report.messages == [(
        f"The language model sent nothing for 0.5 s; check that the server at "
        f"{fake_openai.openrouter_url} is running and offers the model openai/gpt-4.1-mini, or "
        "raise llm.timeout_s for a slow local model.")]


async def test_connection_refused_becomes_one_sentence(openai_like_settings: MakeSettings) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    report = await check_llm(settings=openai_like_settings(
        openai_like_url=f"http://127.0.0.1:{port}/v1"))
    assert not report.ok
    assert report.messages == [(f"Nothing answered at http://127.0.0.1:{port}/v1 (connection "
                               "refused); check that the model server is running and the "
                               "address is right.")]


async def test_offline_has_no_model_to_check(make_settings: MakeSettings,
                                             fake_openai: FakeOpenAI) -> None:
    report = await check_llm(settings=make_settings())
    assert not report.ok and report.provider == "offline" and report.model is None
    assert report.messages == [("There is no model to check: no LLM is configured, so the "
                               "offline pilot answers (set OPENROUTER_API_KEY or "
                               "llm.openai_like_url to connect one).")]
    assert fake_openai.calls == []


async def test_a_provider_without_its_key_is_reported(make_settings: MakeSettings) -> None:
    report = await check_llm(settings=make_settings(provider="openrouter"))
    assert not report.ok and report.model is None
    assert report.messages == ["llm.provider is 'openrouter' but OPENROUTER_API_KEY is not set."]
