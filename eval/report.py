"""The Markdown view of a RAG evaluation run, and the comparison of two runs.

A run is the JSON dictionary the runner writes (``run``, ``summary``, ``by_kind``,
``by_language``, ``targets``, ``questions``, ``comparison``); both functions here read only
that dictionary, so an old result file can be rendered or compared again later.
"""

from __future__ import annotations

from typing import Any

from eval.runs import cell, number, rate
from eval.scoring import CHECKS, METRICS

TARGETS = {"recall": 0.90, "rr": 0.80}
"""Issue 4's goals for the bundled index and embedding model, at k = 5."""
ANSWER_TARGETS = {"answer_accuracy": 0.80, "unanswerable_recognised": 0.90}
"""Issue 10's goals for the offline answers, on the held-out part."""
TARGET_K = 5
TOLERANCE = 1e-9
_LABELS = {"recall": "Recall@{k}", "precision": "Precision@{k}", "rr": "MRR", "ndcg": "NDCG@{k}"}
_CHECK_LABELS = {"title_filter": "title filter", "topics": "topic split", "web_fallback": "web fallback"}


def targets(summary: dict[str, Any], k: int) -> dict[str, dict[str, Any]]:
    """Each target with the run's value and whether it was met (``None`` when k is not 5)."""
    return {name: {"target": goal, "value": summary.get(name),
                   "met": None if k != TARGET_K or summary.get(name) is None else summary[name] >= goal}
            for name, goal in TARGETS.items()}


