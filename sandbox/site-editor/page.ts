// The sandbox editor's one page: controls for every message of spec §7 "Window messages", the
// site in a frame (or a window it opens), and a log of what went each way. Plain HTML and a
// small inline script, written from the spec alone: it imports nothing from src/.
import { escapeHtml } from "../http-helpers";

/** Choices the operator's editor offers. The layouts are the platform's (site-config theme.json). */
export const HEADER_LAYOUTS = ["classic", "centered"] as const;
export const FOOTER_LAYOUTS = ["columns", "compact"] as const;
export const LOGO_SIZES = ["small", "medium", "large"] as const;
/** A few families of the platform's catalogue (spec §9: about 40); the field takes any name. */
export const SAMPLE_FONT_FAMILIES = [
  "Inter",
  "Lora",
  "Merriweather",
  "Montserrat",
  "Open Sans",
  "Oswald",
  "Playfair Display",
  "Poppins",
  "Roboto",
  "Source Serif 4",
  "Bebas Neue",
] as const;
/** Spec §3: the seven palette colours. The starting values are only a sample scheme. */
export const SAMPLE_COLOUR_SCHEME = {
  primary: "#1d4ed8",
  accent: "#f59e0b",
  highlight: "#0f766e",
  muted: "#64748b",
  background: "#0f172a",
  footerBackground: "#020617",
  headerBackground: "#1e293b",
} as const;

