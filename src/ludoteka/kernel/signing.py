"""Signed game records: an HMAC-SHA256 with a server's key shows a record is the server's own.

The digest of a record (record.py) catches an edit but anyone can compute it again after
editing; a signature needs the key, which only the server holds. The signature covers every
field of the record except itself, as canonical JSON (sorted keys, no spaces, ASCII), so a
relabelled format, a dropped seat list or a changed score fails as surely as a changed action.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import os
from typing import Any, Mapping

from .errors import BadRecord, TamperedRecord, short

SIGNATURE_FIELD = "signature"
SCHEME = "hmac-sha256:"
MIN_KEY_BYTES = 16


def _key_bytes(key: bytes | str) -> bytes:
    data = key.encode("utf-8") if isinstance(key, str) else key
    if not isinstance(data, bytes) or len(data) < MIN_KEY_BYTES:
        raise ValueError(f"a record signing key must be at least {MIN_KEY_BYTES} bytes")
    return data


def _mac(record: Mapping[str, Any], key: bytes) -> str:
    body = {name: value for name, value in record.items() if name != SIGNATURE_FIELD}
    try:
        payload = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                             allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise BadRecord(f"game record cannot be signed or verified: not plain JSON ({exc})") from None
    return hmac.new(key, payload.encode("ascii"), hashlib.sha256).hexdigest()


def sign_record(record: Mapping[str, Any], key: bytes | str) -> dict[str, Any]:
    """A copy of `record` with a `signature` field: `hmac-sha256:` and 64 hex digits.

    `key` (bytes, or text taken as UTF-8) is at least 16 bytes; a shorter one is a ValueError.
    """
    signed = {name: value for name, value in record.items() if name != SIGNATURE_FIELD}
    signed[SIGNATURE_FIELD] = SCHEME + _mac(signed, _key_bytes(key))
    return signed


def verify_record(record: Mapping[str, Any], key: bytes | str) -> None:
    """Check that `record` carries a signature made with `key` over exactly its present fields.

    A record without a signature, or with one not written as `sign_record` writes it, raises
    BadRecord; a signature that does not match (a field changed, added or removed after signing,
    or another key) raises TamperedRecord. Replay the record as well to check its decisions.
    """
    if not isinstance(record, Mapping):
        raise BadRecord(f"a game record must be a JSON object, not {type(record).__name__}")
    signature = record.get(SIGNATURE_FIELD)
    if signature is None:
        raise BadRecord("game record has no 'signature': it was not downloaded from a server that "
                        "signs its records, or the signature was removed")
    if not (isinstance(signature, str) and signature.startswith(SCHEME)
            and len(signature) == len(SCHEME) + 64):
        raise BadRecord(f"game record: field 'signature' must be {SCHEME!r} and 64 hexadecimal "
                        f"digits, not {short(signature)}")
    expected = SCHEME + _mac(record, _key_bytes(key))
    if not hmac.compare_digest(signature.encode("ascii", "replace"), expected.encode("ascii")):
        raise TamperedRecord("game record signature does not match: the record was changed after "
                             "the server signed it, or it was signed with another key")


def read_key(path: str | os.PathLike[str]) -> bytes:
    """The signing key kept in a file (its text, surrounding whitespace removed), as bytes.

    A missing, unreadable, empty or too short file raises ValueError naming the file (never
    quoting the key).
    """
    try:
        with open(path, "rb") as handle:
            data = handle.read(4097).strip()
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise ValueError(f"cannot read the record key file {short(str(path), 80)}: {reason}") from None
    if len(data) < MIN_KEY_BYTES or len(data) > 4096:
        raise ValueError(f"the record key file {short(str(path), 80)} must hold a key of "
                         f"{MIN_KEY_BYTES} to 4096 bytes")
    return data
