"""OpenStax *Astronomy 2e* (CC BY 4.0): one document per chapter introduction and numbered section.

How openstax.org serves a book (the same path its own reader, REX, takes):

1. CMS ``/apps/cms/api/v2/pages/?type=books.Book&slug=astronomy-2e`` → the book's ``cnx_id``;
2. ``/rex/release.json`` → the archive path in service and the book's pinned ``defaultVersion``;
3. ``<archive>/contents/<cnx_id>@<version>.json`` → the table of contents (``tree``);
4. ``<archive>/contents/<cnx_id>@<version>:<page_id>.json`` → one page, its XHTML in ``content``.

Each answer is cached raw (see :mod:`ingestion.fetch`); without ``live`` only the cache is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

import httpx

from ingestion.documents import Document, SourceRef
from ingestion.fetch import (
    Cached,
    NotCached,
    RawCache,
    Service,
    get_json,
    http_client,
    source_cache_dir,
)
from ingestion.html_text import toc_title, xhtml_to_markdown
from singularity.config import Settings
from singularity.errors import ServiceError

SOURCE = "openstax"
BOOK_SLUG = "astronomy-2e"
BOOK_TITLE = "Astronomy 2e"
PAGE_TYPES = frozenset({"intro", "numbered-section"})
"""Table-of-contents target types that hold the book's prose (not reviews, exercises, index)."""
_NUMBERED_SLUG = re.compile(r"^\d+-(?:\d+-|introduction)")
_CHAPTER_SLUG = re.compile(r"^\d+-")
_LICENSE = re.compile(r"licenses/(?P<kind>[a-z-]+)/(?P<version>\d+\.\d+)")

Progress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class _Page:
    page_id: str
    slug: str
    number: str | None
    title: str
    chapter_number: str | None
    chapter_title: str
    intro: bool


class _Fetcher:
    """Cache first; the network only when ``live``; only well-shaped answers are cached."""

    def __init__(self, settings: Settings, *, live: bool, client: httpx.Client) -> None:
        self.base = settings.knowledge.openstax_url.rstrip("/")
        self.cache = RawCache(source_cache_dir(settings, SOURCE))
        self.live = live
        self.client = client
        self.timeout_s = settings.knowledge.timeout_s
        self.service = Service("OpenStax", self.base, "knowledge.openstax_url")

    def get(self, key: str, url: str, check: Callable[[Any], Any],
            params: dict[str, str] | None = None) -> tuple[Cached, Any]:
        """The cached answer for ``key`` (fetched and cached first when allowed) and ``check(body)``."""
        cached = self.cache.read(key)
        if cached is None:
            if not self.live:
                raise NotCached(_not_cached(self.cache, "No OpenStax answers are cached"))
            body, _headers = get_json(self.client, url, params=params, service=self.service,
                                      timeout_s=self.timeout_s)
            checked = self._checked(body, url, check)
            return self.cache.write(key, str(httpx.URL(url, params=params)), body), checked
        return cached, self._checked(cached.body, cached.url, check)

    def _checked(self, body: Any, url: str, check: Callable[[Any], Any]) -> Any:
        try:
            return check(body)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ServiceError(f"OpenStax answered {url} with JSON of an unexpected shape ({exc!r}); "
                               "check knowledge.openstax_url.") from exc


def load_openstax_documents(
    settings: Settings, *, live: bool = False, client: httpx.Client | None = None,
    progress: Progress | None = None,
) -> list[Document]:
    """The book's chapter introductions and numbered sections as documents.

    Raises ``NotCached`` (naming ``--live``) when offline and something is not cached, and
    ``ServiceError`` when OpenStax fails or answers garbage; no partial list is returned.
    """
    own = client is None
    client = client or http_client(settings)
    try:
        fetcher = _Fetcher(settings, live=live, client=client)
        _, cnx_id = fetcher.get("book.json", f"{fetcher.base}/apps/cms/api/v2/pages/", _book_id,
                                params={"type": "books.Book", "slug": BOOK_SLUG,
                                        "fields": "title,cnx_id,book_state,webview_rex_link"})
        _, (archive, version) = fetcher.get("release.json", f"{fetcher.base}/rex/release.json",
                                            lambda body: _archive(body, cnx_id))
        archive_url = urljoin(fetcher.base + "/", archive).rstrip("/")
        book_ref = f"{cnx_id}@{version}"
        _, (pages, licence) = fetcher.get(f"{book_ref}.json", f"{archive_url}/contents/{book_ref}.json",
                                          _contents)
        if not live:
            missing = [page for page in pages if fetcher.cache.read(_page_key(page)) is None]
            if missing:
                raise NotCached(_not_cached(
                    fetcher.cache, f"{len(missing)} of {len(pages)} OpenStax pages are not cached"))
        documents = []
        for done, page in enumerate(pages, start=1):
            page_url = f"{archive_url}/contents/{book_ref}:{page.page_id}.json"
            cached, content = fetcher.get(_page_key(page), page_url, _content)
            document = _document(page, content, cached, base=fetcher.base, licence=licence)
            if document is not None:
                documents.append(document)
            if progress is not None:
                progress("OpenStax pages", done, len(pages))
        return documents
    finally:
        if own:
            client.close()


