// TapToShareClient: the merchant's side of the web fallback, in Swift.
//
// A merchant's app, backend, kiosk or test drives a customer session on the relay
// (`render-cli serve`) through its HTTP API (docs/SERVER.md) with the calls of the seeds'
// `CustomerEngagementSession` and MoovKit: `CustomerSession(configuration:relay:)` (or
// `Relay.createCustomerSession(configuration:)`), `updateShoppingCart(_:)`,
// `requestCustomerInfo(purpose:fields:message:)`, `requestAddress(purpose:fields:)`,
// `requestSignup(purpose:fields:emailConsent:smsConsent:termsAndConditions:)`,
// `updateCustomerStatus(_:)`, `close()`, the `events` of `connected`, `ready`,
// `disconnected` and `closed`, and `CustomerSessionError`.
//
// Its models are its own, light ones (`ShoppingCart`, `CustomerSession.Configuration`, the
// responses), not the engine's (`CartRender.ShoppingCart`, `RenderCore.SessionConfiguration`):
//
// - The engine's models are valid by construction, and that validation needs what the
//   engine links: ISO 4217 minor units and region codes from Debian's ICU, display widths,
//   the renderer. A merchant's app sends a cart; it renders nothing. This module links
//   Foundation and FoundationNetworking only (no system ICU, libcmark or libmicrohttpd),
//   so it builds wherever the toolchain does.
// - One rule book: the relay checks every cart, configuration and request with the
//   engine's own rules and answers each problem with its JSON path (`422`), which this
//   client returns as `CustomerSessionError.invalidRequest(problems:)`. A second copy of
//   those rules here would drift from the first; the only check made here is the one JSON
//   cannot carry (a `Decimal` that is not a number).
// - The wire is the contract's JSON, the same as `render-cli replay`'s transcripts, so
//   the light models need nothing of the engine to be written exactly: amounts are
//   written from `Decimal`'s own digits, never through `Double`.
//
// Every call is safe to retry and is retried the same way (`Relay.RetryPolicy`): the
// relay's `POST`s carry an `Idempotency-Key` that a retry repeats, so a call is applied
// once however often it is sent.
