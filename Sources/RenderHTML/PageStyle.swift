/// The style every page shares (colours, light and dark schemes, the session header),
/// inlined in the page. Each screen adds its own sheet beside it. Logical properties
/// (`inline-start`, `text-align: end`) mirror the layout in right-to-left pages without
/// a second sheet. Merchant text (`dir="auto"`) reads in its own direction but aligns with
/// the page (`match-parent`; Chromium knows only the `-webkit-` spelling): a Latin item
/// name sits at the right in an Arabic page.
package enum PageStyle {
  package static let base = TrustedHTML(
    literal: """

      :root{color-scheme:light dark;--bg:#f2f2f7;--card:#fff;--text:#1c1c1e;--muted:#5b5b60;--rule:#d1d1d6;\
      --accent:#0a5fd6;--danger:#b3261e;--ok:#1b6e2a;font-family:system-ui,-apple-system,"Segoe UI",Roboto,\
      "Noto Sans","Noto Sans Arabic","Noto Sans CJK JP",sans-serif;line-height:1.4;-webkit-text-size-adjust:100%;\
      overflow-wrap:break-word}
      @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--text:#f2f2f7;--muted:#aeaeb2;\
      --rule:#3a3a3c;--accent:#6cb4ff;--danger:#ff8a80;--ok:#7ddc8a}}
      *{box-sizing:border-box}
      html,body{margin:0;background:var(--bg);color:var(--text)}
      body{min-height:100vh;display:flex;flex-direction:column}
      .session{padding:12px 16px;background:var(--card);border-block-end:1px solid var(--rule)}
      .session p{margin:0}
      .store{font-weight:600;font-size:1.05rem}
      .device{color:var(--muted)}
      .links{display:flex;flex-wrap:wrap;gap:0 16px}
      .links a{display:inline-flex;align-items:center;min-height:44px;min-width:44px;color:var(--accent);\
      overflow-wrap:anywhere}
      .content{flex:1;width:100%;max-width:40rem;margin:0 auto;padding:16px}
      h1{font-size:1.5rem;margin:0 0 12px}
      .visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;\
      clip:rect(0 0 0 0);white-space:nowrap;border:0}
      .merchant{white-space:pre-line;overflow-wrap:anywhere}
      [dir=auto]{text-align:match-parent;text-align:-webkit-match-parent}

      """)
}
