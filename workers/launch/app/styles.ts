/**
 * The review app's whole stylesheet, sent inline with the page's CSP nonce (no build step, no extra
 * request). Light and dark follow the system; every interactive element has a visible focus ring.
 */
export const styles = `
:root { color-scheme: light dark; --bg: #fbfbfa; --fg: #1d1d1f; --muted: #5a5a63; --line: #d9d9de; --card: #ffffff;
  --accent: #2754c5; --accent-fg: #ffffff; --ok: #1c7c3c; --warn: #9a5b00; --bad: #b3261e; --add-bg: #dcf5e3; --add-fg: #0d5223;
  --del-bg: #fde2e0; --del-fg: #8a1c15; --focus: #f0a500; }
@media (prefers-color-scheme: dark) { :root { --bg: #141416; --fg: #ececf0; --muted: #a9a9b3; --line: #34343a; --card: #1e1e22;
  --accent: #8fb0ff; --accent-fg: #0d1433; --ok: #6fd493; --warn: #f2be5c; --bad: #ff8a80; --add-bg: #123a20; --add-fg: #b6f0c8;
  --del-bg: #4a1713; --del-fg: #ffc4be; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; } .skip:focus { left: 1rem; top: 1rem; background: var(--card); padding: .5rem 1rem; z-index: 10; }
header.top { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; padding: .75rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--card); }
header.top .brand { font-weight: 700; text-decoration: none; color: var(--fg); }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; list-style: none; margin: 0; padding: 0; }
nav a[aria-current="page"] { font-weight: 700; text-decoration-thickness: 3px; }
.who { display: flex; gap: .75rem; align-items: center; color: var(--muted); font-size: .9rem; }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
main.narrow { max-width: 28rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; } h2 { font-size: 1.2rem; margin: 1.75rem 0 .75rem; } .card > h2:first-child { margin-top: 0; }
.muted { color: var(--muted); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
table { width: 100%; border-collapse: collapse; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
th, td { text-align: left; padding: .6rem .75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: .85rem; color: var(--muted); font-weight: 600; }
caption { text-align: left; padding: .5rem 0; }
table + table, table + .card, table + p { margin-top: 1rem; }
.excerpt { max-width: 34rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; border: 1px solid currentColor; font-size: .8rem; white-space: nowrap; }
.badge.ok { color: var(--ok); } .badge.warn { color: var(--warn); } .badge.bad { color: var(--bad); }
.notice { border-left: 4px solid var(--accent); background: var(--card); padding: .75rem 1rem; margin-bottom: 1rem; border-radius: 4px; }
.notice.error { border-color: var(--bad); } .notice.ok { border-color: var(--ok); }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
.hint { display: block; font-weight: 400; color: var(--muted); font-size: .875rem; }
input[type=email], input[type=password], input[type=text], input[type=url], input[type=date], input[type=time], select, textarea {
  width: 100%; padding: .55rem .6rem; font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: 6px; }
textarea { min-height: 6rem; }
button, .button { display: inline-block; margin-top: 1rem; padding: .55rem 1.1rem; font: inherit; font-weight: 600; border-radius: 6px; cursor: pointer;
  border: 1px solid var(--accent); background: var(--accent); color: var(--accent-fg); text-decoration: none; }
button.secondary, .button.secondary { background: transparent; color: var(--accent); }
button.link { border: 0; background: none; color: var(--accent); padding: 0; margin: 0; font-weight: 400; text-decoration: underline; }
fieldset { border: 1px solid var(--line); border-radius: 8px; padding: .5rem 1rem 1rem; margin: 1rem 0 0; }
legend { font-weight: 600; padding: 0 .25rem; }
td.wrap, th.wrap, p.wrap { overflow-wrap: anywhere; }
fieldset label { display: flex; gap: .5rem; align-items: center; font-weight: 400; margin: .4rem 0; }
.review { display: grid; grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr); gap: 1.5rem; }
@media (max-width: 800px) { .review { grid-template-columns: minmax(0, 1fr); } }
.copy { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 1.05rem; margin: 0; font-family: inherit; }
.meter { display: flex; gap: .75rem; align-items: center; margin-top: .75rem; font-size: .9rem; }
meter { flex: 1; height: .75rem; }
.over { color: var(--bad); font-weight: 700; }
.visuals { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1.25rem; margin: 0; padding: 0; list-style: none; }
.visuals img { width: 100%; height: auto; border-radius: 6px; border: 1px solid var(--line); display: block; }
.visuals figure { margin: 0; } .visuals figcaption { font-size: .85rem; color: var(--muted); margin-top: .35rem; }
.diff { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-family: inherit; }
ins { background: var(--add-bg); color: var(--add-fg); text-decoration: none; border-bottom: 2px solid var(--add-fg); }
del { background: var(--del-bg); color: var(--del-fg); text-decoration: line-through; }
.url { overflow-wrap: anywhere; }
.fingerprint { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .8rem; overflow-wrap: anywhere; color: var(--muted); }
.qr { background: #fff; padding: .75rem; border-radius: 8px; width: 14rem; height: 14rem; }
.inline { display: inline; }
dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .25rem 1rem; margin: 0; } dl.facts dt { color: var(--muted); }
.pager { margin-top: 1rem; }
.sources { list-style: none; margin: 0; padding: 0; } .sources > li { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 1rem; padding: .75rem 0; border-top: 1px solid var(--line); }
@media (max-width: 800px) { .sources > li { grid-template-columns: 1fr; } }
.claim { margin: 0; } .citations { list-style: none; margin: 0; padding: 0; } .citations p { margin: 0 0 .25rem; font-size: .85rem; }
pre.cited { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 .5rem; padding: .5rem .75rem; border-left: 3px solid var(--line); font-size: .85rem; }
.refs { display: flex; flex-wrap: wrap; gap: .75rem; }
.sources > li.unsupported { border-left: 3px solid var(--bad); padding-left: .75rem; } .problems { margin: .25rem 0 0; padding-left: 1.25rem; font-size: .85rem; }
input.secret { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85rem; }
.row-actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
.row-actions label { margin: 0; font-weight: 400; } .row-actions select { width: auto; } .row-actions button { margin-top: 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.button.small { margin-top: 0; padding: .3rem .8rem; font-size: .9rem; }
/* A URL or key as one long word breaks inside its cell instead of pushing the next column (or the page) aside. */
td, dd, .notice, figcaption { overflow-wrap: anywhere; }
/* On a phone every page fits the width: the header and main lose padding, and a table of many columns
   becomes one card per row, each cell under its column's name (data-label). */
@media (max-width: 640px) {
  header.top { padding: .75rem 1rem; } main { padding: 1rem; }
  h1 { font-size: 1.35rem; }
  table.stack, table.stack tbody, table.stack tr, table.stack td, table.stack tbody th { display: block; width: 100%; }
  table.stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  table.stack tr { border-bottom: 1px solid var(--line); padding: .5rem 0; }
  table.stack td, table.stack tbody th { border: 0; padding: .2rem .75rem; }
  table.stack caption { display: block; padding: .5rem .75rem; }
  table.stack td[data-label]::before { content: attr(data-label); display: block; font-size: .8rem; font-weight: 600; color: var(--muted); }
  table.stack td[data-label=""]::before, table.stack td[data-label="Action"]::before { content: none; }
  .excerpt { white-space: normal; max-width: none; }
  .row-actions select { width: 100%; }
}
`;
