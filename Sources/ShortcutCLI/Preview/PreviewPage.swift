import ShortcutRuntime

/// The preview's one page (SPEC §14): its HTML, CSS and JavaScript, written for this project and served
/// from the binary; it loads nothing from the network. It reads the session's events (SPEC §10) and
/// draws them as a phone would: dialogs as bubbles, requests as controls, snippets as iOS cards. Every
/// text from the script is set as text (`textContent`), never as markup.
enum PreviewPage {
    /// SF Symbol names and the glyph each is drawn as (the project's own table).
    static var glyphs: String {
        JSON.object(SymbolGlyphs.table.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value.unicode)) }).text
    }

    static var html: String {
        #"""
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Shortcut Script preview</title>
        <style>
        :root { color-scheme: light dark; --bg: #f2f2f7; --card: #ffffff; --text: #000; --secondary: #8a8a8e; --tint: #007aff;
                --bubble: #e9e9eb; --line: #d1d1d6; --danger: #ff3b30; }
        @media (prefers-color-scheme: dark) { :root { --bg: #000; --card: #1c1c1e; --text: #fff; --secondary: #98989f;
                --tint: #0a84ff; --bubble: #2c2c2e; --line: #38383a; --danger: #ff453a; } }
        body { margin: 0; background: var(--bg); color: var(--text);
               font: 17px/1.3 -apple-system, system-ui, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; }
        header { padding: 12px 16px; font-weight: 600; }
        #targets button, .choices button, .request button { margin: 4px; }
        main { max-width: 430px; margin: 0 auto; padding: 0 12px 40px; }
        button { font: inherit; border: 0; border-radius: 10px; padding: 8px 14px; background: var(--bubble); color: var(--tint); cursor: pointer; }
        button.prominent { background: var(--tint); color: #fff; }
        button.destructive { color: var(--danger); }
        button.plain { background: none; padding: 0; color: inherit; }
        .symbol { font-size: 1.2em; line-height: 1; }
        .shape { min-width: 8px; }
        .bubble { background: var(--bubble); border-radius: 18px; padding: 10px 14px; margin: 8px 0; max-width: 85%; width: fit-content; }
        .bubble.mine { background: var(--tint); color: #fff; margin-left: auto; }
        .print { color: var(--secondary); font-family: ui-monospace, Menlo, monospace; font-size: 13px; white-space: pre-wrap; }
        .error { color: var(--danger); white-space: pre-wrap; font-family: ui-monospace, Menlo, monospace; font-size: 13px; }
        .card { background: var(--card); border-radius: 26px; padding: 14px 16px 16px; margin: 10px 0;
                box-shadow: 0 1px 3px rgba(0,0,0,.12); }
        .card .cardtitle { display: flex; justify-content: space-between; font-size: 13px; color: var(--secondary); margin-bottom: 8px; }
        .stack { display: flex; }
        .v { flex-direction: column; } .h { flex-direction: row; align-items: center; }
        .spacer { flex: 1 1 0; min-width: 8px; min-height: 8px; }
        .divider { align-self: stretch; border: 0; border-top: 1px solid var(--line); margin: 0; }
        .h > .divider { border-top: 0; border-left: 1px solid var(--line); }
        .switch { display: inline-flex; align-items: center; gap: 8px; background: none; color: var(--text); padding: 4px 0; }
        .switch .track { width: 51px; height: 31px; border-radius: 16px; background: var(--line); position: relative; transition: background .2s; }
        .switch .track::after { content: ""; position: absolute; top: 2px; left: 2px; width: 27px; height: 27px; border-radius: 50%;
                                background: #fff; box-shadow: 0 1px 2px rgba(0,0,0,.3); transition: left .2s; }
        .switch.on .track { background: #34c759; } .switch.on .track::after { left: 22px; }
        .bar { height: 6px; border-radius: 3px; background: var(--line); overflow: hidden; min-width: 120px; }
        .bar > div { height: 100%; background: var(--tint); }
        .f-largeTitle { font-size: 34px; font-weight: 700; } .f-title { font-size: 28px; } .f-title2 { font-size: 22px; }
        .f-title3 { font-size: 20px; } .f-headline { font-weight: 600; } .f-subheadline { font-size: 15px; }
        .f-callout { font-size: 16px; } .f-footnote { font-size: 13px; } .f-caption { font-size: 12px; } .f-caption2 { font-size: 11px; }
        .secondary { color: var(--secondary); }
        .request { margin: 8px 0; } .request input { font: inherit; padding: 8px; border-radius: 8px; border: 1px solid var(--line);
                   background: var(--card); color: var(--text); }
        .diagnostic { background: var(--card); border-radius: 12px; padding: 10px; margin: 8px 0; }
        .diagnostic pre { margin: 6px 0 0; font-size: 13px; }
        details { margin-top: 24px; } #transcript { font-size: 12px; white-space: pre-wrap; word-break: break-all; }
        </style></head>
        <body><header id="app">Shortcut Script</header><main>
        <div id="diagnostics"></div><div id="targets"></div>
        <p><input id="phrase" type="search" placeholder="Say a phrase…" list="phrases"><datalist id="phrases"></datalist></p>
        <div id="session"></div>
        <p><button id="save">Save as test</button> <span id="saved" class="secondary"></span></p>
        <details><summary>Transcript</summary><pre id="transcript"></pre></details>
        </main>
        <script>
        "use strict";
        const GLYPHS = \#(glyphs);
        const token = new URLSearchParams(location.search).get("token") || "";
        const q = "?token=" + encodeURIComponent(token);
        const $ = (id) => document.getElementById(id);
        function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
        function post(path, body) { return fetch(path + q, { method: "POST", body: body, headers: { "X-Shortcut-Token": token } }); }
        let waiting = null;      // the request the run waits on
        let lastCard = null;     // the card on screen, redrawn in place

        async function loadProgram() {
          const res = await fetch("/program" + q);
          const p = await res.json();
          $("app").textContent = p.app || "Shortcut Script";
          const diag = $("diagnostics"); diag.replaceChildren();
          for (const d of p.diagnostics || []) {
            const box = el("div", "diagnostic");
            box.append(el("div", d.severity === "error" ? "error" : "secondary",
              (d.file || "") + ":" + (d.line || 0) + ":" + (d.column || 0) + ": " + d.severity + ": " + d.message));
            if (d.source !== undefined) box.append(el("pre", "", d.source + "\n" + " ".repeat(Math.max(0, (d.column || 1) - 1)) + "^"));
            for (const n of d.notes || []) box.append(el("div", "secondary", "note: " + n));
            diag.append(box);
          }
          const t = $("targets"); t.replaceChildren();
          for (const group of [p.intents || [], p.snippets || []]) for (const i of group) {
            const b = el("button", "", i.title); b.dataset.target = i.name; b.onclick = () => run(i.name); t.append(b);
          }
          for (const f of p.flows || []) { const b = el("button", "", f); b.onclick = () => run(f); t.append(b); }
          const phrases = $("phrases"); phrases.replaceChildren();
          for (const ph of p.phrases || []) { const o = el("option"); o.value = ph; phrases.append(o); }
        }
        function run(target) { post("/run", target); }
        $("phrase").onkeydown = (k) => { if (k.key === "Enter" && $("phrase").value.trim()) { post("/say", $("phrase").value); $("phrase").value = ""; } };
        $("save").onclick = async () => { const r = await post("/save", ""); $("saved").textContent = (r.ok ? "saved to " : "") + (await r.text()); };
        // The question stays as a bubble, the answer beside it, as a conversation reads.
        function answer(text, shown) {
          const w = waiting; waiting = null;
          if (w) { w.replaceChildren(...[...w.children].filter(c => c.classList.contains("bubble")));
                   if (w.kind !== "interaction") w.append(el("div", "bubble mine", shown !== undefined ? shown : text)); else w.remove(); }
          post("/answer", text);
        }

        function font(node, e) {
          const f = node.font; if (typeof f === "string") e.classList.add("f-" + f);
          if (node.bold === true || node.fontWeight === "bold" || node.fontWeight === "semibold") e.style.fontWeight = "600";
          const c = color(node.foregroundStyle || node.foregroundColor);
          if (c) e.style.color = c;
          if (node.font === "system") e.style.fontSize = "20px";
        }
        function glyph(name, variant) {
          if (variant && variant !== "none" && GLYPHS[name + "." + variant]) return GLYPHS[name + "." + variant];
          return GLYPHS[name] || GLYPHS[name + ".fill"] || "(" + name + ")";
        }
        const COLORS = { primary: "var(--text)", secondary: "var(--secondary)", tint: "var(--tint)", accentColor: "var(--tint)",
          red: "#ff3b30", orange: "#ff9500", yellow: "#ffcc00", green: "#34c759", mint: "#00c7be", teal: "#30b0c7", cyan: "#32ade6",
          blue: "#007aff", indigo: "#5856d6", purple: "#af52de", pink: "#ff2d55", brown: "#a2845e", gray: "#8e8e93", black: "#000",
          white: "#fff", clear: "transparent" };
        function color(value) {
          if (typeof value !== "string") return null;
          const name = value.replace(/^Color\./, "").split(".")[0];
          return COLORS[name] || null;
        }
        // Points on a phone are CSS pixels here.
        function padding(value) {
          if (value === true) return "16px";
          if (typeof value === "number") return value + "px";
          if (typeof value === "string") return value === "horizontal" ? "0 16px" : value === "vertical" ? "16px 0" : "";
          if (value && typeof value === "object") {
            const n = (value.length !== undefined ? value.length : 16) + "px", e = value.edges || "all";
            return { all: n, horizontal: "0 " + n, vertical: n + " 0", top: n + " 0 0", bottom: "0 0 " + n, leading: "0 0 0 " + n,
                     trailing: "0 " + n + " 0 0" }[e] || "";
          }
          return "";
        }
        function label(node) { return node.title !== undefined ? String(node.title) : ""; }
        function draw(node, actions) {
          let e;
          switch (node.view) {
            case "VStack": case "ZStack": case "Group": case "List": case "Section": case "ScrollView": case "Grid": case "ForEach":
              e = el("div", "stack v"); e.style.gap = (node.spacing !== undefined ? node.spacing : 8) + "px";
              e.style.alignItems = node.alignment === "leading" ? "flex-start" : node.alignment === "trailing" ? "flex-end" : "center";
              break;
            case "HStack": case "GridRow":
              e = el("div", "stack h"); e.style.gap = (node.spacing !== undefined ? node.spacing : 8) + "px"; break;
            case "Text": e = el("span", "", String(node.text)); break;
            case "Label": e = el("span", "", (node.systemImage ? glyph(node.systemImage) + " " : "") + label(node)); break;
            case "Image": e = el("span", "symbol", node.systemName ? glyph(node.systemName, node.symbolVariant) : "(" + node.name + ")"); break;
            case "Color": case "RoundedRectangle": case "Rectangle": case "Capsule": case "Circle": case "Ellipse": {
              e = el("div", "shape"); e.style.background = color(node.color || node.fill || node.foregroundStyle) || "var(--tint)";
              e.style.borderRadius = node.view === "Circle" || node.view === "Capsule" ? "999px" : (node.cornerRadius || 0) + "px";
              e.style.minHeight = "8px"; e.style.alignSelf = "stretch"; break;
            }
            case "Spacer": e = el("div", "spacer"); break;
            case "Divider": e = el("hr", "divider"); break;
            case "Button": {
              e = el("button", node.buttonStyle === "borderedProminent" ? "prominent" : node.buttonStyle === "plain" ? "plain" : "");
              if (node.title !== undefined) e.textContent = String(node.title);
              if (node.action !== undefined) { e.dataset.action = node.action; e.onclick = () => tap(node.action); }
              break;
            }
            case "Toggle": {
              e = el("button", "switch" + (node.isOn ? " on" : ""));
              e.append(el("span", "", label(node)), el("span", "track"));
              if (node.action !== undefined) { e.dataset.action = node.action; e.onclick = () => tap(node.action); }
              break;
            }
            case "ProgressView": case "Gauge": {
              const bar = el("div", "bar"), fill = el("div");
              // A gauge's `in:` bounds (an array, as written); a progress view's `total:`.
              const [low, high] = Array.isArray(node.in) && node.in.length === 2 ? node.in : [0, node.total || 1];
              fill.style.width = Math.max(0, Math.min(100, high > low ? 100 * ((node.value || 0) - low) / (high - low) : 0)) + "%";
              bar.append(fill);
              // Its label (a gauge's content) under the bar, as the card draws it; not inside it, where it was hidden.
              if ((node.children || []).length) { e = el("div", "stack v"); e.append(bar); } else { e = bar; }
              break;
            }
            default: e = el("div", "stack v");
          }
          for (const child of node.children || []) e.append(draw(child, actions));
          font(node, e);
          if (node.padding !== undefined) e.style.padding = padding(node.padding);
          const bg = color(node.background); if (bg) { e.style.background = bg; e.style.borderRadius = (node.cornerRadius || 0) + "px"; }
          const tint = color(node.tint); if (tint && e.tagName === "BUTTON") e.style.color = tint;
          if (node.opacity !== undefined) e.style.opacity = node.opacity;
          if (node.frame && typeof node.frame === "object") {
            for (const k of ["width", "height", "minWidth", "minHeight", "maxWidth", "maxHeight"]) {
              if (typeof node.frame[k] === "number") e.style[k] = node.frame[k] + "px";
            }
          }
          if (node.multilineTextAlignment) e.style.textAlign = node.multilineTextAlignment === "leading" ? "left" : node.multilineTextAlignment === "trailing" ? "right" : "center";
          if (node.frame && node.frame.maxWidth === "infinity") {
            e.style.alignSelf = "stretch"; e.style.textAlign = node.frame.alignment === "leading" ? "left" : node.frame.alignment === "trailing" ? "right" : "center";
          }
          return e;
        }
        function tap(index) { if (waiting && waiting.kind === "interaction") answer(String(index)); }
        function card(ev) {
          const c = el("div", "card"); const head = el("div", "cardtitle");
          head.append(el("span", "", ev.title), el("span", "", $("app").textContent)); c.append(head, draw(ev.view, ev.actions));
          if (lastCard && !ev.static) lastCard.replaceWith(c); else $("session").append(c);
          if (!ev.static) lastCard = c;
        }
        function request(ev) {
          const box = el("div", "request"); box.kind = ev.kind;
          if (ev.kind === "interaction") {
            const done = el("button", "", "Done"); done.onclick = () => { lastCard = null; answer(""); }; box.append(done);
          } else {
            box.append(el("div", "bubble", ev.prompt));
            if (ev.kind === "confirmation") {
              const yes = el("button", "prominent", ev.confirm || "Confirm"); yes.onclick = () => answer(ev.confirm || "yes");
              const no = el("button", "", "Cancel"); no.onclick = () => answer("cancel", "Cancel"); box.append(yes, no);
            } else if ((ev.options || []).length) {
              ev.options.forEach((o, i) => {
                const style = (ev.styles || [])[i] || "default";
                const b = el("button", style === "destructive" ? "destructive" : "", o); b.dataset.style = style;
                b.onclick = () => answer(String(i + 1), o); box.append(b);
              });
              // Or typed: a title, or text an entity's query searches (`entities(matching:)`).
              if (ev.kind === "value") {
                const search = el("input"); search.type = "search"; search.placeholder = "Search…";
                search.onkeydown = (k) => { if (k.key === "Enter" && search.value.trim()) answer(search.value); };
                box.append(search);
              }
            } else if (ev.type === "Bool") {
              for (const [t, v] of [["Yes", "yes"], ["No", "no"]]) { const b = el("button", "", t); b.onclick = () => answer(v, t); box.append(b); }
            } else {
              const input = el("input"); input.type = ev.type === "Int" || ev.type === "Double" ? "number" : ev.type === "Date" ? "date" : "text";
              if (ev.type === "Double") input.step = "any";
              const ok = el("button", "prominent", "Done"); ok.onclick = () => answer(input.value);
              input.onkeydown = (k) => { if (k.key === "Enter") answer(input.value); }; box.append(input, ok);
            }
          }
          waiting = box; $("session").append(box);
        }
        function show(ev) {
          $("transcript").textContent += JSON.stringify(ev) + "\n";
          switch (ev.event) {
            case "run": lastCard = null; $("session").append(el("div", "secondary", "▶ " + ev.target)); break;
            case "say": lastCard = null; $("session").append(el("div", "bubble mine", "“" + ev.phrase + "”")); break;
            case "print": $("session").append(el("div", "print", ev.text)); break;
            case "dialog": $("session").append(el("div", "bubble", ev.text)); break;
            case "snippet": card(ev); break;
            case "request": request(ev); break;
            case "error": $("session").append(el("div", "error", ev.message)); break;
            case "stderr": if (!/^\{/.test(ev.text)) $("session").append(el("div", "error", ev.text)); break;
            case "exit": if (waiting) { waiting.remove(); waiting = null; } break;
            case "reload": loadProgram(); break;
          }
        }
        // The program first (the app's name heads each card), then the session's events from the first.
        loadProgram().finally(() => {
          const events = new EventSource("/events" + q);
          events.onmessage = (m) => { try { show(JSON.parse(m.data)); } catch (e) { console.error(e); } };
        });
        </script></body></html>
        """#
    }
}
