package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"html"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"reuselab/internal/browser"
	"reuselab/internal/shared"
)

// bigFunction is the real corpus's MF_MoonToonBaseInput: 344 asset nodes
// raw, the graph the page could not fit before it drew its own boards.
func bigFunction(t *testing.T) string {
	t.Helper()
	if shared.Corpus() == "" {
		t.Skip("../shared is absent: no MF_MoonToonBaseInput to view")
	}
	src := filepath.Join(shared.Corpus(), "TypeDreamMoon__MoonToon/DShader/MaterialFunctions/MF_MoonToonBaseInput.dsf")
	if _, err := os.Stat(src); err != nil {
		t.Skipf("corpus file missing: %v", err)
	}
	return src
}

// chromiumAtLoad runs headless chromium on url in a w×h window with no
// virtual time: chromium acts when the page reports load (a screenshot,
// --dump-dom), as a user opening the file sees it, with no timer of the
// page given time to run.
func chromiumAtLoad(t *testing.T, url string, w, h int, extra ...string) []byte {
	t.Helper()
	bin := browser.Chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
		"--user-data-dir=" + t.TempDir(), "--window-size=" + strconv.Itoa(w) + "," + strconv.Itoa(h)}, extra...)
	cmd := exec.CommandContext(ctx, bin, append(args, url)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, browser.LastLines(stderr.String(), 20))
	}
	return out
}

// boardProbe runs in a copy of the page: at the load event it measures
// every board (its nodes in the DOM, its rectangle, the union of its
// nodes' rectangles, the scale from board units to pixels), then zooms
// with the wheel and the buttons and pans with a drag, measuring after
// each, and writes it all into <body data-probe>.
const boardProbe = `<script>
addEventListener("load", () => {
  const out = []
  for (const s of document.querySelectorAll("svg.board")) {
    const nodes = s.querySelectorAll("g.n")
    const bbox = () => {
      let l = Infinity, t = Infinity, r = -Infinity, b = -Infinity
      for (const n of nodes) { const q = n.getBoundingClientRect(); l = Math.min(l, q.left); t = Math.min(t, q.top); r = Math.max(r, q.right); b = Math.max(b, q.bottom) }
      return [l, t, r, b]
    }
    const scale = () => s.getScreenCTM().a
    const r = s.getBoundingClientRect()
    const rec = {id: s.id, nodes: nodes.length, svg: [r.left, r.top, r.right, r.bottom], win: [innerWidth, innerHeight], box: bbox(), scale: scale()}
    const cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2
    const btn = z => s.parentElement.querySelector('button[data-zoom="' + z + '"]').click()
    s.dispatchEvent(new WheelEvent("wheel", {deltaY: -100, clientX: cx, clientY: cy, bubbles: true, cancelable: true}))
    rec.wheel = scale()
    btn("out"); rec.out = scale()
    btn("out"); rec.out2 = scale()
    btn("in"); btn("in"); btn("in"); rec.in = scale()
    btn("fit"); rec.fit = scale(); rec.fitBox = s.getAttribute("viewBox") === s.dataset.fit
    const b0 = bbox()
    s.dispatchEvent(new PointerEvent("pointerdown", {pointerId: 7, clientX: cx, clientY: cy, bubbles: true}))
    s.dispatchEvent(new PointerEvent("pointermove", {pointerId: 7, clientX: cx + 60, clientY: cy + 20, bubbles: true}))
    s.dispatchEvent(new PointerEvent("pointerup", {pointerId: 7, clientX: cx + 60, clientY: cy + 20, bubbles: true}))
    const b1 = bbox()
    rec.drag = [b1[0] - b0[0], b1[1] - b0[1]]
    out.push(rec)
  }
  document.body.setAttribute("data-probe", JSON.stringify(out))
})
</script>`

type boardMeasure struct {
	ID                          string
	Nodes                       int
	SVG, Win, Box               []float64
	Scale, Wheel, Out, Out2, In float64
	Fit                         float64
	FitBox                      bool
	Drag                        []float64
}

