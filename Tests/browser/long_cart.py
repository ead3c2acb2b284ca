"""A generated 100-item cart, rendered by the built render-cli, to check that the total stays
in view while a long list scrolls (golden carts are too short to scroll)."""

from __future__ import annotations

import json
import subprocess
from decimal import Decimal
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

NAMES = [
    "Hair Spray",
    "Shampoo, sulfate-free, family size with an extra pump for the shower",
    "東京都の緑茶",
    "عطر الورد",
    "Conditioner",
    "Crème brûlée body butter",
    "Wide-tooth comb",
    "Travel kit (shampoo, conditioner, body wash, lotion, 4 × 50 ml)",
]


def long_cart(count: int = 100) -> dict:
    """`count` items with varied names, some discounted, some with descriptions and
    details, and a summary whose total is the sum of the line totals."""
    items = []
    subtotal = Decimal(0)
    for index in range(count):
        quantity = index % 4 + 1
        price = Decimal(index % 17 + 3) * quantity + Decimal("0.99")
        item: dict = {
            "id": f"SKU-{index:04d}",
            "name": NAMES[index % len(NAMES)],
            "quantity": quantity,
            "totalPrice": price,
        }
        adjusted = price
        if index % 5 == 0:
            adjusted = price - Decimal("1.00")
            item["totalAdjustedPrice"] = adjusted
        if index % 3 == 0:
            item["descriptions"] = ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"]
        if index % 7 == 0:
            item["details"] = ["This item cannot be shipped."]
        subtotal += adjusted
        items.append(item)
    return {
        "items": items,
        "summary": {
            "summaryLines": [
                {"label": "Subtotal", "value": subtotal},
                {"label": "Shipping", "value": "Free"},
            ],
            "footer": "Thank you for shopping with us.",
            "total": subtotal,
        },
    }


def _json(value) -> str:
    # Amounts go out as exact JSON numbers, never through float.
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, dict):
        return "{" + ",".join(f"{json.dumps(key)}:{_json(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_json(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def render_long_carts(cli: Path, out: Path, locales: tuple[str, ...]) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    source = out / "cart-100-items.json"
    source.write_text(_json(long_cart()), encoding="utf-8")
    pages = {}
    for locale in locales:
        page = out / f"cart-100-items.{locale}.html"
        result = subprocess.run(
            [str(cli), "cart", str(source), "--config", str(REPO / "examples" / "session.json"), "--locale", locale],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if result.returncode != 0:
            raise RuntimeError(f"render-cli cart {source} --locale {locale} exited {result.returncode}: {result.stderr.strip()}")
        page.write_text(result.stdout, encoding="utf-8")
        pages[locale] = page
    return pages