def _not_cached(cache: RawCache, what: str) -> str:
    return (f"{what} in {cache.root}; run `singularity ingest --source {SOURCE} --live` "
            "once with network access to fetch them.")


def _page_key(page: _Page) -> str:
    return f"pages/{page.page_id}.json"


def _book_id(body: Any) -> str:
    items = [item for item in body["items"] if item.get("cnx_id")]
    if not items:
        raise ValueError(f"the CMS lists no book with the slug {BOOK_SLUG!r}")
    return str(items[0]["cnx_id"])


def _archive(body: Any, cnx_id: str) -> tuple[str, str]:
    book = body["books"][cnx_id]
    return str(book.get("archiveOverride") or body["archiveUrl"]), str(book["defaultVersion"])


def _contents(body: Any) -> tuple[list[_Page], str]:
    pages = list(_walk(body["tree"], chapter=None))
    if not pages:
        raise ValueError("the table of contents holds no chapter sections")
    return pages, _licence_name(body.get("license") or {})


def _licence_name(licence: dict[str, Any]) -> str:
    match = _LICENSE.search(str(licence.get("url") or ""))
    name = f"CC {match['kind'].upper()} {match['version']}" if match else "CC BY 4.0"
    return f"{name}, OpenStax {BOOK_TITLE}"


def _walk(node: dict[str, Any], chapter: tuple[str | None, str] | None) -> Iterator[_Page]:
    contents = node.get("contents")
    if contents is not None:
        kind = node.get("toc_type")
        if kind == "chapter" or (kind is None and _CHAPTER_SLUG.match(node.get("slug") or "")):
            chapter = toc_title(node.get("title") or "")
        for child in contents:
            yield from _walk(child, chapter)
        return
    target = node.get("toc_target_type")
    slug = str(node.get("slug") or "")
    wanted = target in PAGE_TYPES if target is not None else bool(_NUMBERED_SLUG.match(slug))
    if not wanted or chapter is None:
        return
    number, title = toc_title(node.get("title") or "")
    yield _Page(page_id=str(node["id"]).split("@")[0], slug=slug, number=number, title=title,
                chapter_number=chapter[0], chapter_title=chapter[1],
                intro=target == "intro" or slug.endswith("-introduction"))


def _content(body: Any) -> str:
    content = body["content"]
    if not isinstance(content, str) or not content.strip():
        raise ValueError("the page has no XHTML content")
    return content


def _document(page: _Page, content: str, cached: Cached, *, base: str,
              licence: str) -> Document | None:
    text = xhtml_to_markdown(content)
    if not text.strip():
        return None
    chapter = (f"Chapter {page.chapter_number}: {page.chapter_title}" if page.chapter_number
               else page.chapter_title)
    title = page.chapter_title if page.intro else page.title
    label = "Introduction" if page.intro else " ".join(filter(None, (page.number, page.title)))
    url = f"{base}/books/{BOOK_SLUG}/pages/{page.slug}"
    return Document(
        id=f"openstax-{BOOK_SLUG}-{page.slug}", source=SOURCE, url=url, title=title,
        section=f"OpenStax {BOOK_TITLE} / {chapter}" + ("" if page.intro else f" / {page.number or title}"),
        text=text, license=licence, retrieved_at=cached.fetched_at.date(),
        sources=[SourceRef(title=f"OpenStax {BOOK_TITLE}, {chapter}, {label}", url=url)],
    )
