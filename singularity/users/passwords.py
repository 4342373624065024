"""Password hashes with the standard library's scrypt: no plaintext is ever stored.

Format: ``scrypt$<n>$<r>$<p>$<salt hex>$<hash hex>``, so the cost can be raised later and
old hashes still verify. n=2**14, r=8, p=1 is the interactive-login setting of the scrypt
paper (Percival 2009, table 1; also OWASP's Password Storage Cheat Sheet minimum): about
50 ms and 16 MiB per check here, cheap for a login, expensive for a guesser.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SCHEME = "scrypt"
N, R, P = 2**14, 8, 1
SALT_BYTES = 16
HASH_BYTES = 32


def hash_password(password: str) -> str:
    """A salted scrypt hash of ``password`` in the stored format."""
    salt = secrets.token_bytes(SALT_BYTES)
    digest = _scrypt(password, salt, N, R, P)
    return f"{SCHEME}${N}${R}${P}${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored``; a malformed hash never matches."""
    try:
        scheme, n, r, p, salt_hex, digest_hex = stored.split("$")
        if scheme != SCHEME:
            return False
        digest = _scrypt(password, bytes.fromhex(salt_hex), int(n), int(r), int(p))
    except ValueError:
        return False
    return hmac.compare_digest(digest, bytes.fromhex(digest_hex))


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p,
                          maxmem=2 * 128 * r * (n + p + 2), dklen=HASH_BYTES)
