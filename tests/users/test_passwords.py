"""Password hashes: salted scrypt, never the password itself."""

from __future__ import annotations

import pytest

from singularity.users.passwords import hash_password, verify_password


def test_the_hash_verifies_its_password_only() -> None:
    stored = hash_password("Andromeda 31!")
    assert verify_password("Andromeda 31!", stored)
    assert not verify_password("andromeda 31!", stored)
    assert not verify_password("", stored)


def test_the_password_is_not_in_the_hash_and_every_salt_differs() -> None:
    first, second = hash_password("Orion"), hash_password("Orion")
    assert "Orion" not in first
    assert first != second
    assert first.startswith("scrypt$16384$8$1$")


@pytest.mark.parametrize("stored", ["", "plain", "scrypt$x$8$1$00$00", "bcrypt$1$2$3$00$00",
                                    "scrypt$16384$8$1$zz$00"])
def test_a_malformed_hash_never_matches(stored: str) -> None:
    assert not verify_password("plain", stored)
