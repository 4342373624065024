"""Image search on Wikimedia Commons and the NASA Image and Video Library, each behind a fake
server answering with the service's recorded JSON, error bodies, garbage or silence."""

from __future__ import annotations

from pathlib import Path

import pytest

from singularity.config import Settings
from singularity.errors import InputError, ServiceError
from singularity.knowledge.images import COMMONS, NASA, ImageResult, search_images
from singularity.knowledge.text import shorten
from tests.fakes.server import FakeServer, Response, running_server
from tests.knowledge.fallback_support import closed_port_url, knowledge_settings, recorded

COMMONS_PATH = "/w/api.php"
NASA_PATH = "/search"


@pytest.fixture
def nasa_server() -> FakeServer:
    with running_server() as server:
        yield server


@pytest.fixture
def both(tmp_path: Path, fake_server: FakeServer, nasa_server: FakeServer) -> Settings:
    """Commons on ``fake_server``, NASA on ``nasa_server``."""
    return knowledge_settings(
        tmp_path,
        commons_api_url=fake_server.url + COMMONS_PATH,
        nasa_images_url=nasa_server.url,
    )


def serve(
    commons: FakeServer, nasa: FakeServer, commons_answer: Response, nasa_answer: Response
) -> None:
    commons.route("GET", COMMONS_PATH, commons_answer)
    nasa.route("GET", NASA_PATH, nasa_answer)


def ok(name: str) -> Response:
    return Response(200, recorded(name))


def test_requests_sent_to_both_sources(
    both: Settings, fake_server: FakeServer, nasa_server: FakeServer
) -> None:
    serve(fake_server, nasa_server, ok("commons_search"), ok("nasa_search"))
    search_images("Andromeda galaxy", settings=both, limit=3)

    (commons,) = fake_server.requests
    assert commons.arg("action") == "query" and commons.arg("generator") == "search"
    assert commons.arg("gsrnamespace") == "6"
    assert commons.arg("gsrsearch") == "filetype:bitmap Andromeda galaxy"
    assert commons.arg("prop") == "imageinfo"
    assert commons.arg("iiprop") == "url|extmetadata|mime"
    assert commons.arg("iiurlwidth") == "800"
    assert commons.arg("format") == "json" and commons.arg("formatversion") == "2"
    assert commons.headers["user-agent"] == both.geocoding.user_agent
    assert "singularity" in commons.headers["user-agent"]

    (nasa,) = nasa_server.requests
    assert nasa.arg("q") == "Andromeda galaxy" and nasa.arg("media_type") == "image"


def test_results_alternate_sources_with_licence_and_credit(
    both: Settings, fake_server: FakeServer, nasa_server: FakeServer
) -> None:
    serve(fake_server, nasa_server, ok("commons_search"), ok("nasa_search"))
    search = search_images("Andromeda galaxy", settings=both, limit=4)

    assert search.problems == []
    assert [r.source for r in search.results] == [COMMONS, NASA, COMMONS, NASA]
    halpha, galex, spitzer, hubble = search.results
    assert halpha == ImageResult(
        title="Andromeda Galaxy (with h-alpha)",
        description=(
            "The Andromeda Galaxy is a spiral galaxy approximately 2.5 million light-years away "
            "in the constellation Andromeda. The image also shows Messier Objects 32 and 110, as "
            "well as NGC 206 (a bright star cloud in the Andromeda Galaxy) and the star Nu "
            "Andromedae."
        ),
        image_url=(
            "https://upload.wikimedia.org/wikipedia/commons/thumb/9/98/"
            "Andromeda_Galaxy_%28with_h-alpha%29.jpg/800px-Andromeda_Galaxy_%28with_h-alpha%29.jpg"
        ),
        page_url="https://commons.wikimedia.org/wiki/File:Andromeda_Galaxy_(with_h-alpha).jpg",
        source=COMMONS,
        license="CC BY 2.0",
        credit="Adam Evans",
    )
    # no ObjectName: the file name without "File:" and extension; HTML and entities decoded
    assert spitzer.title == "Andromeda galaxy Ssc2005-20a1"
    assert spitzer.description == (
        "English: Andromeda in the infrared, as seen by NASA's Spitzer Space Telescope & its "
        "Infrared Array Camera."
    )
    assert spitzer.credit == "NASA/JPL-Caltech/K. Gordon (University of Arizona)"
    assert spitzer.license == "Public domain"

    assert galex.title == "Andromeda Galaxy"
    assert galex.image_url == "https://images-assets.nasa.gov/image/PIA04921/PIA04921~medium.jpg"
    assert galex.page_url == "https://images.nasa.gov/details/PIA04921"
    assert galex.credit == "NASA/JPL-Caltech"
    assert galex.license.startswith("Public domain")
    assert len(galex.description) <= 300 and galex.description.endswith(
        "which appear blue in this image."
    )

    # only a ~thumb preview listed: that one is used; a photographer gets the NASA/ prefix only
    # when NASA is not already named
    assert hubble.image_url.endswith("GSFC_20171208_Archive_e000054~thumb.jpg")
    assert hubble.credit.startswith("NASA, ESA, J. Dalcanton")


