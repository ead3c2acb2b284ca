import RenderCore

/// The status screens' style, after ``PageStyle/base``: a centred card with a symbol
/// whose colour follows the screen's tone.
package enum StatusStyle {
  package static let css = TrustedHTML(
    literal: """
      .status{margin:24px auto 0;padding:32px 16px;text-align:center;background:var(--card);border-radius:12px}
      .status-symbol{display:inline-flex;align-items:center;justify-content:center;width:56px;height:56px;margin:0 0 12px;\
      border-radius:50%;font-size:1.75rem;font-weight:700;color:var(--card);background:var(--muted)}
      .status-success .status-symbol{background:var(--ok)}
      .status-failure .status-symbol{background:var(--danger)}
      .status h1{margin:0 0 8px}
      .status-subtitle{margin:0;color:var(--muted)}

      """)
}
