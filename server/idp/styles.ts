// The pages' only stylesheet, served as a file so the CSP needs no 'unsafe-inline'. Colours match the site.
export const IDP_CSS = `:root {
  --bg: #fbf8f3; --text: #1f1b16; --accent: #b4532a; --muted: #6b6258; --card: #ffffff;
  --border: #e4dcd0; --error: #a12a1f; --ok: #2f6b35; --radius: 10px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #1a1714; --text: #f1ece4; --accent: #e08a5e; --muted: #b3a99c; --card: #241f1b;
    --border: #3a332c; --error: #ff9a8c; --ok: #9fd69f; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; align-content: center; gap: 1rem; padding: 1.5rem 1rem;
  background: var(--bg); color: var(--text); line-height: 1.5; }
#kc-header { font-size: 1.25rem; font-weight: 700; letter-spacing: 0.02em; }
.card { width: 100%; max-width: 26rem; background: var(--card); border: 1px solid var(--border);
  border-radius: var(--radius); padding: 1.75rem 1.5rem; }
h1 { font-size: 1.4rem; margin: 0 0 1.25rem; }
form { display: grid; gap: 0.9rem; margin: 0; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input[type=text], input[type=email], input[type=password] { width: 100%; font: inherit; color: inherit;
  background: var(--bg); border: 1px solid var(--border); border-radius: var(--radius); padding: 0.55rem 0.7rem; }
input[aria-invalid=true] { border-color: var(--error); }
input[readonly] { border-style: dashed; color: var(--muted); }
button, .button, input[type=submit] { font: inherit; font-weight: 600; border: 0; border-radius: var(--radius); padding: 0.6rem 1rem;
  background: var(--accent); color: #fff; cursor: pointer; text-align: center; text-decoration: none; display: inline-block; }
@media (prefers-color-scheme: dark) { button, .button, input[type=submit] { color: #1a1714; } }
button.secondary { background: transparent; color: var(--accent); border: 1px solid var(--accent); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.kc-feedback-text { display: block; color: var(--error); font-size: 0.92rem; margin-top: 0.25rem; }
.alert { border-radius: var(--radius); padding: 0.6rem 0.8rem; border: 1px solid currentColor; }
.alert-error { color: var(--error); }
.alert-success { color: var(--ok); }
.muted { color: var(--muted); font-size: 0.95rem; }
.actions { display: flex; gap: 0.75rem; flex-wrap: wrap; align-items: center; }
fieldset { border: 1px solid var(--border); border-radius: var(--radius); padding: 0.8rem; margin: 0; display: grid; gap: 0.9rem; }
legend { font-weight: 600; padding: 0 0.3rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