def test_only_raster_images_and_no_duplicates(
    both: Settings, fake_server: FakeServer, nasa_server: FakeServer
) -> None:
    serve(fake_server, nasa_server, ok("commons_search"), ok("nasa_search"))
    search = search_images("Andromeda galaxy", settings=both, limit=10)
    urls = [r.image_url for r in search.results]
    assert not any(u.endswith((".tif", ".gif", ".tif.jpg")) for u in urls)
    assert len(urls) == len(set(urls))
    assert sum("PIA04921" in u for u in urls) == 1  # listed twice by NASA, shown once
    assert "Andromeda poster (no preview yet)" not in [r.title for r in search.results]
    assert len(search.results) == 7  # 4 Commons raster files + 3 distinct NASA images
    png = next(r for r in search.results if r.image_url.endswith(".png"))
    assert png.license == "CC BY 4.0"
    assert png.description.endswith(".") and len(png.description) <= 300
    stellarium = next(r for r in search.results if r.title == "M31 from Stellarium")
    assert stellarium.credit == "Own work"  # no Artist: Commons' Credit line


def test_default_limit(both: Settings, fake_server: FakeServer, nasa_server: FakeServer) -> None:
    serve(fake_server, nasa_server, ok("commons_search"), ok("nasa_search"))
    search = search_images("Andromeda galaxy", settings=both)
    assert len(search.results) == both.knowledge.image_results == 3


def test_artifact_keeps_title_description_licence_and_source(
    both: Settings, fake_server: FakeServer, nasa_server: FakeServer
) -> None:
    serve(fake_server, nasa_server, ok("commons_search"), ok("nasa_search"))
    first = search_images("Andromeda galaxy", settings=both, limit=1).results[0]
    artifact = first.artifact()
    assert artifact.kind == "image" and artifact.url == first.image_url
    assert artifact.page_url == first.page_url and artifact.mime == "image/jpeg"
    assert artifact.title == "Andromeda Galaxy (with h-alpha)"
    assert artifact.credit == "Adam Evans · CC BY 2.0 · Wikimedia Commons"


def test_nothing_found_anywhere(
    both: Settings, fake_server: FakeServer, nasa_server: FakeServer
) -> None:
    serve(fake_server, nasa_server, ok("commons_no_results"), ok("nasa_no_results"))
    search = search_images("qxzvb zzkq", settings=both)
    assert search.results == [] and search.problems == []


@pytest.mark.parametrize(
    ("commons_answer", "problem"),
    [
        (
            Response(200, recorded("commons_error_badvalue")),
            (
                'Wikimedia Commons refused the search ("Unrecognized value for parameter "prop": '
                'imageinfox."); check that http://'
            ),
        ),
        (
            Response(
                403,
                "Please set a user-agent and respect our robot policy https://w.wiki/4wJS. "
                "See also https://phabricator.wikimedia.org/T400119.\n",
            ),
            (
                "Wikimedia Commons refused the request (HTTP 403); Wikimedia blocks requests without "
                "a descriptive User-Agent: check geocoding.user_agent."
            ),
        ),
        (
            Response(
                429, "<!DOCTYPE html><html><title>Wikimedia Error</title>Too many requests</html>"
            ),
            "Wikimedia Commons limited the request rate (HTTP 429); wait a minute and ask again.",
        ),
        (
            Response(
                200, "<html><body>Wikimedia Error: our servers are having issues</body></html>"
            ),
            (
                "Wikimedia Commons answered with something that is not JSON; check that "
                "http://"
            ),
        ),
        (
            Response(200, {"batchcomplete": True, "query": {"pages": {"123": {}}}}),
            "Wikimedia Commons answered JSON of an unexpected shape (no list at query.pages)",
        ),
    ],
)
def test_commons_failure_leaves_nasa_results(
    both: Settings,
    fake_server: FakeServer,
    nasa_server: FakeServer,
    commons_answer: Response,
    problem: str,
) -> None:
    serve(fake_server, nasa_server, commons_answer, ok("nasa_search"))
    search = search_images("Andromeda galaxy", settings=both, limit=3)
    assert [r.source for r in search.results] == [NASA] * 3
    (reported,) = search.problems
    assert reported.startswith(problem)


