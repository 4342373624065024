"""Image captions and the removal of duplicate images from the final answer text."""

from __future__ import annotations

import pytest

from singularity.results import Artifact
from singularity.ui.images import image_captions, strip_duplicate_images

SHOWN = (
    "https://upload.wikimedia.org/wikipedia/commons/thumb/9/98/Andromeda_Galaxy_%28with_h-alpha%29"
    ".jpg/800px-Andromeda_Galaxy_%28with_h-alpha%29.jpg"
)
NASA_SHOWN = "https://images-assets.nasa.gov/image/PIA04921/PIA04921~medium.jpg"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"The Andromeda Galaxy [1].\n\n![Andromeda]({SHOWN})", "The Andromeda Galaxy [1]."),
        (f'Look: ![M31]({NASA_SHOWN} "GALEX view") and more [2].', "Look: and more [2]."),
        (f"Here it is: {SHOWN}.", "Here it is."),
        (f"- {NASA_SHOWN}\n- Andromeda is 2.5 Mly away [1].", "- Andromeda is 2.5 Mly away [1]."),
        (f"Image <{NASA_SHOWN}> above [1].", "Image above [1]."),
        ('A picture <img src="https://example.org/m31.png" alt="x"> here.', "A picture here."),
        # any raw image file URL, even one no tool showed (the model may have invented it)
        ("See https://example.org/pics/m31.webp?w=400 for it [3].", "See for it [3]."),
        ("Invented (https://example.org/a.GIF) image.", "Invented image."),
        # a shown image with another query string is still the shown image
        (f"Raw: {NASA_SHOWN}?download=1", "Raw:"),
        # brackets nested in the text, and images by reference (a web page can ask for these)
        ("Look ![a [nested] label](https://127.0.0.1:9/beacon) here.", "Look here."),
        ("Look ![x][r] here.\n\n[r]: https://127.0.0.1:9/beacon", "Look here."),
        ("Look ![x][] here.\n\n[x]: https://127.0.0.1:9/beacon 'title'", "Look here."),
        ("Look ![x] here.\n[x]: <https://127.0.0.1:9/beacon>", "Look here."),
    ],
)
def test_images_are_removed(text: str, expected: str) -> None:
    assert strip_duplicate_images(text, [SHOWN, NASA_SHOWN]) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Andromeda is the nearest large galaxy [1][2].",
        "Read [the NASA article](https://science.nasa.gov/mission/webb/first-images/) [1].",
        # a link whose target is an image file is a link, not an image: it stays
        f"[Full resolution]({NASA_SHOWN})",
        "Source: https://en.wikipedia.org/wiki/Andromeda_Galaxy",
        # a wiki's page about a file ends in .jpg but is a page, not an image
        "Licence details: https://commons.wikimedia.org/wiki/File:Andromeda_galaxy_Ssc2005-20a1.jpg",
        "```\ncurl -O https://example.org/m31.jpg\n![x](https://example.org/m31.jpg)\n```",
        "",
    ],
)
def test_other_text_is_untouched(text: str) -> None:
    assert strip_duplicate_images(text, [SHOWN, NASA_SHOWN]) == text


def test_lines_left_empty_are_dropped_and_blank_runs_collapsed() -> None:
    text = (
        "M31 in three views [1]:\n\n"
        f"1. ![Andromeda]({SHOWN})\n"
        f"2. {NASA_SHOWN}\n\n\n"
        "Both are public sources [2]."
    )
    assert strip_duplicate_images(text, [SHOWN]) == (
        "M31 in three views [1]:\n\nBoth are public sources [2]."
    )


def test_without_shown_images_markdown_images_still_go() -> None:
    assert strip_duplicate_images("Text ![x](https://example.org/x) end.", []) == "Text end."


def test_captions_show_title_link_description_and_credit() -> None:
    artifacts = [
        Artifact(
            kind="image",
            url=SHOWN,
            page_url="https://commons.wikimedia.org/wiki/File:Andromeda_Galaxy_(with_h-alpha).jpg",
            title="Andromeda Galaxy (with h-alpha)",
            description="A spiral galaxy 2.5 million light-years away.",
            credit="Adam Evans · CC BY 2.0 · Wikimedia Commons",
        ),
        Artifact(kind="image", url=NASA_SHOWN, title="Andromeda Galaxy"),
    ]
    assert image_captions(artifacts).split("\n") == [
        (
            "**1. [Andromeda Galaxy (with h-alpha)]"
            "(https://commons.wikimedia.org/wiki/File:Andromeda_Galaxy_%28with_h-alpha%29.jpg)** — "
            "A spiral galaxy 2.5 million light-years away. — "
            "*Adam Evans · CC BY 2.0 · Wikimedia Commons*"
        ),
        "**2. Andromeda Galaxy**",
    ]


BEACON = "https://127.0.0.1:9/beacon.png"
HOSTILE = [
    f"![x]({BEACON})",
    f"![x][r]\n\n[r]: {BEACON}",
    f"![a [b] c]({BEACON})",
    "[Log in to see the full image](https://phish.example/login)",
    "<https://phish.example/login>",
    '<img src="https://127.0.0.1:9/beacon.png">',
    "# Headline\n> quoted\n1. listed",
]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_caption_words_from_a_service_render_as_text(hostile: str) -> None:
    """Title, description and credit come from Commons or NASA: rendered as Markdown they give
    no image, link or block, only the one caption paragraph with our own link."""
    from markdown_it import MarkdownIt

    artifact = Artifact(kind="image", url=BEACON, page_url="https://commons.wikimedia.org/wiki/File:X.jpg",
                        title=hostile, description=hostile, credit=hostile)
    html = MarkdownIt("commonmark").render(image_captions([artifact]))
    assert "<img" not in html
    assert html.count("<a ") == 1 and 'href="https://commons.wikimedia.org/wiki/File:X.jpg"' in html
    assert html.startswith("<p>") and html.count("<p>") == 1
    for tag in ("<h1", "<blockquote", "<ol", "<li"):
        assert tag not in html


@pytest.mark.parametrize("page", ["javascript:alert(1)", "data:text/html,x", "https://x.org/a) [y](z"])
def test_a_caption_links_only_to_a_web_page(page: str) -> None:
    from markdown_it import MarkdownIt

    html = MarkdownIt("commonmark").render(image_captions([Artifact(kind="image", url=BEACON,
                                                                    page_url=page, title="M31")]))
    assert "javascript:" not in html and "data:" not in html and html.count("<a ") <= 1