// probeBoards writes the page for file, loads a copy with boardProbe in a
// w×h window and returns the measures.
func probeBoards(t *testing.T, file string, w, h int) []boardMeasure {
	t.Helper()
	page := writeViewPage(t, file)
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	body := regexp.MustCompile(`<body[^>]*>`).FindIndex(data)
	if body == nil {
		t.Fatal("the page has no <body>")
	}
	probed := filepath.Join(t.TempDir(), "probed.html")
	withProbe := append(append(append([]byte{}, data[:body[1]]...), boardProbe...), data[body[1]:]...)
	if err := os.WriteFile(probed, withProbe, 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(chromiumAtLoad(t, browser.URL(probed, ""), w, h, "--dump-dom"))
	tag := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
	raw := html.UnescapeString(browser.Attr(tag, "data-probe"))
	var ms []boardMeasure
	if err := json.Unmarshal([]byte(raw), &ms); err != nil {
		t.Fatalf("no measures at load (%v): %.300s", err, tag)
	}
	return ms
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// At the load event, in a 1400×1000 window, both boards of M_Reuse and of
// the 344-node MF_MoonToonBaseInput are drawn (all their nodes in the
// DOM) and lie in the window, as a screenshot at load shows them; each
// holds its whole graph and fills the board in one direction (or shows it
// at 1:1); M_Reuse at a scale a reader can read.
// The wheel and the buttons zoom by 1.25 a step about a point, fit goes
// back to the opening view, and a drag moves the drawing with the pointer.
func TestViewBoardsFitAtLoad(t *testing.T) {
	browser.Chromium(t)
	cases := []struct {
		name, file string
		minScale   float64
	}{{"M_Reuse", reuseExample, 0.25}}
	if shared.Corpus() != "" {
		cases = append(cases, struct {
			name, file string
			minScale   float64
		}{"MF_MoonToonBaseInput", bigFunction(t), 0.01})
	} else {
		t.Log("../shared is absent: only M_Reuse is viewed")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := expectedBoards(t, c.file)
			ms := probeBoards(t, c.file, 1400, 1000)
			if len(ms) != len(want) {
				t.Fatalf("%d boards at load, %d emitted sides", len(ms), len(want))
			}
			for i, m := range ms {
				if m.Nodes != want[i].nodes || m.Nodes == 0 {
					t.Errorf("%s: %d nodes drawn at load, %d emitted", m.ID, m.Nodes, want[i].nodes)
				}
				sw, sh := m.SVG[2]-m.SVG[0], m.SVG[3]-m.SVG[1]
				if sw < 100 || sh < 20 || m.SVG[0] < 0 || m.SVG[1] < 0 || m.SVG[2] > m.Win[0] || m.SVG[3] > m.Win[1] {
					t.Errorf("%s: board at %v, not wholly in the %.0f×%.0f window on open", m.ID, m.SVG, m.Win[0], m.Win[1])
				}
				if m.Box[0] < m.SVG[0]-1 || m.Box[1] < m.SVG[1]-1 || m.Box[2] > m.SVG[2]+1 || m.Box[3] > m.SVG[3]+1 {
					t.Errorf("%s: drawing %v lies outside the board %v on open", m.ID, m.Box, m.SVG)
				}
				fills := (m.Box[2]-m.Box[0]) >= 0.8*sw || (m.Box[3]-m.Box[1]) >= 0.8*sh
				if !fills && !near(m.Scale, 1, 0.001) {
					t.Errorf("%s: the drawing (%v) fills neither the board's width nor its height (%v) at scale %.3f", m.ID, m.Box, m.SVG, m.Scale)
				}
				if m.Scale > 1.001 || m.Scale < c.minScale {
					t.Errorf("%s: opens at scale %.3f, want %.2f to 1", m.ID, m.Scale, c.minScale)
				}
				t.Logf("%s: board %.0f×%.0f px, opens at scale %.3f", m.ID, sw, sh, m.Scale)
				if !near(m.Wheel/m.Scale, 1.25, 0.01) || !near(m.Out, m.Scale, 0.001*m.Scale) || !near(m.Out2, m.Scale/1.25, 0.001*m.Scale) ||
					!near(m.In, m.Scale*1.25*1.25, 0.001*m.Scale) {
					t.Errorf("%s: zoom: open %.4f, wheel %.4f, out %.4f, out %.4f, in×3 %.4f", m.ID, m.Scale, m.Wheel, m.Out, m.Out2, m.In)
				}
				if !m.FitBox || !near(m.Fit, m.Scale, 0.0001) {
					t.Errorf("%s: fit went to scale %.4f (opened at %.4f), viewBox restored: %v", m.ID, m.Fit, m.Scale, m.FitBox)
				}
				if len(m.Drag) != 2 || !near(m.Drag[0], 60, 1.5) || !near(m.Drag[1], 20, 1.5) {
					t.Errorf("%s: a drag of 60, 20 px moved the drawing by %v", m.ID, m.Drag)
				}
			}
		})
	}
}

// boardTitleColours are the title bars only the page's own boards draw
// (expressions, parameters, constants); ueblueprint uses none of them.
var boardTitleColours = map[[3]uint32]bool{{0x3c, 0x5a, 0x3c}: true, {0x2f, 0x5a, 0x7a}: true, {0x7a, 0x64, 0x20}: true}