@pytest.mark.parametrize(
    ("nasa_answer", "problem"),
    [
        (
            Response(400, recorded("nasa_error_400")),
            (
                "NASA Image and Video Library answered HTTP 400 \"Invalid media_type: 'imagez'. "
                'Allowed values: image, video, audio."; check that http://'
            ),
        ),
        (
            Response(502, "<html><head><title>502 Bad Gateway</title></head></html>"),
            (
                'NASA Image and Video Library answered HTTP 502 "<html><head><title>502 Bad Gateway'
                '</title></head></html>"; the service may be down, try again later.'
            ),
        ),
        (
            Response(200, {"collection": {"version": "1.0", "items": None}}),
            (
                "NASA Image and Video Library answered JSON of an unexpected shape (no list at "
                "collection.items)"
            ),
        ),
        (
            Response(200, recorded("nasa_search"), delay_s=1.0),
            (
                "NASA Image and Video Library did not answer within 0.3 s; check the network "
                "connection and that http://"
            ),
        ),
    ],
)
def test_nasa_failure_leaves_commons_results(
    both: Settings,
    fake_server: FakeServer,
    nasa_server: FakeServer,
    nasa_answer: Response,
    problem: str,
) -> None:
    serve(fake_server, nasa_server, ok("commons_search"), nasa_answer)
    search = search_images("Andromeda galaxy", settings=both, limit=2)
    assert [r.source for r in search.results] == [COMMONS, COMMONS]
    (reported,) = search.problems
    assert reported.startswith(problem)


def test_both_unreachable_is_one_sentence(tmp_path: Path) -> None:
    settings = knowledge_settings(
        tmp_path,
        commons_api_url=closed_port_url() + COMMONS_PATH,
        nasa_images_url=closed_port_url(),
    )
    with pytest.raises(ServiceError) as caught:
        search_images("Andromeda galaxy", settings=settings)
    message = caught.value.said.render("en")  # the detail ("[Errno 111] …") only in str()
    assert "Connection refused" in str(caught.value) and "Errno" not in message
    assert message.startswith("No image source answered: Wikimedia Commons could not be reached (")
    assert ", and the NASA Image and Video Library could not be reached (" in message
    assert message.endswith("; check the network connection.")


def test_both_failing_differently(
    both: Settings, fake_server: FakeServer, nasa_server: FakeServer
) -> None:
    serve(
        fake_server,
        nasa_server,
        Response(200, "garbage"),
        Response(200, recorded("nasa_search"), delay_s=1.0),
    )
    with pytest.raises(ServiceError) as caught:
        search_images("Andromeda galaxy", settings=both)
    assert caught.value.said.render("en") == (
        "No image source answered: Wikimedia Commons answered with something that is not JSON, "
        "and the NASA Image and Video Library did not answer within 0.3 s; try again later."
    )


def test_empty_query(both: Settings, fake_server: FakeServer) -> None:
    with pytest.raises(InputError):
        search_images(" ", settings=both)
    assert fake_server.requests == []


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        ("Short.", 300, "Short."),
        (
            "One sentence here. Second sentence is longer than the limit allows",
            30,
            "One sentence here.",
        ),
        ("No sentence end at all in this rather long text", 20, "No sentence end at…"),
        (
            "Tiny. Then a very long second sentence without any end",
            30,
            "Tiny. Then a very long second…",
        ),
    ],
)
def test_shorten(text: str, limit: int, expected: str) -> None:
    assert shorten(text, limit) == expected
