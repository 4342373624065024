"""A curated list of English Wikipedia articles (CC BY-SA 4.0), fetched via the MediaWiki API.

The list lives in ``knowledge.wikipedia_articles_file`` (groups of titles). Live runs ask
``action=query&prop=extracts&explaintext=1&exsectionformat=wiki`` for batches of titles,
following redirects and the API's continuation (TextExtracts returns one whole article per
answer and continues with the next), with ``maxlag`` as Wikimedia's etiquette asks. Each
article's raw page object is cached on its own, so a changed list only fetches what is new.
"""

from __future__ import annotations

import logging
import re
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import httpx
import yaml

from ingestion.documents import Document, SourceRef
from ingestion.fetch import (
    Cached,
    NotCached,
    RawCache,
    Service,
    get_json,
    http_client,
    retry_after_s,
    source_cache_dir,
)
from singularity.config import Settings
from singularity.errors import ConfigError, ServiceError
from singularity.yamldata import load_yaml

SOURCE = "wikipedia"
LICENSE = "CC BY-SA 4.0, Wikipedia"
TITLES_PER_REQUEST = 20
MAX_LAG_S = 5
LAG_RETRIES = 3
"""How often one batch may be asked again after a ``maxlag`` answer before the run gives up."""
DROPPED_SECTIONS = frozenset({"see also", "references", "notes", "external links", "further reading",
                              "bibliography", "sources", "citations", "footnotes", "explanatory notes",
                              "gallery", "notes and references", "works cited"})
"""Sections that hold lists of links and citations rather than prose."""

_HEADING = re.compile(r"^(?P<level>={2,6})\s*(?P<name>.+?)\s*(?P=level)$")
_BLANK_RUNS = re.compile(r"\n{3,}")
_MATH = "{\\displaystyle"
logger = logging.getLogger("singularity.ingestion")

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class Article:
    """One wanted article: the title as listed and the group it is filed under."""

    title: str
    group: str


def load_article_list(path: Path) -> list[Article]:
    """The curated titles in file order; raises ConfigError naming the file when it is malformed."""
    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"The Wikipedia article list {path} cannot be read ({exc}); "
                          "check knowledge.wikipedia_articles_file.") from exc
    groups = data.get("articles") if isinstance(data, dict) else None
    if not isinstance(groups, dict) or not groups:
        raise ConfigError(f"The Wikipedia article list {path} has no 'articles:' mapping of groups "
                          "to lists of titles.")
    articles: list[Article] = []
    for group, titles in groups.items():
        if not isinstance(titles, list) or not all(isinstance(t, str) and t.strip() for t in titles):
            raise ConfigError(f"The Wikipedia article list {path}: group {group!r} must be a list of titles.")
        articles.extend(Article(title=" ".join(t.split()), group=str(group)) for t in titles)
    return articles


def load_wikipedia_documents(
    settings: Settings, *, live: bool = False, client: httpx.Client | None = None,
    progress: Progress | None = None, batch_size: int | None = None,
) -> list[Document]:
    """One document per listed article that exists, from the cache (and the API when ``live``).

    Raises ``NotCached`` (naming ``--live``) when offline and an article is not cached, and
    ``ServiceError`` when the API fails or answers garbage. Articles Wikipedia does not have
    are skipped with a logged warning.
    """
    articles = load_article_list(settings.resolve(settings.knowledge.wikipedia_articles_file))
    cache = RawCache(source_cache_dir(settings, SOURCE))
    missing = [article.title for article in articles if cache.read(_key(article.title)) is None]
    if missing and not live:
        raise NotCached(f"{len(missing)} of {len(articles)} Wikipedia articles (first: {missing[0]!r}) are "
                        f"not cached in {cache.root}; run `singularity ingest --source {SOURCE} --live` "
                        "once with network access to fetch them.")
    if missing:
        own = client is None
        client = client or http_client(settings)
        try:
            _fetch(missing, settings=settings, client=client, cache=cache, progress=progress,
                   batch_size=batch_size or TITLES_PER_REQUEST)
        finally:
            if own:
                client.close()
    page_base = _page_base(settings.knowledge.wikipedia_api_url)
    documents: dict[str, Document] = {}
    for article in articles:
        cached = cache.read(_key(article.title))
        document = _document(article, cached, page_base) if cached is not None else None
        if document is not None and document.id not in documents:
            documents[document.id] = document
    return list(documents.values())


def extract_to_markdown(extract: str) -> str:
    """A plain-text extract (``== Heading ==`` sections) as Markdown with ``##`` headings.

    Nested headings carry their parents ("Observation: Distance") so each section names its
    context; reference and link sections are dropped; TeX fallbacks of formulas are removed.
    """
    lines: list[str] = []
    path: list[str] = []
    dropping = False
    for line in _without_math(extract).splitlines():
        heading = _HEADING.match(line.strip())
        if heading is None:
            if not dropping:
                lines.append(line.rstrip())
            continue
        path = [*path[:len(heading["level"]) - 2], heading["name"]]
        dropping = path[0].casefold() in DROPPED_SECTIONS
        if not dropping:
            lines.append(f"\n## {': '.join(path)}\n")
    return _BLANK_RUNS.sub("\n\n", "\n".join(lines)).strip()


