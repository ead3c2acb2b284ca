import FormRender

/// Help and usage text, laid out like swift-argument-parser's.
enum Help {
  static let version = "render-cli 0.1.0"

  static func text(for subcommand: Subcommand?) -> String {
    switch subcommand {
    case nil: return overview
    case .cart: return cart
    case .status: return status
    case .diff: return diff
    case .form: return form
    case .parse: return parse
    case .replay: return replay
    }
  }

  /// The usage line shown under a usage error.
  static func usage(for subcommand: Subcommand?) -> String {
    switch subcommand {
    case nil: return "USAGE: render-cli <subcommand> [options]"
    case .cart: return "USAGE: render-cli cart [FILE] [options]"
    case .status: return "USAGE: render-cli status NAME [options]"
    case .diff: return "USAGE: render-cli diff OLD NEW [--output FILE]"
    case .form: return "USAGE: render-cli form FILE [options]"
    case .parse: return "USAGE: render-cli parse REQUEST BODY [options]"
    case .replay: return "USAGE: render-cli replay SESSION.jsonl --out DIR [options]"
    }
  }

  private static let overview = """
    OVERVIEW: Render Tap to Share customer screens as web pages or plain text.

    USAGE: render-cli <subcommand> [options]

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      cart                    Render a cart screen (the seed cart when no FILE is given).
      status                  Render a status screen (paymentCompleted, closed, ...).
      diff                    Print the animation hints between two carts as JSON.
      form                    Render a request form (customerInfo, address, signup).
      parse                   Read a submitted form body and print the response as JSON.
      replay                  Render every step of a session transcript into a folder.
      serve                   Serve customer screens live (see 'render-cli serve --help').

      See 'render-cli help <subcommand>' for detailed help.

    """

  private static let renderOptions = """
      --config FILE           Session configuration JSON (currency, region,
                              privacyPolicyURL, websiteURL, storeName, deviceName). Default:
                              USD, US, https://example.com/privacy.
      --locale TAG            BCP 47 locale, e.g. fr-CA, ar-EG, zh-Hant-TW. Wins over
                              --accept-language. Without a region the session's
                              region is used (es at a US store formats as es-US).
      --accept-language VALUE An HTTP Accept-Language value, e.g. "fr-CA,fr;q=0.8";
                              the most preferred language with UI strings is used.
      --format html|text      Output format. Default: html.
      --width N               Text format: display columns (\(CommandLineSyntax.widthRange.lowerBound) to \(CommandLineSyntax.widthRange.upperBound)). Default: 40.
      --output FILE           Write to FILE (replaced whole, or not at all) instead of
                              standard output.
      -h, --help              Show help information.
    """

  private static let status = """
    OVERVIEW: Render a status screen for the customer.

    USAGE: render-cli status NAME [options]

    ARGUMENTS:
      NAME                    A status the merchant's app sets (ready, paymentCompleted,
                              paymentFailed, checkoutCompleted), the welcome shown on
                              connecting (connected), or an end of session
                              (disconnected, closed).

    OPTIONS:
    \(renderOptions)

    EXIT STATUS:
      0 done, 64 bad command line or unknown NAME, 65 bad --config data,
      66 a file cannot be read, 70 internal error, 73 the --output file cannot be
      written, 74 standard output cannot be written (closed, full, a broken pipe).

    """

  private static let cart = """
    OVERVIEW: Render a cart screen (ShoppingCart) for the customer.

    USAGE: render-cli cart [FILE] [options]

    ARGUMENTS:
      FILE                    Cart JSON; - reads standard input. Default: the embedded
                              seed cart (Hair Spray, from Moov's Tap to Share guide).

    OPTIONS:
      --previous FILE         The cart shown before this one; - reads standard input.
                              Adds animation hints: data-change on every item,
                              removed items kept once (aria-hidden) for their exit,
                              a live region for a changed total; in text, a gutter
                              marking lines (+ inserted, - removed, ~ changed,
                              ↕ moved).
    \(renderOptions)

    EXIT STATUS:
      0 done, 64 bad command line, 65 bad input data (one line per problem on
      standard error: FILE: $.json.path: message), 66 a file cannot be read,
      70 internal error, 73 the --output file cannot be written, 74 standard output
      cannot be written (closed, full, a broken pipe).

    """

  private static let diff = """
    OVERVIEW: Print the animation hints between two carts (ShoppingCart) as JSON.

    USAGE: render-cli diff OLD NEW [--output FILE]

    ARGUMENTS:
      OLD                     The cart shown before (JSON); - reads standard input.
      NEW                     The cart shown now (JSON); - reads standard input.
                              Items are matched by id, which must be unique in each.

    OPTIONS:
      --output FILE           Write to FILE (replaced whole, or not at all) instead of
                              standard output.
      -h, --help              Show help information.

    OUTPUT:
      {"inserted": [id], "removed": [id], "moved": [id],
       "updated": [{"id": id, "fields": [field]}],
       "summaryChanged": bool, "totalChanged": bool}
      Ids in NEW's order; removed ones in OLD's order. moved is minimal: the items
      outside a longest run that kept its order (A B C D -> B C D A moves only A).
      fields, in this order: quantity, totalPrice, totalAdjustedPrice, name,
      descriptions, details.

    EXIT STATUS:
      0 done, 64 bad command line, 65 bad input data (one line per problem on
      standard error: FILE: $.json.path: message, e.g. a duplicate item id),
      66 a file cannot be read, 70 internal error, 73 the --output file cannot be
      written, 74 standard output cannot be written (closed, full, a broken pipe).

    """