// titlePixels counts the pixels of png file in the boards' title colours.
func titlePixels(t *testing.T, file string) int {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	im, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	b := im.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := im.At(x, y).RGBA()
			if boardTitleColours[[3]uint32{r >> 8, g >> 8, bl >> 8}] {
				n++
			}
		}
	}
	return n
}

// `chromium --headless --screenshot`, which shoots when the page reports
// load, shows the first board drawn: its nodes' title bars are on the
// picture, for M_Reuse and for the 344-node function.
func TestViewScreenshotAtLoad(t *testing.T) {
	browser.Chromium(t)
	files := map[string]string{"M_Reuse": reuseExample}
	if shared.Corpus() != "" {
		files["MF_MoonToonBaseInput"] = bigFunction(t)
	}
	for _, name := range []string{"M_Reuse", "MF_MoonToonBaseInput"} {
		file, ok := files[name]
		if !ok {
			t.Logf("../shared is absent: %s is not shot", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			page := writeViewPage(t, file)
			shot := filepath.Join(t.TempDir(), "load.png")
			chromiumAtLoad(t, browser.URL(page, ""), 1400, 1000, "--screenshot="+shot)
			if n := titlePixels(t, shot); n < 200 {
				t.Errorf("the screenshot at load shows %d pixels of the boards' title bars: no board is drawn", n)
			} else {
				t.Logf("%d pixels of node title bars at load", n)
			}
		})
	}
}

// `view --svg DIR` writes each board as a standalone SVG file, named by
// asset and side, that an XML parser reads with one node group per
// emitted node and one link per connected input, the same bytes on a
// second run, no page on standard output; chromium opens the file and
// draws it.
func TestViewSVGExport(t *testing.T) {
	want := expectedBoards(t, reuseExample)
	dir := filepath.Join(t.TempDir(), "boards")
	export := func() map[string][]byte {
		var stdout, stderr bytes.Buffer
		if code := dispatch([]string{"view", "--svg", dir, reuseExample}, &stdout, &stderr); code != 0 {
			t.Fatalf("view --svg: exit %d\n%s", code, stderr.String())
		}
		if stdout.Len() != 0 {
			t.Errorf("view --svg without --out wrote %d bytes to standard output", stdout.Len())
		}
		out := map[string][]byte{}
		for _, side := range []string{"raw", "merged"} {
			p := filepath.Join(dir, "Docs_M_Reuse."+side+".svg")
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatalf("no %s board: %v\n%s", side, err, stderr.String())
			}
			out[side] = data
		}
		return out
	}
	first, second := export(), export()
	for i, side := range []string{"raw", "merged"} {
		if !bytes.Equal(first[side], second[side]) {
			t.Errorf("%s: two exports differ", side)
		}
		nodes, links := countSVG(t, first[side])
		if nodes != want[i].nodes || links != want[i].links {
			t.Errorf("%s: the file draws %d nodes and %d links, the asset has %d and %d", side, nodes, links, want[i].nodes, want[i].links)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".reuselab-output")); err != nil {
		t.Errorf("the folder is not marked as reuselab's: %v", err)
	}
	// A folder reuselab does not own is refused before any work.
	foreign := t.TempDir()
	if err := os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"view", "--svg", foreign, reuseExample}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "--svg") {
		t.Errorf("view --svg into a folder of other files: exit %d, want %d\n%s", code, exitUsage, stderr.String())
	}
	if entries, _ := os.ReadDir(foreign); len(entries) != 1 {
		t.Errorf("the foreign folder was written to: %d entries", len(entries))
	}
	browser.Chromium(t)
	file := filepath.Join(dir, "Docs_M_Reuse.merged.svg")
	shot := filepath.Join(t.TempDir(), "svg.png")
	chromiumAtLoad(t, browser.URL(file, ""), 1200, 900, "--screenshot="+shot)
	if n := titlePixels(t, shot); n < 200 {
		t.Errorf("chromium drew %d pixels of node title bars from the SVG file", n)
	}
	dom := string(chromiumAtLoad(t, browser.URL(file, ""), 1200, 900, "--dump-dom"))
	if got := strings.Count(dom, `<g class="n `); got != want[1].nodes {
		t.Errorf("chromium's document of the SVG file holds %d node groups, want %d", got, want[1].nodes)
	}
}

// countSVG parses an SVG file as XML and counts its node groups and links.
func countSVG(t *testing.T, data []byte) (nodes, links int) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nodes, links
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "class" && se.Name.Local == "g" && strings.HasPrefix(a.Value, "n ") {
					nodes++
				}
				if a.Name.Local == "class" && se.Name.Local == "path" && a.Value == "link" {
					links++
				}
			}
		}
	}
}
