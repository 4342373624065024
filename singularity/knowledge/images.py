"""Image search for explicit picture requests: Wikimedia Commons and the NASA Image and Video
Library, both keyless.

Both sources are asked at once; one failing still leaves the other's pictures, with the
failure named in ``problems``. Only raster images a browser shows (JPEG, PNG) are returned,
each with the title, a short description, the source page, the licence and the credit a
reuse needs.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import chain, zip_longest
from typing import Any
from urllib.parse import quote, urlsplit

import httpx

from singularity.catalogue import Message, failures, msg
from singularity.config import Settings
from singularity.errors import InputError, ServiceError
from singularity.http import Advice, Explained, Service, failure, get_json, shape_error
from singularity.knowledge.text import plain_text, shorten
from singularity.results import Artifact

COMMONS = "Wikimedia Commons"
NASA = "NASA Image and Video Library"
NASA_LICENSE = "Public domain (NASA media; check the credit for partner material)"
RASTER_MIMES = frozenset({"image/jpeg", "image/png"})
DESCRIPTION_CHARS = 300
THUMB_WIDTH = 800
_RASTER_SUFFIX = re.compile(r"\.(?:jpe?g|png)$", re.IGNORECASE)
_FILE_SUFFIX = re.compile(r"\.[A-Za-z0-9]{2,5}$")


@dataclass(frozen=True)
class ImageResult:
    title: str
    description: str
    image_url: str
    """A browser-sized rendering (Commons thumbnail about 800 px wide, NASA ``~medium``)."""
    page_url: str
    """The source's page about the image: full resolution, licence and author details."""
    source: str  # "Wikimedia Commons" | "NASA Image and Video Library"
    license: str
    credit: str

    def artifact(self) -> Artifact:
        """The UI artifact: credit line "credit · licence · source" so all three stay visible."""
        credit = " · ".join(part for part in (self.credit, self.license, self.source) if part)
        return Artifact(
            kind="image",
            url=self.image_url,
            page_url=self.page_url,
            mime="image/png"
            if self.image_url.lower().split("?")[0].endswith(".png")
            else "image/jpeg",
            title=self.title,
            description=self.description,
            credit=credit,
        )


@dataclass(frozen=True)
class ImageSearch:
    results: list[ImageResult] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """One technical sentence per source that failed while the other answered (for the step)."""
    said: list[Message] = field(default_factory=list)
    """The same failures, said for a person (what it means, what to do)."""


def search_images(
    query: str,
    *,
    settings: Settings,
    limit: int | None = None,
    client: httpx.Client | None = None,
) -> ImageSearch:
    """Up to ``limit`` (default ``knowledge.image_results``) images from both sources,
    alternating, best first. Raises ServiceError (one sentence) when both sources fail."""
    query = " ".join(query.split())
    if not query:
        raise InputError(msg("knowledge.image_query_empty"))
    wanted = max(1, limit or settings.knowledge.image_results)
    searches = (_search_commons, _search_nasa)
    with ThreadPoolExecutor(max_workers=len(searches)) as pool:
        futures = [pool.submit(search, query, settings, wanted, client) for search in searches]
    answers: list[list[ImageResult]] = []
    failed: list[ServiceError] = []
    for future in futures:
        try:
            answers.append(future.result())
        except ServiceError as error:
            failed.append(error)
    if not answers:
        raise ServiceError(_both_failed(failed), detail="; ".join(str(f) for f in failed))
    interleaved = chain.from_iterable(zip_longest(*answers))
    results = _deduplicated(r for r in interleaved if r is not None)
    said = [f.said for f in failed if f.said is not None]
    return ImageSearch(results=results[:wanted], problems=[str(f) for f in failed], said=said)


def _both_failed(failed: list[ServiceError]) -> Message:
    first, second = failed
    if first.network and second.network:
        advice = msg("failures.check_connection")
    elif first.advice == second.advice and first.advice is not None:
        advice = first.advice
    else:
        advice = msg("failures.try_later")
    return msg("knowledge.no_image_source", first=first.service, first_reason=first.reason,
               second=second.service, second_reason=second.reason, advice=advice)


def _deduplicated(results: Any) -> list[ImageResult]:
    seen: set[str] = set()
    unique = []
    for result in results:
        keys = {
            urlsplit(result.image_url)._replace(query="", fragment="").geturl(),
            f"{result.source}|{result.title.casefold()}",
        }
        if keys & seen:
            continue
        seen |= keys
        unique.append(result)
    return unique


# --- Wikimedia Commons (MediaWiki Action API) -------------------------------------------------


def _search_commons(
    query: str, settings: Settings, wanted: int, client: httpx.Client | None
) -> list[ImageResult]:
    params = {
        "action": "query",
        "generator": "search",
        "gsrnamespace": 6,
        "gsrsearch": f"filetype:bitmap {query}",
        "gsrlimit": min(wanted * 3, 50),
        "prop": "imageinfo",
        "iiprop": "url|extmetadata|mime",
        "iiurlwidth": THUMB_WIDTH,
        "iiextmetadatafilter": "ImageDescription|Artist|LicenseShortName|Credit|ObjectName",
        "format": "json",
        "formatversion": 2,
    }
    url = settings.knowledge.commons_api_url
    service = commons(url)
    payload = get_json(
        service, url,
        params=params,
        headers={"User-Agent": settings.geocoding.user_agent, "Accept": "application/json"},
        timeout_s=settings.knowledge.timeout_s,
        client=client,
    )
    return parse_commons(payload, service)


