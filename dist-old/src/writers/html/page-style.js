/** The page's stylesheet: one column that fits a phone and a wide screen, light and dark. */
export const PAGE_STYLE = String.raw `
:root {
  color-scheme: light dark;
  --bg: #fbfbfa; --fg: #1d1f21; --muted: #6a6f75; --line: #dcdfe3; --card: #ffffff;
  --prompt: #e8f0fe; --answer: #ffffff; --reasoning: #f5f1fa; --tool: #f4f6f8; --system: #f7f7f2; --meta: #fff8e6;
  --accent: #2f6fdb; --err: #c62828; --err-bg: #fdecea; --warn: #9a6700; --add: #1a7f37; --add-bg: #e6ffec; --del: #cf222e; --del-bg: #ffebe9; --mark: #fff1a8;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171a; --fg: #e3e5e8; --muted: #9aa0a6; --line: #33373d; --card: #1d2024;
    --prompt: #1b2a44; --answer: #1d2024; --reasoning: #272034; --tool: #22262b; --system: #24251f; --meta: #2e2714;
    --accent: #7aa7ff; --err: #ff8a80; --err-bg: #3b1f1f; --warn: #e3b341; --add: #7ee2a8; --add-bg: #12301f; --del: #ffa198; --del-bg: #3d1a1a; --mark: #5c4d00;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main, .page-head, .receipt, .toolbar-inner { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
h1 { font-size: 1.4rem; margin: 1.2rem 0 .6rem; overflow-wrap: anywhere; }
h2 { font-size: 1.1rem; margin: 1rem 0 .5rem; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .86rem; }
.facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .3rem 1.2rem; margin: 0 0 1rem; }
.facts div { min-width: 0; }
.facts dt { color: var(--muted); font-size: .8rem; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.toolbar { position: sticky; top: 0; z-index: 2; background: var(--bg); border-bottom: 1px solid var(--line); padding: .5rem 0; }
.toolbar-inner { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; }
.toolbar input[type=search] { flex: 1 1 14rem; min-width: 0; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--card); color: var(--fg); font: inherit; }
.toolbar label { font-size: .85rem; white-space: nowrap; cursor: pointer; }
.status { color: var(--muted); font-size: .85rem; margin-left: auto; }
.timeline { display: flex; flex-direction: column; gap: .5rem; padding: .8rem 0; }
.ev { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .5rem .75rem; min-width: 0; }
.ev > summary, .ev-head { display: flex; flex-wrap: wrap; gap: .2rem .6rem; align-items: baseline; cursor: pointer; }
.ev-head { cursor: auto; }
.ev > summary { list-style: none; }
.ev > summary::-webkit-details-marker { display: none; }
.ev > summary::before { content: "\25B8"; color: var(--muted); width: .8rem; }
.ev[open] > summary::before { content: "\25BE"; }
.kind { font-weight: 600; font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); }
.when, .info { color: var(--muted); font-size: .8rem; }
.when { margin-left: auto; }
.line { flex: 1 1 12rem; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; margin-top: .3rem; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .3rem 0; padding: .5rem; background: var(--bg); border-radius: 6px; max-height: 40rem; overflow: auto; }
.label { color: var(--muted); font-size: .8rem; margin-top: .5rem; }
.ev-user_message { background: var(--prompt); }
.ev-assistant_message { background: var(--answer); }
.ev-reasoning { background: var(--reasoning); }
.ev-tool_call, .ev-tool_result { background: var(--tool); }
.ev-system { background: var(--system); }
.ev-meta { background: var(--meta); }
.ev-group { background: transparent; border-style: dashed; }
.tool-name { font-weight: 600; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.badge { font-size: .75rem; border-radius: 4px; padding: 0 .35rem; border: 1px solid currentColor; }
.badge-error, .badge-timeout { color: var(--err); }
.badge-denied { color: var(--warn); }
.badge-ok { color: var(--add); }
.ev.err { border-color: var(--err); box-shadow: inset 3px 0 0 var(--err); }
.ev.err.ev-system, .result.err { background: var(--err-bg); }
.result { border-top: 1px solid var(--line); margin-top: .5rem; padding-top: .3rem; }
.diff .add { color: var(--add); background: var(--add-bg); display: block; }
.diff .del { color: var(--del); background: var(--del-bg); display: block; }
.diff .hunk { color: var(--accent); display: block; }
.diff .file { font-weight: 600; display: block; }
.diff .ctx { display: block; }
mark.redacted { background: var(--mark); color: inherit; border-radius: 3px; }
.subagent { margin-top: .5rem; border-left: 3px solid var(--accent); padding-left: .6rem; }
.subagent > summary { cursor: pointer; color: var(--accent); font-weight: 600; font-size: .9rem; }
.subagent > .timeline { padding: .5rem 0 0; }
.sentinel { height: 1px; }
.empty { color: var(--muted); text-align: center; padding: 2rem 0; }
.receipt { border-top: 1px solid var(--line); margin-top: 1rem; padding-bottom: 2rem; }
.note { color: var(--muted); font-size: .85rem; }
@media (max-width: 40rem) {
  body { font-size: 14px; }
  .when { margin-left: 0; }
  .line { flex-basis: 100%; white-space: normal; }
}
`;
//# sourceMappingURL=page-style.js.map