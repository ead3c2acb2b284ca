import RenderCore

/// The request forms' style, after ``PageStyle/base``. Every control is at least 44 CSS
/// pixels tall (the opt-in checkboxes through their whole label), errors are marked by
/// a thicker border and text, not by colour alone, and logical properties mirror the
/// layout on right-to-left pages.
package enum FormStyle {
  package static let css = TrustedHTML(
    literal: """
      .purpose{margin:0 0 8px}
      .message{margin:0 0 8px;padding:12px 16px;background:var(--card);border-radius:12px}
      .choice{margin:0 0 16px;color:var(--muted)}
      .request-form{display:flex;flex-direction:column;gap:16px;margin:0;overflow-wrap:anywhere}
      .fields,.consents,.terms{margin:0;padding:12px 16px;background:var(--card);border:0;border-radius:12px;min-width:0}
      .fields{display:flex;flex-direction:column;gap:16px}
      .field{display:flex;flex-direction:column;gap:4px;min-width:0}
      .field label{font-weight:600}
      .hint{margin:0;color:var(--muted);font-size:.9rem}
      .field input,.field select{width:100%;max-width:100%;min-height:44px;padding:8px 12px;font:inherit;\
      color:var(--text);background:var(--bg);border:1px solid var(--muted);border-radius:8px}
      .field-error input,.field-error select{border:3px solid var(--danger)}
      .error-message{margin:0;color:var(--danger);font-weight:600}
      .consents legend{float:inline-start;width:100%;padding:0;margin:0 0 4px;font-weight:600}
      .check{display:flex;align-items:center;gap:12px;min-height:44px;padding-block:4px;clear:both}
      .check input{flex:none;width:24px;height:24px;margin:0;accent-color:var(--accent)}
      .terms{overflow-wrap:anywhere}
      .terms-text>:first-child{margin-top:0}
      .terms a{color:var(--accent)}
      .terms pre{white-space:pre-wrap;overflow-wrap:anywhere}
      .agreement{margin:12px 0 0;color:var(--muted)}
      .actions{display:flex;flex-wrap:wrap;gap:12px}
      .actions button{flex:1 1 8rem;min-height:44px;min-width:44px;padding:10px 16px;font:inherit;font-weight:600;\
      border:2px solid var(--accent);border-radius:12px;cursor:pointer}
      .share{background:var(--accent);color:var(--card)}
      .decline{background:transparent;color:var(--accent)}
      input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);\
      outline-offset:2px}
      .error-summary{margin:0 0 16px;padding:12px 16px;background:var(--card);border:3px solid var(--danger);\
      border-radius:12px;overflow-wrap:anywhere}
      .error-summary h2{margin:0 0 4px;font-size:1.15rem}
      .error-summary ul{margin:0;padding:0;list-style:none}
      .error-summary li+li{margin-block-start:4px}
      .error-summary a{display:flex;align-items:center;min-height:44px;color:var(--danger);font-weight:600}

      """)
}
