/// The seed cart from Moov's Tap to Share guide, so `render-cli cart` works with no
/// file at hand. A test checks it matches `examples/cart-hair-spray.json` byte for byte.
enum EmbeddedExamples {
  static let seedCartName = "cart-hair-spray.json"

  static let seedCart = """
    {
      "items": [
        {
          "id": "HRSP-M-UN-11-001",
          "name": "Hair Spray",
          "quantity": 4,
          "totalPrice": 20.00,
          "totalAdjustedPrice": 15.00,
          "descriptions": ["Unscented, 11 oz", "Buy 3 Get 1 Free Offer"],
          "details": ["This item cannot be shipped."]
        }
      ],
      "summary": {
        "summaryLines": [
          { "label": "Subtotal", "value": 15.00 },
          { "label": "Coupon Code: NY2OFF", "value": -2.00 },
          { "label": "Shipping", "value": "Free" },
          { "label": "Tax", "value": "10%" }
        ],
        "footer": "Thank you for shopping with us.",
        "total": 14.30
      }
    }

    """
}
