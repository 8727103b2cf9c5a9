/// `/assets/viewer.css`: the viewer's one stylesheet (system fonts, no external resource).
enum ViewerStyle {
    static let source = #"""
:root {
  --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --paper: #ffffff; --ground: #f5f5f7;
  --accent: #0a66d8; --accent-soft: #e5efff; --green: #1a7f37; --green-soft: #dcf5e3;
  --amber: #8a5a00; --amber-soft: #fff1c7; --red: #c62828; --red-soft: #ffe3e1;
  --now: #fff0a8; --row: 30px;
}
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink); background: var(--ground); }
a { color: var(--accent); }
code, .id, time, .event-row, .step-text, .change-field { font-family: ui-monospace, "SF Mono", "DejaVu Sans Mono", monospace; font-size: 12.5px; }
.topbar { display: flex; align-items: center; gap: 24px; padding: 10px 24px; background: #1d1d1f; color: #f5f5f7; }
.topbar a { color: #f5f5f7; text-decoration: none; }
.brand { font-weight: 700; font-size: 16px; }
.brand span { font-weight: 400; color: #a1a1a6; }
.sections { display: flex; gap: 4px; }
.sections a { padding: 4px 12px; border-radius: 6px; color: #d2d2d7; }
.sections a:hover { background: #3a3a3c; }
.sections a[aria-current="page"] { background: #f5f5f7; color: #1d1d1f; }
.device { margin-left: auto; color: #a1a1a6; }
.device b, .sign-out b { color: #f5f5f7; font-weight: 600; }
.sign-out { margin-left: auto; display: flex; align-items: center; gap: 8px; color: #a1a1a6; }
.device + .sign-out { margin-left: 0; }
.sign-out button { font: inherit; padding: 2px 10px; border: 1px solid #6e6e73; border-radius: 6px; background: transparent; color: #f5f5f7; cursor: pointer; }
main { padding: 16px 24px 32px; }
.page-head h1 { margin: 0 0 2px; font-size: 22px; }
.page-head .summary { margin: 0 0 12px; color: var(--muted); }
.filters { display: flex; flex-wrap: wrap; gap: 10px 16px; align-items: end; margin: 0 0 14px; padding: 10px 12px; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; }
.filters label { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--muted); }
.filters label.check { flex-direction: row; align-items: center; gap: 6px; font-size: 13px; color: var(--ink); }
.filters input[type="search"], .filters input[type="text"], .filters select { font: inherit; padding: 4px 8px; border: 1px solid var(--line); border-radius: 6px; min-width: 140px; background: #fff; }
button, .filters .clear { font: inherit; padding: 4px 12px; border: 1px solid var(--line); border-radius: 6px; background: #fff; color: var(--ink); cursor: pointer; text-decoration: none; }
button:hover { background: var(--accent-soft); }
.listing { width: 100%; border-collapse: collapse; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; overflow: hidden; }
.listing th, .listing td { padding: 6px 10px; text-align: left; border-bottom: 1px solid #ececf0; vertical-align: top; }
.listing thead th { background: #fafafc; font-size: 12px; color: var(--muted); font-weight: 600; position: sticky; top: 0; }
.listing tbody tr:hover { background: #fafcff; }
.listing time, .listing td.id { white-space: nowrap; }
.listing .number { text-align: right; font-variant-numeric: tabular-nums; }
.listing .attention { color: var(--amber); font-weight: 600; }
.listing .warning { color: var(--red); font-weight: 600; }
.listing ul.values { margin: 0; padding: 0; list-style: none; }
.field-name { color: var(--muted); margin-right: 4px; }
.empty { color: var(--muted); padding: 24px; background: var(--paper); border: 1px dashed var(--line); border-radius: 10px; }
.pager { display: flex; gap: 16px; margin-top: 12px; }
.badge { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 11.5px; line-height: 18px; font-weight: 600; background: #ececf0; color: var(--ink); white-space: nowrap; }
.outcome-dismissed { background: var(--green-soft); color: var(--green); }
.outcome-blocked { background: var(--amber-soft); color: var(--amber); }
.outcome-forced { background: var(--red-soft); color: var(--red); }
.reason-open { background: var(--accent-soft); color: var(--accent); }
.reason-abandoned { background: var(--red-soft); color: var(--red); }
.origin-device { background: var(--accent-soft); color: var(--accent); }
.origin-collector { background: var(--amber-soft); color: var(--amber); }
.badge.unsaved { background: var(--accent-soft); color: var(--accent); }
.error-page { max-width: 640px; margin: 48px auto; padding: 24px; background: var(--paper); border: 1px solid var(--line); border-radius: 12px; }

/* Timeline */
.controls { display: flex; align-items: center; gap: 8px; margin: 0 0 12px; padding: 8px 12px; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; }
.controls button { min-width: 40px; }
#play { min-width: 72px; font-weight: 600; }
.timeline[data-playing] #play { background: var(--accent); color: #fff; border-color: var(--accent); }
.controls .speed { color: var(--muted); font-size: 12px; }
.controls select { font: inherit; padding: 3px 6px; border-radius: 6px; border: 1px solid var(--line); }
#scrubber { flex: 1; min-width: 120px; accent-color: var(--accent); }
#position { min-width: 96px; text-align: right; font-variant-numeric: tabular-nums; color: var(--muted); }
.timeline-body { display: grid; grid-template-columns: minmax(300px, 400px) 1fr; gap: 16px; align-items: start; }
.event-list { height: calc(100vh - 210px); min-height: 320px; overflow-y: auto; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; outline: none; }
.event-list:focus-visible { box-shadow: 0 0 0 3px var(--accent-soft); }
.event-spacer { position: relative; }
.event-row { position: absolute; left: 0; right: 0; height: var(--row); display: flex; align-items: center; gap: 8px; padding: 0 10px; border-bottom: 1px solid #f0f0f3; color: var(--ink); text-decoration: none; white-space: nowrap; overflow: hidden; }
.event-row:hover { background: #f3f7ff; }
.event-row.selected { background: var(--accent); color: #fff; }
.event-row.selected .event-time, .event-row.selected .event-presentation { color: #e5efff; }
.event-version { min-width: 44px; font-weight: 700; }
.event-time { color: var(--muted); }
.event-type { font-weight: 600; }
.event-presentation { color: var(--muted); overflow: hidden; text-overflow: ellipsis; }
.event-row .badge { margin-left: auto; }
.state-panel { min-width: 0; }
.step-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 10px 12px; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; }
.step-version { font-weight: 700; font-size: 16px; }
.step-type { font-weight: 600; }
.step-text { flex-basis: 100%; margin: 0; color: var(--muted); overflow-wrap: anywhere; }
.screen { margin: 12px 0; padding: 18px 18px 26px; min-height: 380px; max-width: 560px; background: linear-gradient(#dfe3ea, #cfd5df); border-radius: 28px; border: 1px solid #b9bfca; }
.empty-stack { margin: 150px 0 0; text-align: center; color: #5b606b; }
.stack { display: grid; }
.sheet-card { grid-area: 1 / 1; align-self: start; position: relative; background: var(--paper); border: 1px solid #c7ccd6; border-radius: 14px; box-shadow: 0 -2px 10px rgba(0, 0, 0, 0.08); overflow: hidden; }
.sheet-card.confirming { min-height: 250px; }
.sheet-card:not(.top) { background: #f2f3f6; color: var(--muted); }
.sheet-card:not(.top) > :not(.sheet-head) { display: none; }
.sheet-card.level-1 { margin: 40px 6px 0; }
.sheet-card.level-2 { margin: 80px 12px 0; }
.sheet-card.level-3 { margin: 120px 18px 0; }
.sheet-card.level-4 { margin: 160px 24px 0; }
.sheet-card.level-5 { margin: 200px 30px 0; }
.sheet-card.top.appeared { animation: rise 0.25s ease-out; }
@keyframes rise { from { transform: translateY(24px); opacity: 0.4; } to { transform: none; opacity: 1; } }
.sheet-head { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 9px 12px; border-bottom: 1px solid #ececf0; min-height: 40px; }
.sheet-route { font-weight: 700; }
.sheet-id { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; color: var(--muted); }
.lock { display: inline-flex; width: 18px; height: 18px; align-items: center; justify-content: center; border-radius: 4px; background: var(--amber-soft); color: var(--amber); }
.lock svg { width: 12px; height: 12px; fill: currentColor; }
.fields { width: 100%; border-collapse: collapse; }
.fields th, .fields td { padding: 6px 12px; text-align: left; border-bottom: 1px solid #f0f0f3; }
.fields thead th { font-size: 11.5px; color: var(--muted); font-weight: 600; }
.fields tbody th { font-weight: 600; width: 32%; }
.fields td.baseline { color: var(--muted); }
.fields tr.differs th::after { content: " \25CF"; color: var(--accent); font-size: 10px; vertical-align: middle; }
.fields tr.changed-now td.value { background: var(--now); font-weight: 600; }
.fields tr.changed-now th { box-shadow: inset 3px 0 0 #e0b400; }
.required { color: var(--red); margin-left: 2px; }
.none { color: #a1a1a6; }
.marker { display: inline-block; padding: 0 6px; border-radius: 4px; background: #ececf0; color: var(--muted); font-size: 11.5px; font-style: italic; }
.no-fields { margin: 0; padding: 10px 12px; color: var(--muted); }
.sheet-actions { display: flex; justify-content: space-between; padding: 10px 12px; }
.fake-button { color: var(--accent); }
.fake-button.save { font-weight: 700; }
.fake-button.disabled { color: #a1a1a6; }
.dialog { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); width: 270px; background: rgba(246, 246, 248, 0.98); border-radius: 14px; box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.28), 0 8px 30px rgba(0, 0, 0, 0.25); text-align: center; overflow: hidden; }
.dialog-title { margin: 16px 16px 2px; font-weight: 700; }
.dialog-text { margin: 0 16px 14px; font-size: 12.5px; color: var(--muted); }
.dialog-buttons { display: flex; flex-direction: column; }
.dialog-button { padding: 10px; border-top: 1px solid #d8d8dc; color: var(--accent); }
.dialog-button[data-action="keep"] { font-weight: 700; }
.dialog-button.destructive { color: var(--red); }
.changes { padding: 10px 12px; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; max-width: 560px; }
.changes h2 { margin: 0 0 4px; font-size: 13px; }
.changes ul { margin: 0; padding-left: 18px; }
.panel-error { padding: 16px; color: var(--red); background: var(--red-soft); border-radius: 10px; }
@media (max-width: 820px) { .timeline-body { grid-template-columns: 1fr; } .event-list { height: 40vh; } }
"""#
}