def answer_targets(figures: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each answer target with the held-out value and whether it was met."""
    held = figures.get("heldout", {})
    return {name: {"target": goal, "value": held.get(name),
                   "met": None if held.get(name) is None else held[name] >= goal}
            for name, goal in ANSWER_TARGETS.items()}


def answers_markdown(answers: dict[str, Any], *, failed_rows: bool) -> list[str]:
    """The answer figures per group, the targets, and (``failed_rows``) every failed dev
    question; held-out failures are only counted, so no rule is fitted to them."""
    lines = ["", "## Answers (offline pilot)", "", (f"Test set {answers['dataset']} "
             f"(sha256 {answers['dataset_sha256'][:12]})."), "",
             "| Group | answerable | answer accuracy | unanswerable | recognised | wrongly declined | not searched | errors |",
             "|---|---|---|---|---|---|---|---|"]
    for group, f in answers["figures"].items():
        lines.append(f"| {group} | {f['answerable']} | {number(f['answer_accuracy'])} | {f['unanswerable']} | "
                     f"{number(f['unanswerable_recognised'])} | {f['wrongly_declined']} | {f['not_searched']} | {f['errors']} |")
    lines += ["", *(f"- Target held-out {name.replace('_', ' ')} ≥ {t['target']:.2f}: {number(t['value'])} "
                    f"{ {True: 'met', False: 'MISSED', None: ''}[t['met']]}" for name, t in answers["targets"].items())]
    if failed_rows:
        failed = [a for a in answers["items"] if not a["correct"]]
        dev = [a for a in failed if a["split"] == "dev"]
        lines += ["", f"### Failed dev answers ({len(dev)})", "", "| Question | Asked | Answerable | Fact | Answer |",
                  "|---|---|---|---|---|"]
        lines += [f"| {a['id']}: {cell(a['question'])} | {a['asked']} | {'yes' if a['answerable'] else 'no'} | "
                  f"{cell(a['fact'] or '–')} | {cell(a['answer'][:240])} |" for a in dev]
        if len(failed) > len(dev):
            lines += ["", f"{len(failed) - len(dev)} held-out answer(s) failed; their details are in the JSON file only."]
    return lines


def compare_runs(current: dict[str, Any], earlier: dict[str, Any], *, label: str) -> dict[str, Any]:
    """Per-question regressions and improvements of ``current`` against ``earlier``.

    A regression is a drop in recall or reciprocal rank, or a strategy check that passed before
    and fails now; an improvement is the opposite. Questions are matched by id.
    """
    before = {q["id"]: q for q in earlier.get("questions", [])}
    now_ids = {q["id"] for q in current["questions"]}
    regressions: list[dict[str, Any]] = []
    improvements: list[dict[str, Any]] = []
    for question in current["questions"]:
        old = before.get(question["id"])
        if old is None:
            continue
        k = current["run"]["k"]
        worse, better = _changes(old, question, k)
        entry = {"id": question["id"], "kind": question["kind"], "question": question["question"],
                 "retrieved_before": old["retrieved_titles"][:k], "retrieved_now": question["retrieved_titles"][:k]}
        if worse:
            regressions.append({**entry, "changes": worse})
        if better:
            improvements.append({**entry, "changes": better})
    warnings = [f"{what} differs: {earlier['run'].get(key)} before, {current['run'].get(key)} now."
                for key, what in (("k", "k"), ("mode", "The run mode"), ("search_mode", "The search mode"),
                                  ("dataset_sha256", "The test set"))
                if earlier.get("run", {}).get(key) != current["run"].get(key)]
    deltas = {}
    for name in (*METRICS, *(f"{check}_ok" for check in CHECKS), "strategy_ok"):
        old_value, new_value = earlier.get("summary", {}).get(name), current["summary"].get(name)
        delta = None if old_value is None or new_value is None else new_value - old_value
        deltas[name] = {"before": old_value, "now": new_value, "delta": delta}
    return {
        "against": label, "earlier_run": earlier.get("run", {}), "warnings": warnings, "summary": deltas,
        "regressions": regressions, "improvements": improvements,
        "only_before": sorted(set(before) - now_ids), "only_now": sorted(now_ids - set(before)),
    }


def _changes(old: dict[str, Any], new: dict[str, Any], k: int) -> tuple[list[str], list[str]]:
    worse: list[str] = []
    better: list[str] = []
    for name, label in (("recall", f"Recall@{k}"), ("rr", "RR")):
        a, b = old["metrics"].get(name), new["metrics"].get(name)
        if a is None or b is None:
            continue
        text = f"{label} {a:.2f} → {b:.2f}"
        if b < a - TOLERANCE:
            worse.append(text)
        elif b > a + TOLERANCE:
            better.append(text)
    for check in CHECKS:
        a, b = old["checks"].get(check), new["checks"].get(check)
        if a and not b:
            worse.append(f"{_CHECK_LABELS[check]} check passed → failed")
        elif b and not a and a is not None:
            better.append(f"{_CHECK_LABELS[check]} check failed → passed")
    return worse, better


def summary_markdown(run: dict[str, Any]) -> str:
    """Heading, run facts, summary with targets, breakdowns and the comparison (no question rows)."""
    meta, k = run["run"], run["run"]["k"]
    retrieval = meta.get("retrieval", {})
    lines = [f"# RAG evaluation — {meta['mode']} run, {meta['search_mode']} search, k = {k}", ""]
    if meta["mode"] == "dry":
        lines += [("Dry run: the rankings are synthetic (the expected titles, in order), so every "
                   "metric must be 1.00. It checks the test set, the metrics and the output files, "
                   "not retrieval quality; use `--live` for that."), ""]
    lines += [
        f"- Run: {meta['started_at']} ({meta['seconds']:.1f} s), commit {meta.get('git_commit') or 'unknown'}",
        f"- Test set: {meta['dataset']} ({meta['questions']} questions, sha256 {meta['dataset_sha256'][:12]})",
        (f"- Retrieval: collection {retrieval.get('collection')}, top_k {retrieval.get('top_k')}, "
         f"prefetch_k {retrieval.get('prefetch_k')}, relevance threshold {retrieval.get('relevance_threshold')}, "
         f"embedder {retrieval.get('embedder')}"),
        "",
        "## Summary",
        "",
        "| Metric | Value | Target |",
        "|---|---|---|",
    ]
    summary = run["summary"]
    for name in METRICS:
        goal = run["targets"].get(name)
        mark = ""
        if goal is not None:
            verdict = {True: "met", False: "MISSED", None: "(k = 5 only)"}[goal["met"]]
            mark = f"≥ {goal['target']:.2f} {verdict}"
        lines.append(f"| {_LABELS[name].format(k=k)} | {number(summary[name])} | {mark} |")
    for check in CHECKS:
        lines.append(f"| {_CHECK_LABELS[check]} check | {rate(summary[f'{check}_ok'])} | |")
    lines.append(f"| all strategy checks | {rate(summary['strategy_ok'])} | |")
    lines.append(f"| search errors | {summary['errors']} | |")
    for key, heading in (("by_kind", "By kind"), ("by_language", "By language")):
        lines += ["", f"## {heading}", "",
                  (f"| {heading[3:].capitalize()} | n | Recall@{k} | Precision@{k} | MRR | NDCG@{k} | "
                   "title filter | topic split | web fallback |"),
                  "|---|---|---|---|---|---|---|---|---|"]
        for name, group in run[key].items():
            lines.append(f"| {name} | {group['questions']} | " + " | ".join(number(group[m]) for m in METRICS)
                         + " | " + " | ".join(rate(group[f"{c}_ok"]) for c in CHECKS) + " |")
    weakest = weakest_questions(run)
    if weakest:
        lines += ["", f"## Weakest questions ({len(weakest)} shown)", "",
                  f"| Question | Kind | R@{k} | RR | Failed checks | Retrieved (top {k}) | Expected |",
                  "|---|---|---|---|---|---|---|"]
        for q in weakest:
            failed = ", ".join(_CHECK_LABELS[c] for c in CHECKS if not q["checks"][c]) or "–"
            lines.append(f"| {q['id']}: {cell(q['question'])} | {q['kind']} | {number(q['metrics']['recall'])} | "
                         f"{number(q['metrics']['rr'])} | {failed} | {cell(', '.join(q['retrieved_titles'][:k]))} | "
                         f"{cell(', '.join(q['expected_titles']) or '(none: web)')} |")
    if run.get("answers"):
        lines += answers_markdown(run["answers"], failed_rows=False)
    comparison = run.get("comparison")
    if comparison:
        lines += ["", *comparison_markdown(comparison)]
    return "\n".join(lines) + "\n"


def weakest_questions(run: dict[str, Any], limit: int = 10) -> list[dict[str, Any]]:
    """Questions that missed an expected title, ranked a correct source low or failed a
    strategy check: lowest recall first, then lowest reciprocal rank, then most failed checks."""
    def badness(q: dict[str, Any]) -> tuple[float, float, int]:
        recall, rr = q["metrics"]["recall"], q["metrics"]["rr"]
        return (1.0 if recall is None else recall, 1.0 if rr is None else rr,
                -sum(not passed for passed in q["checks"].values()))

    weak = [q for q in run["questions"] if badness(q) < (1.0, 1.0, 0) or q["error"]]
    return sorted(weak, key=badness)[:limit]


def comparison_markdown(comparison: dict[str, Any]) -> list[str]:
    """The comparison section: summary deltas, then one row per regressed question."""
    earlier = comparison["earlier_run"]
    lines = [f"## Compared with {comparison['against']}",
             "",
             (f"Earlier run: {earlier.get('started_at')}, commit {earlier.get('git_commit') or 'unknown'}, "
              f"{earlier.get('mode')} / {earlier.get('search_mode')}."), ""]
    if comparison["warnings"]:
        lines += [*(f"- Warning: {warning}" for warning in comparison["warnings"]), ""]
    lines += ["| Metric | Before | Now | Change |", "|---|---|---|---|"]
    for name, values in comparison["summary"].items():
        delta = values["delta"]
        if name in _LABELS:
            lines.append(f"| {_LABELS[name].format(k='k')} | {number(values['before'])} | "
                         f"{number(values['now'])} | {'–' if delta is None else f'{delta:+.2f}'} |")
        else:
            label = "all strategy checks" if name == "strategy_ok" else f"{_CHECK_LABELS[name[:-3]]} check"
            lines.append(f"| {label} | {rate(values['before'])} | {rate(values['now'])} | "
                         f"{'–' if delta is None else f'{delta * 100:+.0f} points'} |")
    lines += ["", f"### Regressions ({len(comparison['regressions'])})", ""]
    if comparison["regressions"]:
        lines += ["| Question | Kind | What got worse | Top titles before → now |", "|---|---|---|---|"]
        for item in comparison["regressions"]:
            lines.append(f"| {item['id']} | {item['kind']} | {cell('; '.join(item['changes']))} | "
                         f"{cell(', '.join(item['retrieved_before']))} → {cell(', '.join(item['retrieved_now']))} |")
    else:
        lines.append("None.")
    lines += ["", f"Improvements: {len(comparison['improvements'])}"
              + "".join(f"; {item['id']} ({', '.join(item['changes'])})" for item in comparison["improvements"])]
    if comparison["only_before"] or comparison["only_now"]:
        lines.append(f"Only in the earlier run: {', '.join(comparison['only_before']) or 'none'}; "
                     f"only in this run: {', '.join(comparison['only_now']) or 'none'}.")
    return lines


def run_markdown(run: dict[str, Any]) -> str:
    """The full report: :func:`summary_markdown` plus one row per question."""
    k = run["run"]["k"]
    lines = [summary_markdown(run), "## Questions", "",
             f"| Question | Kind | Lang | R@{k} | P@{k} | RR | NDCG@{k} | Strategy | Retrieved (top {k}) | Expected |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    for q in run["questions"]:
        failed = [_CHECK_LABELS[c] for c in CHECKS if not q["checks"][c]]
        strategy = f"{len(q['strategy']['topics'])} topic(s)"
        filters = sorted({t for titles in q["strategy"]["title_filters"] for t in titles})
        if filters:
            strategy += f", filter {', '.join(filters)}"
        if q["strategy"]["web_fallback"]:
            strategy += ", web"
        strategy += f"; FAILED {', '.join(failed)}" if failed else "; ok"
        if q["error"]:
            strategy = f"ERROR {q['error']}"
        m = q["metrics"]
        lines.append(f"| {q['id']}: {cell(q['question'])} | {q['kind']} | {q['language']} | "
                     f"{number(m['recall'])} | {number(m['precision'])} | {number(m['rr'])} | "
                     f"{number(m['ndcg'])} | {cell(strategy)} | {cell(', '.join(q['retrieved_titles'][:k]))} | "
                     f"{cell(', '.join(q['expected_titles']) or '(none: web)')} |")
    if run.get("answers"):
        lines += answers_markdown(run["answers"], failed_rows=True)
    return "\n".join(lines) + "\n"
