"""Schemathesis hooks for scripts/test-api: what JSON Schema cannot say about the relay's
input, given to the generator so that schema-valid data is valid data, and the bounds that
keep a run within its minutes. Every change is named here; none makes invalid data pass.

- Formats the document names and JSON Schema does not define (an unknown format is an
  annotation, never negated): `visible-text` (at least one visible character), `web-url`
  (an absolute https: or http: URL with a host), `https-url`.
- Item ids unique within a cart (JSON Schema's uniqueItems compares whole items): a
  duplicate id gets its index appended.
- An Idempotency-Key is one request's: each valid key gets a counter appended, as a
  merchant's keys differ between requests (the same key with another body is 422 by
  design, tested in IdempotencyTests and scripts/test-server-redis).
- Waits bounded: a long poll's valid `wait` is at most 1 s, and the live-update stream is
  asked with a version no screen has, so it answers at once instead of after 25 s.
"""

import copy
import itertools
import string

import schemathesis
from hypothesis import strategies as st

# Any character a merchant's text may hold: no control character (Cc) and no surrogate.
_text = st.text(alphabet=st.characters(exclude_categories=("Cc", "Cs")), max_size=12)
_visible = st.tuples(_text, st.sampled_from(string.ascii_letters + string.digits), _text).map("".join)
_host = st.from_regex(r"[a-z][a-z0-9]{0,12}(\.[a-z][a-z0-9]{0,8}){0,2}\.[a-z]{2,6}", fullmatch=True)
_path = st.from_regex(r"(/[A-Za-z0-9._~-]{0,12}){0,3}", fullmatch=True)

schemathesis.openapi.format("visible-text", _visible)
schemathesis.openapi.format(
    "web-url", st.builds(lambda s, h, p: f"{s}://{h}{p}", st.sampled_from(["https", "http"]), _host, _path)
)
schemathesis.openapi.format("https-url", st.builds(lambda h, p: f"https://{h}{p}", _host, _path))

_counter = itertools.count()
_printable = set(chr(c) for c in range(0x21, 0x7F))


def _unique_item_ids(body):
    if not isinstance(body, dict) or body.get("call") != "updateShoppingCart":
        return
    cart = body.get("cart")
    items = cart.get("items") if isinstance(cart, dict) else None
    if not isinstance(items, list):
        return
    seen = set()
    for index, item in enumerate(items):
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            if item["id"] in seen:
                item["id"] = f"{item['id']}~{index}"
            seen.add(item["id"])


@schemathesis.hook
def map_case(ctx, case):
    # Copies: a generated value can be shared between cases, and each change is made once.
    if isinstance(case.body, (dict, list)):
        case.body = copy.deepcopy(case.body)
        _unique_item_ids(case.body)
    headers = dict(case.headers or {})
    key = headers.get("Idempotency-Key")
    if isinstance(key, str):
        stripped = key.strip(" \t")
        if 1 <= len(stripped) <= 255 and set(stripped) <= _printable:
            suffix = f".{next(_counter)}"
            headers["Idempotency-Key"] = stripped[: 255 - len(suffix)] + suffix
    query = dict(case.query or {})
    wait = query.get("wait")
    if isinstance(wait, str) and wait.isascii() and wait.isdigit() and int(wait) > 1:
        query["wait"] = "1"
    if case.path.startswith("/c/") and case.path.endswith("/events"):
        query["shown"] = "18446744073709551615"
        headers.pop("Last-Event-ID", None)
    if query:
        case.query = query
    if headers:
        case.headers = headers
    return case