def commons(url: str) -> Service:
    """Wikimedia Commons' API at ``url``."""
    return Service(COMMONS, Advice.standard(url), explain=_explain_commons_status)


def parse_commons(payload: Any, service: Service) -> list[ImageResult]:
    """Raster files of a ``generator=search`` answer (formatversion 2) in search order."""
    if not isinstance(payload, dict):
        raise shape_error(service, "no response object")
    error = payload.get("error")
    if isinstance(error, dict):
        detail = error.get("info") or error.get("code") or "unknown error"
        raise failure(service, f'refused the search ("{detail}")',
                      msg("knowledge.refused_search"), service.advice.answer)
    query = payload.get("query")
    if query is None:
        return []  # the search matched no file
    pages = query.get("pages") if isinstance(query, dict) else None
    if not isinstance(pages, list):
        raise shape_error(service, "no list at query.pages")
    ordered = sorted(
        (p for p in pages if isinstance(p, dict)), key=lambda p: p.get("index", 1_000_000)
    )
    return [r for r in map(_commons_result, ordered) if r is not None]


def _commons_result(page: dict[str, Any]) -> ImageResult | None:
    infos = page.get("imageinfo")
    if not isinstance(infos, list) or not infos or not isinstance(infos[0], dict):
        return None
    info = infos[0]
    if info.get("mime") not in RASTER_MIMES:
        return None
    image_url = info.get("thumburl") or info.get("url")
    page_url = info.get("descriptionurl")
    if not isinstance(image_url, str) or not isinstance(page_url, str):
        return None
    meta = info.get("extmetadata") if isinstance(info.get("extmetadata"), dict) else {}

    def value(name: str) -> str:
        entry = meta.get(name)
        return plain_text(str(entry.get("value") or "")) if isinstance(entry, dict) else ""

    file_name = str(page.get("title") or "").removeprefix("File:")
    title = value("ObjectName") or _FILE_SUFFIX.sub("", file_name).replace("_", " ")
    credit = shorten(value("Artist") or value("Credit"), 120) or "author named on the file page"
    return ImageResult(
        title=title,
        description=shorten(value("ImageDescription"), DESCRIPTION_CHARS),
        image_url=image_url,
        page_url=page_url,
        source=COMMONS,
        license=value("LicenseShortName") or "licence on the file page",
        credit=credit,
    )


def _explain_commons_status(status: int, body: Any) -> Explained | None:
    if status == 403:
        return ("refused the request (HTTP 403)", failures.http_status(status),
                msg("knowledge.commons_user_agent"))
    if status == 429:
        return ("limited the request rate (HTTP 429)", failures.http_status(status),
                msg("knowledge.wait_a_minute"))
    return None


# --- NASA Image and Video Library ---------------------------------------------------------------


def _search_nasa(
    query: str, settings: Settings, wanted: int, client: httpx.Client | None
) -> list[ImageResult]:
    base = settings.knowledge.nasa_images_url.rstrip("/")
    service = Service(NASA, Advice.standard(base))
    payload = get_json(
        service, f"{base}/search",
        params={"q": query, "media_type": "image", "page_size": min(wanted * 3, 100)},
        headers={"Accept": "application/json"},
        timeout_s=settings.knowledge.timeout_s,
        client=client,
    )
    return parse_nasa(payload, service)


def parse_nasa(payload: Any, service: Service) -> list[ImageResult]:
    """Images of a ``/search`` answer (Collection+JSON) that have a JPEG or PNG rendering."""
    collection = payload.get("collection") if isinstance(payload, dict) else None
    items = collection.get("items") if isinstance(collection, dict) else None
    if not isinstance(items, list):
        raise shape_error(service, "no list at collection.items")
    return [r for r in map(_nasa_result, items) if r is not None]


def _nasa_result(item: Any) -> ImageResult | None:
    if not isinstance(item, dict) or not isinstance(item.get("data"), list) or not item["data"]:
        return None
    data = item["data"][0]
    if not isinstance(data, dict) or data.get("media_type", "image") != "image":
        return None
    image_url = _nasa_image_link(item.get("links"))
    nasa_id = data.get("nasa_id")
    if image_url is None or not isinstance(nasa_id, str) or not nasa_id:
        return None
    center = str(data.get("center") or "").strip()
    creator = plain_text(str(data.get("photographer") or data.get("secondary_creator") or ""))
    if creator:
        credit = creator if "NASA" in creator.upper() else f"NASA/{creator}"
    else:
        credit = f"NASA/{center}" if center else "NASA"
    return ImageResult(
        title=plain_text(str(data.get("title") or "")) or nasa_id,
        description=shorten(plain_text(str(data.get("description") or "")), DESCRIPTION_CHARS),
        image_url=image_url,
        page_url=f"https://images.nasa.gov/details/{quote(nasa_id)}",
        source=NASA,
        license=NASA_LICENSE,
        credit=shorten(credit, 120),
    )


def _nasa_image_link(links: Any) -> str | None:
    """The ``~medium`` rendering when listed, else the ``preview`` (``~thumb``), else any raster."""
    if not isinstance(links, list):
        return None
    hrefs = [
        (str(link.get("rel") or ""), link["href"])
        for link in links
        if isinstance(link, dict)
        and isinstance(link.get("href"), str)
        and link.get("render", "image") == "image"
        and _RASTER_SUFFIX.search(urlsplit(link["href"]).path)
    ]
    for wanted in ("~medium.", "~thumb."):
        for _rel, href in hrefs:
            if wanted in href:
                return href
    return hrefs[0][1] if hrefs else None
