/**
 * The Directions panel's styles, added to the viewer with the panel (they load with it, on demand). A picker's text is
 * in its own direction (unicode-bidi: plaintext): a Latin name picked in Hebrew reads "Candle Co.", not ".Candle Co".
 */
export const DIRECTIONS_CSS = `
.mn-directions{width:min(320px,calc(100vw - 48px));max-height:min(70vh,560px);overflow:auto;padding:12px;border-radius:12px;background:#fff;box-shadow:var(--mn-shadow);pointer-events:auto;font-size:14px;overflow-wrap:anywhere}
.mn-dir-head{display:flex;align-items:center;justify-content:space-between;margin-bottom:8px}
.mn-dir-head h2{margin:0;font-size:15px}
.mn-dir-form{display:grid;gap:8px}
.mn-dir-label{display:block;font-size:12px;font-weight:600;color:var(--mn-muted);margin-bottom:3px}
.mn-dir-combo{position:relative}
.mn-dir-input{width:100%;height:36px;padding:0 10px;border:1px solid var(--mn-line);border-radius:8px;font:inherit;color:inherit;background:#fff;unicode-bidi:plaintext}
.mn-dir-input:focus{outline:none;border-color:var(--mn-focus);box-shadow:0 0 0 1px var(--mn-focus)}
.mn-dir-options{position:absolute;z-index:5;left:0;right:0;top:calc(100% + 2px);max-height:220px;overflow:auto;margin:0;padding:4px;list-style:none;background:#fff;border:1px solid var(--mn-line);border-radius:8px;box-shadow:var(--mn-shadow)}
.mn-dir-option,.mn-dir-empty{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:0 16px;padding:7px 8px;border-radius:6px;cursor:pointer}
.mn-dir-empty{color:var(--mn-muted);cursor:default}
.mn-dir-option[aria-selected=true]{background:color-mix(in srgb,var(--mn-primary) 12%,#fff);color:var(--mn-ink);outline:2px solid var(--mn-focus);outline-offset:-2px}
.mn-dir-hint{color:var(--mn-muted);font-size:12px;white-space:nowrap}
.mn-dir-swap{justify-self:end;margin:-4px 0}
.mn-dir-here{margin:0}
.mn-dir-row{display:flex;align-items:center;justify-content:space-between;gap:8px}
.mn-dir-check{display:flex;align-items:center;gap:6px;font-size:13px}
.mn-dir-go{border:0;cursor:pointer;font:inherit;font-weight:600}
.mn-dir-status{margin:10px 0 0;font-weight:600}
.mn-dir-status:empty{display:none}
.mn-dir-stairs{margin-top:4px}
.mn-dir-stairs[hidden]{display:none}
.mn-dir-steps{margin:8px 0 0;padding:0;list-style:none;display:grid;gap:4px}
.mn-dir-step{display:grid;grid-template-columns:22px 1fr;column-gap:8px;width:100%;padding:6px;border:1px solid transparent;border-radius:8px;background:none;font:inherit;color:inherit;text-align:start;cursor:pointer}
.mn-dir-step .mn-dir-hint{grid-column:2}
.mn-directions :has(+.mn-dir-hint):after{content:""/","}
.mn-directions :has(+.mn-dir-hint):lang(ar):after{content:""/"،"}
.mn-directions :has(+.mn-dir-hint):lang(ja):after{content:""/"、"}
.mn-directions :has(+.mn-dir-hint):lang(zh):after{content:""/"，"}
.mn-dir-step:hover,.mn-dir-step[aria-current]{border-color:var(--mn-primary);background:color-mix(in srgb,var(--mn-primary) 6%,#fff)}
.mn-dir-step:focus-visible{outline:2px solid var(--mn-focus);outline-offset:1px}
.mn-dir-step-n{display:inline-grid;place-items:center;width:22px;height:22px;border-radius:50%;background:var(--mn-primary);color:#fff;font-size:12px;font-weight:700}
.mn-route{position:absolute;top:0;left:0;transform-origin:0 0;pointer-events:none;overflow:visible}
.mn-route-pulse{transform-box:fill-box;transform-origin:center;animation:mn-route-pulse 1.6s ease-out 3}
@keyframes mn-route-pulse{from{transform:scale(1);opacity:.8}to{transform:scale(2.6);opacity:0}}
.mn-dir-change{display:none}
.mn-dir-sheet{position:absolute;left:0;right:0;bottom:0;z-index:5;width:auto;max-height:38%;padding:8px 12px;border-radius:14px 14px 0 0;box-shadow:0 -8px 28px rgba(16,24,40,.2)}
.mn-narrow .mn-dir-routed .mn-dir-form{display:none}
.mn-narrow .mn-dir-routed .mn-dir-change{display:inline-block;margin-top:4px}
.mn-narrow .mn-dir-check{min-height:44px;font-size:15px}
.mn-narrow .mn-dir-check input{width:22px;height:22px;margin:0}
.mn-compact .mn-dir-sheet{height:38%;max-height:none}
.mn-compact .mn-map:has(>.mn-dir-sheet)>.mn-bottom-left,.mn-compact .mn-map:has(>.mn-dir-sheet)>.mn-bottom-right{bottom:calc(38% + 8px)}
@media (prefers-reduced-motion:reduce){.mn-route-pulse{animation:none}}
.mn-here{position:absolute;top:-11px;left:-11px;width:16px;height:16px;border:3px solid #fff;border-radius:50%;background:#c8102e;box-shadow:0 0 0 5px #c8102e55;pointer-events:none}
.mn-here[hidden]{display:none}
.mn-here span{position:absolute;bottom:24px;left:8px;translate:-50%;padding:4px 10px;border-radius:99px;background:#c8102e;color:#fff;font-weight:700;white-space:nowrap;box-shadow:var(--mn-shadow)}
.mn-kiosk .mn-directions{max-height:70vh;font-size:18px}
.mn-kiosk .mn-dir-head h2{font-size:21px}
.mn-kiosk .mn-dir-form{gap:12px}
.mn-kiosk .mn-dir-label{font-size:18px;margin-bottom:5px}
.mn-kiosk .mn-dir-input{height:48px;padding:0 14px;border-radius:10px}
.mn-kiosk .mn-dir-options{position:static;max-height:360px;margin-top:4px}
.mn-kiosk .mn-dir-option,.mn-kiosk .mn-dir-empty{align-items:center;min-height:48px;padding:8px 12px}
.mn-kiosk .mn-dir-hint{font-size:16px}
.mn-kiosk .mn-dir-swap{margin:-6px 0}
.mn-kiosk .mn-dir-check{gap:10px;min-height:48px;font-size:17px}
.mn-kiosk .mn-dir-check input{width:26px;height:26px;margin:0}
.mn-kiosk .mn-dir-steps{gap:6px}
.mn-kiosk .mn-dir-step{grid-template-columns:30px 1fr;column-gap:12px;min-height:48px;padding:10px}
.mn-kiosk .mn-dir-step-n{width:30px;height:30px;font-size:15px}
`;