  private static let replay = """
    OVERVIEW: Replay a Tap to Share session transcript and render the customer's screen
    after every step.

    USAGE: render-cli replay SESSION.jsonl --out DIR [options]

    ARGUMENTS:
      SESSION.jsonl           One JSON object per line: {"configuration": {...}} (first
                              line, optional), {"event": "connected"|"ready"|
                              "disconnected"|"closed"}, {"call": "updateShoppingCart",
                              "cart": {...}}, {"call": "requestSignup", ...request...},
                              {"response": {...}}, {"declined": true}, {"call":
                              "updateStatus", "status": "paymentCompleted"},
                              {"call": "close"}. Apple's and MoovKit's method names
                              alike. - reads standard input.

    OPTIONS:
      --out DIR               A new or empty folder for the files:
                              DIR/<locale>/003-updateShoppingCart.html
      --locales LIST          Comma-separated BCP 47 tags. Default: English with the
                              session's region.
      --format html|text|both Default: html.
      --config FILE           Session configuration when the transcript has none.
      --width N               Text format: display columns (\(CommandLineSyntax.widthRange.lowerBound) to \(CommandLineSyntax.widthRange.upperBound)). Default: 40.
      -h, --help              Show help information.

    SESSION RULES (exit 65, FILE:LINE: error):
      notReady             a call before the ready event, or after the session ended
      sessionBusy          a request or a status while a form is open
      incompatibleRequest  Apple Pay (requestPayment) or a Wallet pass
      noOpenRequest        a response or a decline with no form open
      invalidResponse      a response key the open form does not show, or a bad value
      A cart update while a form is open is kept and shown when the form closes; the
      ready status returns to the cart. The files of the steps before a broken line
      are still written.

    EXIT STATUS:
      0 done, 64 bad command line, 65 a broken line (FILE:LINE: message on standard
      error), 66 a file cannot be read, 70 internal error, 73 a file cannot be written,
      74 standard output cannot be written.

    """

  private static let form = """
    OVERVIEW: Render a request form: the customer shares contact details, an address,
    or signs up (requestCustomerInfo, requestAddress, requestSignup).

    USAGE: render-cli form FILE [options]

    ARGUMENTS:
      FILE                    Request JSON ("request": customerInfo, address or
                              signup); - reads standard input.

    OPTIONS:
      --token VALUE           Opaque request token put in a hidden "token" field
                              (printable ASCII, no spaces, at most \(RequestToken.maximumLength) characters).
      --values FILE           A submitted body (application/x-www-form-urlencoded);
                              - reads standard input. The form keeps every value in
                              it, as typed (control characters shown as symbols, an
                              unlisted country kept and flagged). A body parse
                              refuses is refused here too (exit 65).
      --errors FILE           parse's {"errors": [...]} output: shown at the top of
                              the form and beside each field.
    \(renderOptions)

    EXIT STATUS:
      0 done, 64 bad command line, 65 bad input data (one line per problem on
      standard error: FILE: $.json.path: message; an Apple Pay or pass request is
      incompatibleRequest), 66 a file cannot be read, 70 internal error, 73 the
      --output file cannot be written, 74 standard output cannot be written.

    """

  private static let parse = """
    OVERVIEW: Read what a customer submitted and print their response as JSON.

    USAGE: render-cli parse REQUEST BODY [options]

    ARGUMENTS:
      REQUEST                 The request JSON the form was made from.
      BODY                    The submitted body (application/x-www-form-urlencoded,
                              at most \(FormSubmission.maximumBodyBytes) bytes); - reads standard input.

    OPTIONS:
      --config FILE           Session configuration JSON. Its region lays out and
                              checks the address unless the customer picked a country.
      --locale TAG            BCP 47 locale of the error messages (as for form).
      --accept-language VALUE An HTTP Accept-Language value, negotiated.
      --token VALUE           Refuse a body whose token is missing or differs.
      -h, --help              Show help information.

    OUTPUT:
      The response keys ({"emailAddress": ..., "token": ...}, null when not
      shared), {"declined": true} for "Don't share", or
      {"errors": [{"field": ..., "message": ...}]} with exit status 65.

    EXIT STATUS:
      0 done, 64 bad command line, 65 the customer must correct a field (errors on
      standard output), or bad input data, a body the form cannot have sent (a
      repeated key, an opt-in other than true, an unknown action, a token breaking
      the token rules) or a refused token (standard error), 66 a file cannot be
      read, 70 internal error, 74 standard output cannot be written.

    """
}
