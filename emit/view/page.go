package view

import "html/template"

// pageTemplate is the page. html/template escapes every value taken from
// the assets; the vendored script and stylesheet go in as they are
// (vendor.go checks they cannot end their element).
var pageTemplate = template.Must(template.New("view").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>{{.UEBStyle}}</style>
<style>{{.PageStyle}}</style>
<style>{{.Highlight}}</style>
</head>
<body data-view-boards="0">
<script>{{.ErrorScript}}</script>
<header>
<h1>{{.Title}} <span id="view-status" class="status">ueblueprint is reading the pastes…</span></h1>
<p class="keys"><span class="key merged">merged node</span> <span class="key away">raw node taken into a merge</span>
{{if .Checked}}{{range .Legend}}<span class="key v-{{.Verdict}}" title="{{.Says}}">{{.Verdict}}</span> {{end}}{{end}}· drag to pan · wheel or
<b>+</b> <b>−</b> to zoom · <b>fit</b>: the whole graph · <b>ueblueprint</b>: the paste as the editor draws it ·
how to read the page: at its end</p>
</header>
{{range .Assets}}{{$a := .}}
<section class="asset" id="{{.ID}}">
<h2>{{.Kind}} <span class="name">{{.Name}}</span> <span class="file">{{.File}}</span>{{if .Saving}} <span class="saving">{{.Saving}}</span>{{end}}</h2>
{{range .Notes}}<p class="note">{{.}}</p>
{{end}}<div class="pair {{.Arrange}}">
{{range .Sides}}<figure class="graph {{.Class}}">
<figcaption>{{.Label}}: {{.Expect.Nodes}} asset nodes, {{.Expect.Links}} links{{if .Highlighted}}, {{.Highlighted}} highlighted{{end}}</figcaption>
{{if .Problem}}<p class="problem">{{.Problem}}</p>
{{end}}{{if .Board}}<div class="board-frame" data-board="{{.ID}}"><div class="board-tools"><button type="button" data-zoom="in" title="zoom in">+</button><button type="button" data-zoom="out" title="zoom out">−</button><button type="button" data-zoom="fit" title="the whole graph">fit</button>{{if .T3D}}<button type="button" class="ueb-toggle" aria-expanded="false" title="ueblueprint's drawing of the paste, below">ueblueprint</button>{{end}}</div>
{{.Board}}</div>
{{end}}{{if .T3D}}<div class="ueb-fold">{{if not .Board}}<button type="button" class="ueb-toggle" aria-expanded="false">ueblueprint</button>
{{end}}<div class="ueb-body"><ueb-blueprint id="{{.ID}}" data-expect-nodes="{{.Expect.Nodes}}" data-expect-comments="{{.Expect.Comments}}" data-expect-links="{{.Expect.Links}}"><template>
{{.T3D}}</template></ueb-blueprint></div></div>
{{end}}</figure>
{{end}}</div>
<table class="counts">
<thead><tr><th></th><th>build nodes</th><th>IR nodes</th><th>asset nodes</th><th>links</th><th>comment boxes</th><th>drawn by ueblueprint</th></tr></thead>
<tbody>
{{range .Sides}}<tr class="{{.Class}}"><th>{{.Label}}</th><td>{{.Build}}</td><td>{{.IR}}</td><td>{{.Expect.Nodes}}</td><td>{{.Expect.Links}}</td><td>{{.Expect.Comments}}</td><td class="drawn" data-board="{{.ID}}">…</td></tr>
{{end}}</tbody>
</table>
<h3>Merges: {{len .Merges}}</h3>
{{if .Merges}}<table class="merges">
<thead><tr><th>merged node</th>{{if .Checked}}<th>verdict</th>{{end}}<th>build nodes it stands for</th><th>fate</th><th>raw node</th></tr></thead>
{{range .Merges}}<tbody{{if .Check}} data-verdict="{{.Check.Verdict}}" data-board="{{.Board}}" data-nodes="{{.Marks}}"{{end}}>
{{$m := .}}{{range $i, $b := .Build}}<tr>{{if eq $i 0}}<td rowspan="{{len $m.Build}}" class="target">{{range $k, $n := $m.Nodes}}{{if $k}}<br>{{end}}<code>{{$n}}</code> {{index $m.Classes $k}}{{else}}(no node of its own){{end}}</td>{{if $a.Checked}}{{with $m.Check}}<td rowspan="{{len $m.Build}}" class="verdict v-{{.Verdict}}" title="{{.Title}}"><span>{{.Verdict}}</span></td>{{else}}<td rowspan="{{len $m.Build}}" class="verdict">not judged</td>{{end}}{{end}}{{end}}<td><code>%{{$b.ID}}</code> {{$b.Op}}{{if $b.Class}} {{$b.Class}}{{end}}{{if $b.Debug}} <b>{{$b.Debug}}</b>{{end}} <span class="span">{{$b.Span}}</span></td><td class="fate">{{$b.Fate}}</td><td>{{range $k, $r := $b.Raw}}{{if $k}}, {{end}}<code>{{$r}}</code>{{end}}</td></tr>
{{end}}</tbody>
{{end}}</table>
{{else}}<p>No node of the merged graph stands for more than one build node.</p>
{{end}}</section>
{{end}}
<section class="about">
<h2>How to read this page</h2>
<p class="intro">Each asset raw (<code>--reuse none</code>) and merged, each node where the T3D reuselab writes
puts it; <span class="key merged">solid outline</span>: a merged node, standing for more than one build node;
<span class="key away">dashed outline</span>: a raw node that became part of one. A board opens fitted to the
window: drag to pan, the wheel or <b>+</b> <b>−</b> to zoom, <b>fit</b> for the whole graph again;
<b>ueblueprint</b> unfolds ueblueprint {{.Version}}'s drawing of the same paste, as the material editor draws it,
and the counts table says whether it drew every node and link.</p>
{{if .Checked}}<p id="view-legend" class="legend">Each merge is drawn as how well it was checked:
{{range .Legend}}<span class="key v-{{.Verdict}}" data-verdict="{{.Verdict}}">{{.Verdict}}</span>: {{.Says}};
{{end}}a merge's verdict cell holds the witness in its title.</p>
{{end}}</section>
<footer><details><summary>ueblueprint {{.Version}} licence (MIT)</summary><pre>{{.License}}</pre></details></footer>
<script>{{.BoardScript}}</script>
<script type="module">{{.UEBScript}}</script>
<script type="module">{{.CountScript}}</script>
</body>
</html>
`))

const pageStyle = `
body{margin:0;padding:0 16px 32px;font:14px/1.45 system-ui,sans-serif;background:#1b1b1b;color:#ddd}
h1{font-size:20px;margin:10px 0 4px}h2{font-size:17px;margin:14px 0 4px}h3{font-size:15px;margin:14px 0 6px}
h2 .file{font-weight:normal;color:#999;font-size:13px}
code{font:12px ui-monospace,monospace;color:#ffd27a}
.status{font-weight:bold}.status.ok{color:#7fd37f}.status.bad{color:#ff7b6b}
.key.merged{outline:3px solid #ffb300;padding:0 3px}.key.away{outline:2px dashed #ff5a36;padding:0 3px}
table{border-collapse:collapse;margin:4px 0}th,td{border:1px solid #444;padding:3px 8px;text-align:left;vertical-align:top}
table.counts td{text-align:right}td.drawn.ok{color:#7fd37f}td.drawn.bad{color:#ff7b6b}
.saving{color:#ffd27a}.note,.problem{color:#ff9f6b}
figure.graph{margin:6px 0}figcaption{margin:0 0 3px;color:#bbb;font-size:13px}
ueb-blueprint{--ueb-height:540px;display:block}
.board-frame{position:relative;border:1px solid #444}
.board-frame svg.board{display:block;width:100%;height:auto;max-height:min(68vh,var(--board-h));cursor:grab;touch-action:none;user-select:none}
.board-frame svg.board.panning{cursor:grabbing}
.board-tools{position:absolute;top:6px;right:6px;z-index:1}
.board-tools button,.ueb-toggle{font:13px system-ui,sans-serif;background:#333;color:#ddd;border:1px solid #666;border-radius:4px;margin-left:4px;padding:2px 9px;cursor:pointer}
.ueb-fold .ueb-body{height:0;overflow:hidden}.ueb-fold.open .ueb-body{height:auto;margin-top:6px}
.pair.side{display:flex;gap:12px}.pair.side figure.graph{flex:1 1 0;min-width:0}
.pair.side svg.board{max-height:min(78vh,var(--board-h))}.pair.stack svg.board{max-height:min(38vh,var(--board-h))}
.intro{margin:4px 0}.keys{margin:2px 0 0;font-size:13px;color:#bbb}.keys .key{margin:0 5px}
h1 .status{font-size:13px;margin-left:12px}.legend{font-size:12.5px;margin:4px 0}h2 .saving{font-size:13px;font-weight:normal;margin-left:8px}
table.merges td.target{background:#2a2410}table.merges td.fate{white-space:nowrap}
table.merges td.verdict{white-space:nowrap;cursor:help}.legend{line-height:1.9}.legend .key{margin:0 6px}
.span{color:#999}
footer{margin-top:32px;color:#888}footer pre{white-space:pre-wrap;font-size:11px}
`

// boardScript makes the boards move: the wheel zooms about the pointer,
// the buttons about the centre, a drag pans, fit goes back to the whole
// graph (data-fit, the viewBox the page was written with). It changes only
// each board's viewBox, so the drawing the page opens with is the one the
// HTML holds. It also folds ueblueprint's drawings open and shut: folded,
// they are laid out but clipped, so ueblueprint measures and fits them as
// it would on screen.
const boardScript = `(function(){
const FACTOR = 1.25, MIN = 0.02, MAX = 4
const box = s => s.getAttribute("viewBox").split(" ").map(Number)
const setBox = (s, b) => {
  const fit = s.dataset.fit.split(" ").map(Number)
  const z = fit[2] / b[2]
  if (z < MIN || z > MAX) return
  s.setAttribute("viewBox", b.map(v => Math.round(v * 100) / 100).join(" "))
  s.dataset.zoom = z.toFixed(3)
}
// zoomAt scales the view by k about the board point under client (cx, cy).
const zoomAt = (s, k, cx, cy) => {
  const m = s.getScreenCTM()
  if (!m) return
  const p = new DOMPoint(cx, cy).matrixTransform(m.inverse())
  const [x, y, w, h] = box(s)
  setBox(s, [p.x - (p.x - x) / k, p.y - (p.y - y) / k, w / k, h / k])
}
const centre = s => { const r = s.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2] }
for (const frame of document.querySelectorAll(".board-frame")) {
  const s = frame.querySelector("svg.board")
  if (!s) continue
  frame.querySelector(".board-tools").addEventListener("click", e => {
    const z = e.target.dataset && e.target.dataset.zoom
    if (z === "fit") { s.setAttribute("viewBox", s.dataset.fit); delete s.dataset.zoom }
    else if (z) zoomAt(s, z === "in" ? FACTOR : 1 / FACTOR, ...centre(s))
  })
  s.addEventListener("wheel", e => {
    e.preventDefault()
    zoomAt(s, Math.pow(FACTOR, -Math.sign(e.deltaY) * Math.min(3, Math.abs(e.deltaY) / 100 || 1)), e.clientX, e.clientY)
  }, {passive: false})
  let drag = null
  s.addEventListener("pointerdown", e => {
    drag = {x: e.clientX, y: e.clientY, id: e.pointerId}
    s.classList.add("panning")
    if (s.setPointerCapture) try { s.setPointerCapture(e.pointerId) } catch (_) {}
  })
  s.addEventListener("pointermove", e => {
    if (!drag || e.pointerId !== drag.id) return
    const m = s.getScreenCTM()
    if (!m) return
    const [x, y, w, h] = box(s)
    setBox(s, [x - (e.clientX - drag.x) / m.a, y - (e.clientY - drag.y) / m.d, w, h])
    drag.x = e.clientX; drag.y = e.clientY
  })
  const end = () => { drag = null; s.classList.remove("panning") }
  s.addEventListener("pointerup", end)
  s.addEventListener("pointercancel", end)
}
for (const t of document.querySelectorAll(".ueb-toggle")) {
  t.addEventListener("click", () => {
    const fold = t.closest("figure").querySelector(".ueb-fold")
    const open = fold.classList.toggle("open")
    t.setAttribute("aria-expanded", String(open))
    const b = fold.querySelector("ueb-blueprint")
    if (open && b && window.viewFit) window.viewFit(b).catch(e => viewErrors.push("fitting the view: " + e.message))
  })
}
})();`

// errorScript runs before ueblueprint and keeps what goes wrong while it
// parses and draws: a paste ueblueprint rejects throws inside a promise.
// A message that repeats (one per node drawn) is kept once, with a count.
const errorScript = `window.viewErrors=[];
(function(){var seen={};function keep(m){m=String(m);if(seen[m]){seen[m].n++;seen[m].s=m+" (×"+seen[m].n+")";viewErrors[seen[m].i]=seen[m].s;return}seen[m]={n:1,i:viewErrors.length};viewErrors.push(m)}
addEventListener("error",function(e){keep(e.message)});
addEventListener("unhandledrejection",function(e){var r=e.reason;keep(r&&r.message||r)})})();`

// countScript waits until every blueprint's drawing has stopped changing,
// then counts the ueb-node (comment boxes apart) and ueb-link elements
// ueblueprint made, writes them into data-drawn-* attributes of each
// blueprint and the totals into <body>, and says on the page whether they
// are what the T3D holds. data-view-done="1" on <body> marks the end.
const countScript = `
const boards = [...document.querySelectorAll("ueb-blueprint")]
const isComment = n => /_Comment$/.test(n.getAttribute("data-type") || "")
const count = b => {
  const nodes = [...b.querySelectorAll("ueb-node")]
  const comments = nodes.filter(isComment).length
  return [nodes.length - comments, comments, b.querySelectorAll("ueb-link").length]
}
// ueblueprint's zoom levels (Configuration.scale) from 0 down.
const scales = [1, .875, .75, .675, .5, .375, .333333, .3, .266666, .233333, .2, .166666, .133333]
const settle = b => b.updateComplete.then(() => new Promise(r => setTimeout(r, 50)))
// fit gives the board a height for the graph's shape (360 to 860 px of
// viewport), zooms to the largest level at which the drawn nodes fit, and
// brings them into view: ueblueprint centres only what a graph held before the
// paste of its template, so a paste lands off to one side.
const fit = async b => {
  const nodes = b.getNodes()
  if (!nodes.length) return
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
  for (const n of nodes) {
    x0 = Math.min(x0, n.leftBoundary()); x1 = Math.max(x1, n.rightBoundary())
    y0 = Math.min(y0, n.topBoundary()); y1 = Math.max(y1, n.bottomBoundary())
  }
  const w = x1 - x0 + 96, h = y1 - y0 + 96
  const port = b.template.viewportElement
  const header = b.clientHeight - port.clientHeight
  const want = Math.round(Math.min(860, Math.max(360, port.clientWidth * h / w)))
  b.style.setProperty("--ueb-height", (want + header) + "px")
  await settle(b)
  let z = 0
  while (z < scales.length - 1 && (w * scales[z] > 0.95 * port.clientWidth || h * scales[z] > 0.95 * port.clientHeight)) z++
  b.setZoom(-z)
  await settle(b)
  // Place by what is on screen: ueblueprint's centerContentInViewport
  // takes the nodes' mean when the graph is wider than the viewport's
  // pixels, and its scroll lands off by the grid's expansion. The top 32 px
  // of the viewport are its header.
  for (let pass = 0; pass < 3; pass++) {
    const p = port.getBoundingClientRect()
    let l = Infinity, t = Infinity, r = -Infinity, d = -Infinity
    for (const n of nodes) {
      const q = n.getBoundingClientRect()
      l = Math.min(l, q.left); r = Math.max(r, q.right); t = Math.min(t, q.top); d = Math.max(d, q.bottom)
    }
    // Centred when it fits; otherwise its top left corner shows (a graph
    // too big even at ueblueprint's smallest zoom).
    const dx = Math.round(r - l <= p.width ? (l + r) / 2 - (p.left + p.right) / 2 : l - p.left - 16)
    const dy = Math.round(d - t <= p.height - 32 ? (t + d) / 2 - (p.top + 32 + p.bottom) / 2 : t - p.top - 48)
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) break
    b.scrollDelta(dx, dy)
    await settle(b)
  }
}
// Folded, a drawing is clipped but laid out; it is fitted again when it
// opens, at the size it then has.
window.viewFit = fit
let last = "", stable = 0, polls = 0
const poll = () => {
  const counts = boards.map(count)
  const key = JSON.stringify(counts)
  stable = key === last ? stable + 1 : 0
  last = key
  polls++
  const started = boards.every((b, i) => counts[i][0] + counts[i][1] > 0 || b.dataset.expectNodes === "0")
  if (stable >= 3 && started || stable >= 20 || polls >= 200) finish(counts)
  else setTimeout(poll, 100)
}
const finish = async counts => {
  for (const b of boards) {
    try { await fit(b) } catch (e) { viewErrors.push("fitting the view: " + e.message) }
  }
  let good = 0
  boards.forEach((b, i) => {
    const [n, c, l] = counts[i]
    b.dataset.drawnNodes = n
    b.dataset.drawnComments = c
    b.dataset.drawnLinks = l
    const ok = String(n) === b.dataset.expectNodes && String(c) === b.dataset.expectComments && String(l) === b.dataset.expectLinks
    b.dataset.drawn = ok ? "as-emitted" : "differs"
    if (ok) good++
    const cell = document.querySelector('td.drawn[data-board="' + b.id + '"]')
    if (cell) {
      cell.textContent = n + " nodes, " + l + " links" + (ok ? " ✓" : " ✗")
      cell.classList.add(ok ? "ok" : "bad")
    }
  })
  markVerdicts()
  const body = document.body
  body.dataset.viewBoards = boards.length
  body.dataset.viewAsEmitted = good
  if (viewErrors.length) body.dataset.viewErrors = viewErrors.join(" | ")
  const status = document.getElementById("view-status")
  status.textContent = good === boards.length
    ? "ueblueprint drew every node and link of all " + boards.length + " graphs."
    : "ueblueprint drew " + good + " of " + boards.length + " graphs as emitted" + (viewErrors.length ? ": " + viewErrors.join("; ") : ".")
  status.classList.add(good === boards.length ? "ok" : "bad")
  body.dataset.viewDone = "1"
}
// markVerdicts gives each merged node ueblueprint drew its merge's verdict
// (data-verdict) and the verdict in words with the witness (title), from
// the merge list's rows.
const markVerdicts = () => {
  for (const t of document.querySelectorAll("tbody[data-verdict]")) {
    const b = document.getElementById(t.dataset.board)
    const cell = t.querySelector("td.verdict")
    if (!b) continue
    for (const name of (t.dataset.nodes || "").split(" ").filter(Boolean)) {
      for (const n of b.querySelectorAll('ueb-node[data-title="' + name + '"]')) {
        n.dataset.verdict = t.dataset.verdict
        n.title = cell && cell.title || t.dataset.verdict
      }
    }
  }
}
customElements.whenDefined("ueb-blueprint").then(() => setTimeout(poll, 100))
`