/** JSON inside <script>: "<" escaped so no value can close the element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");

const options = (values: readonly string[], selected?: string): string =>
  values
    .map((v) => `<option value="${escapeHtml(v)}"${v === selected ? " selected" : ""}>${escapeHtml(v)}</option>`)
    .join("");

/** `publish`: the site the Publish button publishes; null when no publisher is set up. */
export function editorPage(siteUrl: string, publish: { siteId: string } | null = null): string {
  const colours = Object.entries(SAMPLE_COLOUR_SCHEME)
    .map(([key, value]) => `<label><input type="color" name="${key}" value="${value}"> ${escapeHtml(key)}</label>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Site editor (sandbox)</title>
<style>
  body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: #1b1b1b; background: #f3f4f6; }
  header { padding: 0.5rem 1rem; background: #111827; color: #f9fafb; }
  header h1 { font-size: 1.1rem; margin: 0; }
  header p { margin: 0.2rem 0 0; font-size: 0.9rem; }
  .layout { display: grid; grid-template-columns: 20rem 1fr; gap: 1rem; padding: 1rem; }
  form fieldset { margin: 0 0 0.75rem; background: #fff; border: 1px solid #d1d5db; border-radius: 6px; }
  form label { display: block; margin: 0.25rem 0; }
  form input[type="text"], form input[type="url"], form select, form textarea { width: 100%; box-sizing: border-box; font: inherit; }
  button { font: inherit; margin-top: 0.4rem; }
  iframe { width: 100%; height: 70vh; border: 1px solid #9ca3af; background: #fff; }
  #log { font: 12px/1.4 ui-monospace, monospace; max-height: 30vh; overflow: auto; background: #fff; border: 1px solid #d1d5db; padding: 0.5rem 0.5rem 0.5rem 2rem; }
  .dir-in { color: #065f46; } .dir-out { color: #1e3a8a; } .dir-ignored { color: #991b1b; }
  .publish { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1rem; margin-bottom: 0.5rem; padding: 0.5rem; background: #fff; border: 1px solid #d1d5db; border-radius: 6px; }
  .publish button { margin: 0; }
  #publish-status { margin: 0; flex: 1 1 16rem; }
  #publish-error { flex-basis: 100%; margin: 0; white-space: pre-wrap; color: #991b1b; font: 13px/1.4 ui-monospace, monospace; }
  #publish-error:empty { display: none; }
</style>
</head>
<body>
<header>
  <h1>Site editor (sandbox)</h1>
  <p>Drives the site through the window messages of spec §7. Its origin must be listed in the site build's <code>EDITOR_ORIGINS</code>.</p>
</header>
<div class="layout">
<form id="controls" aria-label="Editor controls" onsubmit="return false">
  <fieldset>
    <legend>Page</legend>
    <label>Site address <input id="site-src" type="url" value="${escapeHtml(siteUrl)}"></label>
    <button type="button" id="load">Load in the frame</button>
    <button type="button" id="open-window">Open in a window</button>
  </fieldset>
  <fieldset>
    <legend>Colour scheme</legend>
    ${colours}
    <button type="button" id="send-colours">Send colour scheme</button>
  </fieldset>
  <fieldset>
    <legend>Font</legend>
    <label>Target <select id="font-target">${options(["body", "heading"])}</select></label>
    <label>Family <input id="font-family" type="text" list="font-families" value="Lora"></label>
    <datalist id="font-families">${options(SAMPLE_FONT_FAMILIES)}</datalist>
    <label>Weights <input id="font-weights" type="text" value="400, 700"></label>
    <button type="button" id="send-font">Send font</button>
  </fieldset>
  <fieldset>
    <legend>Layout</legend>
    <label>Header layout <select id="headerLayout">${options(HEADER_LAYOUTS, "classic")}</select></label>
    <label>Footer layout <select id="footerLayout">${options(FOOTER_LAYOUTS, "columns")}</select></label>
    <label>Logo size <select id="logoSize">${options(LOGO_SIZES, "medium")}</select></label>
    <label><input type="checkbox" id="hasSearch" checked> Search</label>
    <label><input type="checkbox" id="footerMobileLinks" checked> Footer links on mobile</label>
  </fieldset>
  <fieldset>
    <legend>Any message</legend>
    <label>JSON <textarea id="raw" rows="3">{"type":"hasSearch","payload":{"hasSearch":false}}</textarea></label>
    <button type="button" id="send-raw">Send message</button>
  </fieldset>
</form>
<div>
  <section class="publish" aria-label="Publishing">
    ${
      publish
        ? `<button type="button" id="publish">Publish</button>
    <button type="button" id="rollback">Roll back</button>
    <p id="publish-status" role="status">Publishes <strong>${escapeHtml(publish.siteId)}</strong> as it is saved.</p>
    <pre id="publish-error"></pre>`
        : `<p id="publish-status">Publishing is not set up here (PUBLISH_TOKEN, PUBLISH_URL).</p>`
    }
  </section>
  <iframe id="site" name="site" title="Site preview"></iframe>
  <h2>Messages</h2>
  <ol id="log" role="log" aria-label="Messages"></ol>
</div>
</div>
<script>
(() => {
  const initialSite = ${scriptJson(siteUrl)};
  const frame = document.getElementById("site");
  const log = document.getElementById("log");
  let siteOrigin = new URL(initialSite).origin;
  let popup = null;
  // What the operator changed, by type: sent again whenever the site (re)mounts, as a real
  // editor would after a reload inside the frame.
  const changes = new Map();

  function write(direction, text) {
    const item = document.createElement("li");
    item.className = "dir-" + direction;
    item.textContent = text;
    log.appendChild(item);
    log.scrollTop = log.scrollHeight;
  }
  function target() {
    return popup && !popup.closed ? popup : frame.contentWindow;
  }
  function send(message) {
    changes.set(message.type, message);
    // Addressed to the site's origin, never "*".
    target().postMessage(message, siteOrigin);
    write("out", "sent to " + siteOrigin + ": " + JSON.stringify(message));
  }
  function load(url) {
    siteOrigin = new URL(url).origin;
    frame.src = url;
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== siteOrigin) {
      write("ignored", "ignored from " + event.origin + ": " + JSON.stringify(event.data));
      return;
    }
    write("in", "received from " + event.origin + ": " + JSON.stringify(event.data));
    const data = event.data;
    if (data && data.type === "lifeCycle" && data.lifeCycle === "mounted" && event.source) {
      for (const message of changes.values()) event.source.postMessage(message, siteOrigin);
    }
  });

  document.getElementById("load").addEventListener("click", () => load(document.getElementById("site-src").value));
  document.getElementById("open-window").addEventListener("click", () => {
    const url = document.getElementById("site-src").value;
    siteOrigin = new URL(url).origin;
    popup = window.open(url, "site-preview");
  });
  document.getElementById("send-colours").addEventListener("click", () => {
    const colorScheme = {};
    for (const input of document.querySelectorAll('input[type="color"]')) colorScheme[input.name] = input.value;
    send({ type: "colorScheme", payload: { colorScheme } });
  });
  document.getElementById("send-font").addEventListener("click", () => {
    const weights = document.getElementById("font-weights").value.split(",").map((w) => w.trim()).filter(Boolean);
    const font = {
      target: document.getElementById("font-target").value,
      family: document.getElementById("font-family").value.trim(),
      weights,
    };
    // One remembered font per target, so a reload gets both back.
    changes.set("font:" + font.target, { type: "font", payload: { font } });
    target().postMessage({ type: "font", payload: { font } }, siteOrigin);
    write("out", "sent to " + siteOrigin + ": " + JSON.stringify({ type: "font", payload: { font } }));
  });
  for (const id of ["headerLayout", "footerLayout", "logoSize"]) {
    document.getElementById(id).addEventListener("change", (event) => send({ type: id, payload: { [id]: event.target.value } }));
  }
  for (const id of ["hasSearch", "footerMobileLinks"]) {
    document.getElementById(id).addEventListener("change", (event) => send({ type: id, payload: { [id]: event.target.checked } }));
  }
  document.getElementById("send-raw").addEventListener("click", () => {
    let message;
    try {
      message = JSON.parse(document.getElementById("raw").value);
    } catch (error) {
      write("ignored", "not JSON: " + error.message);
      return;
    }
    target().postMessage(message, siteOrigin);
    write("out", "sent to " + siteOrigin + ": " + JSON.stringify(message));
  });

  // Publish (issue 47): ask, then follow the publish until it is live or has failed.
  const publishButton = document.getElementById("publish");
  if (publishButton) {
    const status = document.getElementById("publish-status");
    const errorBox = document.getElementById("publish-error");
    const rollbackButton = document.getElementById("rollback");
    const seconds = (from, to) => ((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1);
    // A server notices a new release within a second of its swap (RELEASE_CHECK_MS): the preview
    // reloads after that, so it shows what was published.
    const reloadPreview = () => setTimeout(() => { frame.src = frame.src; }, 1500);
    const busy = (on) => { publishButton.disabled = on; rollbackButton.disabled = on; };
    // A building publish's step, as the publisher names it (README "Publishing"), in words.
    const STEPS = {
      config: "checking the configuration",
      build: "building the site",
      check: "checking the release",
      swap: "making it live",
    };
    const stepOf = (step) => (typeof step === "string" && Object.hasOwn(STEPS, step) ? ": " + STEPS[step] : "");
    async function call(method, path) {
      const response = await fetch(path, { method, headers: { "Content-Type": "application/json" } });
      let body = {};
      try { body = await response.json(); } catch {}
      return { ok: response.ok, status: response.status, body };
    }
    // The publisher's refusals are { error: { code, message } }; the editor's own, the same.
    const why = (body) => (body.error && body.error.message) || "no answer";
    function fail(text, detail) {
      status.textContent = text;
      errorBox.textContent = detail || "";
      busy(false);
    }
    async function follow(id) {
      const { ok, body } = await call("GET", "/publishes/" + encodeURIComponent(id));
      if (!ok) return fail("Could not read the publish's state: " + why(body) + ".");
      if (body.state === "queued") status.textContent = "Queued: waiting for the build before it…";
      else if (body.state === "building") status.textContent = "Building" + stepOf(body.step) + "…";
      else if (body.state === "live") {
        status.textContent = "Live: published in " + seconds(body.queuedAt, body.finishedAt) + " s.";
        busy(false);
        write("in", "publish " + id + " is live");
        reloadPreview();
        return;
      } else if (body.state === "failed") return fail("The publish failed; the live site is unchanged.", body.error);
      setTimeout(() => follow(id), 1000);
    }
    publishButton.addEventListener("click", async () => {
      busy(true);
      errorBox.textContent = "";
      status.textContent = "Asking the publisher…";
      const { ok, body } = await call("POST", "/publish");
      if (!ok) return fail("The publisher refused: " + why(body) + ".");
      write("out", "publish " + body.id + " queued");
      follow(body.id);
    });
    rollbackButton.addEventListener("click", async () => {
      busy(true);
      errorBox.textContent = "";
      const { ok, body } = await call("POST", "/rollback");
      if (!ok) return fail("Nothing rolled back: " + why(body) + ".");
      status.textContent = "Rolled back: the previous build is live again.";
      busy(false);
      reloadPreview();
    });
  }

  load(initialSite);
})();
</script>
</body>
</html>
`;
}

/** A page with nothing on it: a window of this origin for tests to post from. */
export const BLANK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body></body></html>`;