def _without_math(text: str) -> str:
    """Drop ``{\\displaystyle …}`` groups (balanced braces) that explaintext leaves for formulas."""
    parts: list[str] = []
    start = 0
    while (found := text.find(_MATH, start)) >= 0:
        parts.append(text[start:found])
        depth, index = 0, found
        while index < len(text):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            index += 1
            if depth == 0:
                break
        start = index
    parts.append(text[start:])
    return "".join(parts)


def _key(title: str) -> str:
    return f"articles/{_slug(title)}.json"


def _slug(title: str) -> str:
    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", folded.casefold()).strip("-") or "article"


def _page_base(api_url: str) -> str:
    parts = urlsplit(api_url)
    return f"{parts.scheme}://{parts.netloc}/wiki/"


def _fetch(titles: list[str], *, settings: Settings, client: httpx.Client, cache: RawCache,
           progress: Progress | None, batch_size: int) -> None:
    """Ask for ``titles`` in batches and cache each article's page object as it arrives."""
    api_url = settings.knowledge.wikipedia_api_url
    service = Service("The Wikipedia API", api_url, "knowledge.wikipedia_api_url")
    done = 0
    for start in range(0, len(titles), batch_size):
        batch = titles[start:start + batch_size]
        pages, url = _query(batch, client=client, service=service, timeout_s=settings.knowledge.timeout_s)
        for title in batch:
            cache.write(_key(title), url, pages.get(title) or {"title": title, "missing": True})
        done += len(batch)
        if progress is not None:
            progress("Wikipedia articles", done, len(titles))


def _query(batch: list[str], *, client: httpx.Client, service: Service,
           timeout_s: float) -> tuple[dict[str, dict[str, Any]], str]:
    """The page object of each requested title, following continuation until the batch is done."""
    params = {"action": "query", "format": "json", "formatversion": "2", "prop": "extracts",
              "explaintext": "1", "exsectionformat": "wiki", "exlimit": "1", "redirects": "1",
              "maxlag": str(MAX_LAG_S), "titles": "|".join(batch)}
    request_url = str(httpx.URL(service.url, params=params))
    found: dict[str, dict[str, Any]] = {}
    aliases: dict[str, str] = {}
    continuation: dict[str, Any] = {}
    lag_retries = 0
    for _ in range(2 * len(batch) + 2):  # one answer per article plus slack; never loop forever
        body, headers = get_json(client, service.url, params=params | continuation, service=service,
                                 timeout_s=timeout_s)
        error = body.get("error") if isinstance(body, dict) else None
        if isinstance(error, dict):
            if error.get("code") == "maxlag" and lag_retries < LAG_RETRIES:
                lag_retries += 1
                time.sleep(retry_after_s(headers))
                continue
            raise ServiceError(_api_error(service, error, lag_retries))
        try:
            continuation = _absorb(body, found, aliases)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ServiceError(f"{service.name} at {service.url} answered JSON of an unexpected shape "
                               f"({exc!r}); check {service.setting}.") from exc
        if not continuation:
            return {title: found[_resolve(title, aliases)] for title in batch
                    if _resolve(title, aliases) in found}, request_url
    raise ServiceError(f"{service.name} at {service.url} kept asking to continue beyond "
                       f"{2 * len(batch) + 2} answers for {len(batch)} titles; try again later.")


def _absorb(body: Any, found: dict[str, dict[str, Any]], aliases: dict[str, str]) -> dict[str, Any]:
    """Merge one answer's pages and title mappings; return its continuation parameters."""
    query = body["query"]
    for entry in [*query.get("normalized", []), *query.get("redirects", [])]:
        aliases[entry["from"]] = entry["to"]
    for page in query["pages"]:
        title = page["title"]
        if "extract" in page or title not in found:
            found[title] = page
    continuation = body.get("continue") or {}
    if not isinstance(continuation, dict):
        raise TypeError("'continue' is not an object")
    return continuation


def _resolve(title: str, aliases: dict[str, str]) -> str:
    for _ in range(4):  # normalisation, then a redirect (chains are short)
        if title not in aliases:
            break
        title = aliases[title]
    return title


def _api_error(service: Service, error: dict[str, Any], lag_retries: int) -> str:
    code, info = error.get("code", "unknown"), " ".join(str(error.get("info", "")).split())[:160]
    if code == "maxlag":
        return (f"{service.name} at {service.url} stayed too busy (maxlag: {info}) after {lag_retries} "
                "retries; try again later.")
    return (f"{service.name} at {service.url} answered with the error '{code}' ({info}); "
            f"check {service.setting} and the article list.")


def _document(article: Article, cached: Cached, page_base: str) -> Document | None:
    page = cached.body if isinstance(cached.body, dict) else {}
    extract = page.get("extract")
    if page.get("missing") or page.get("invalid") or not isinstance(extract, str) or not extract.strip():
        logger.warning("Wikipedia has no article %r (skipped); check the article list.", article.title)
        return None
    title = str(page.get("title") or article.title)
    text = extract_to_markdown(extract)
    if not text:
        return None
    url = page_base + quote(title.replace(" ", "_"), safe="()_,-.:!")
    return Document(
        id=f"wikipedia-{_slug(title)}", source=SOURCE, url=url, title=title,
        section=f"Wikipedia / {article.group}", text=text, license=LICENSE,
        retrieved_at=cached.fetched_at.date(), sources=[SourceRef(title=f"Wikipedia: {title}", url=url)],
    )
