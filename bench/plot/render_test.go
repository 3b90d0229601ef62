package plot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reuselab/internal/browser"
)

// layoutScript measures, in each inline SVG, the panels' frames (the
// 0.75-point black outlines), the legend box (the grey one) and every
// text as chromium sets it, and writes them into the page as JSON.
const layoutScript = `<script>
const out = [];
for (const div of document.querySelectorAll('div[data-name]')) {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const fig = {name: div.dataset.name, canvas: box(div.querySelector('svg')), panels: [], legend: null, texts: []};
  for (const p of div.querySelectorAll('path')) {
    const st = p.getAttribute('style') || '';
    if (st.includes('fill:none') && st.includes('stroke:#000000;stroke-width:0.75')) fig.panels.push(box(p));
    if (st.includes('fill:none') && st.includes('stroke:#808080')) fig.legend = box(p);
  }
  for (const t of div.querySelectorAll('text')) {
    // Trailing no-break spaces hold room (nominalY): the text ends
    // where its last visible character does.
    const r = box(t), s = t.textContent, n = s.replace(/\u00a0+$/, '').length;
    if (n < s.length && s.length > 0) r[2] = r[0] + (r[2] - r[0]) * t.getSubStringLength(0, n) / t.getComputedTextLength();
    fig.texts.push({s: s, r: r});
  }
  out.push(fig);
}
const pre = document.createElement('pre');
pre.id = 'layout';
pre.textContent = JSON.stringify(out);
document.body.appendChild(pre);
</script>`

type box [4]float64 // left, top, right, bottom

func (b box) inside(o box, tol float64) bool {
	return b[0] >= o[0]-tol && b[1] >= o[1]-tol && b[2] <= o[2]+tol && b[3] <= o[3]+tol
}

func (b box) overlap(o box) (float64, float64) {
	return math.Min(b[2], o[2]) - math.Max(b[0], o[0]), math.Min(b[3], o[3]) - math.Max(b[1], o[1])
}

type measured struct {
	Name   string
	Canvas box
	Panels []box
	Legend *box
	Texts  []struct {
		S string
		R box
	}
}

// Every figure as chromium sets it, in whatever sans-serif the machine
// has (Liberation Sans, Arial, or a wider fallback such as DejaVu Sans):
// each text lies within the canvas, inside a panel or clear of all of
// them (no tick label runs into a frame), clear of every other text, and
// a legend text inside the legend box. The data include eight corpora
// with long names and long operation names.
func TestFiguresReadInABrowser(t *testing.T) {
	browser.Chromium(t)
	dir := t.TempDir()
	paths := drawAll(t, dir)
	long := []string{"TypeDreamMoon__DreamGUI", "TypeDreamMoon__DreamShader", "TypeDreamMoon__MoonToon", "TypeDreamMoon__lang.64hz.cn",
		"TypeDreamMoon__shader.toolchain.64hz.cn", "ioOvOoi__DreamShader", "tsdaer__dreamshader-language-support", "youli42__Test_DreamShader"}
	ops := []string{"Constant", "GetMaterialAttributes", "MakeMaterialAttributes", "TextureSample", "Multiply"}
	stack := func(scale float64) [][]float64 {
		v := make([][]float64, len(long))
		for c := range v {
			for k := range ops {
				v[c] = append(v[c], scale*float64((c+1)*(len(ops)-k)))
			}
		}
		return v
	}
	must(t, MergesByOp(filepath.Join(dir, "long_bars.svg"), "IR nodes merged away (count)", long, ops,
		[]Stacked{{Name: "1x", Values: stack(1)}, {Name: "2.0", Values: stack(2)}, {Name: "datalog:reuse-2.0", Values: stack(2)}, {Name: "datalog:commutative", Values: stack(3)}}))
	must(t, ExtraMerges(filepath.Join(dir, "long_extra.svg"), "datalog:reuse-2.0", long,
		[]Extra{{Name: "datalog:commutative", Ops: ops, Base: []float64{829, 120, 4000, 3, 17}, Values: stack(1)}}))
	corpus := make([]int, 400)
	reds := make([]float64, 400)
	for i := range corpus {
		corpus[i], reds[i] = i%len(long), float64(i%37)
	}
	must(t, Reductions(filepath.Join(dir, "long_red.svg"), "none", long, corpus, []Series{{Name: "1x (266 of 400 assets)", Values: reds}, {Name: "2.0", Values: reds[1:]}}))
	paths = append(paths, filepath.Join(dir, "long_bars.svg"), filepath.Join(dir, "long_extra.svg"), filepath.Join(dir, "long_red.svg"))

	var page bytes.Buffer
	page.WriteString("<!doctype html><html><body style=\"margin:0\">\n")
	for _, p := range paths {
		svg, err := os.ReadFile(p)
		must(t, err)
		_, svg, _ = bytes.Cut(svg, []byte("?>")) // the XML declaration
		fmt.Fprintf(&page, "<div data-name=%q>%s</div>\n", filepath.Base(p), svg)
	}
	page.WriteString(layoutScript + "</body></html>\n")
	index := filepath.Join(dir, "figures.html")
	must(t, os.WriteFile(index, page.Bytes(), 0o644))

	dom := browser.DOM(t, browser.URL(index, ""))
	m := regexp.MustCompile(`(?s)<pre id="layout">(.*?)</pre>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("the page wrote no layout: %s", browser.LastLines(dom, 5))
	}
	var figs []measured
	must(t, json.Unmarshal([]byte(html.UnescapeString(m[1])), &figs))
	if len(figs) != len(paths) {
		t.Fatalf("%d figures measured, want %d", len(figs), len(paths))
	}
	const tol = 0.5 // px: rounding of the layout
	for _, f := range figs {
		if len(f.Panels) == 0 || len(f.Texts) == 0 {
			t.Errorf("%s: %d panels and %d texts measured: the check saw nothing", f.Name, len(f.Panels), len(f.Texts))
			continue
		}
		for i, tx := range f.Texts {
			s := strings.TrimSpace(strings.ReplaceAll(tx.S, "\u00a0", " "))
			if !tx.R.inside(f.Canvas, tol) {
				t.Errorf("%s: %q at %v leaves the canvas %v", f.Name, s, tx.R, f.Canvas)
			}
			for _, p := range f.Panels {
				if w, h := tx.R.overlap(p); w > tol && h > tol && !tx.R.inside(p, tol) {
					t.Errorf("%s: %q at %v runs into the frame %v", f.Name, s, tx.R, p)
				}
			}
			if l := f.Legend; l != nil {
				if w, h := tx.R.overlap(*l); w > tol && h > tol && !tx.R.inside(*l, tol) {
					t.Errorf("%s: legend text %q at %v runs out of the legend box %v", f.Name, s, tx.R, *l)
				}
			}
			for _, o := range f.Texts[i+1:] {
				if w, h := tx.R.overlap(o.R); w > tol && h > tol {
					t.Errorf("%s: %q at %v overlaps %q at %v", f.Name, s, tx.R, o.S, o.R)
				}
			}
		}
	}
}

// The notebooks' grouped bars: a panel per series, one bar per category,
// written as SVG and PDF.
func TestGroupedBarsWritesAPanelPerSeries(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/totals.svg"
	if err := GroupedBars(path, "IR nodes", "IR nodes (count)", []string{"a", "b", "c"},
		[]Series{{Name: "none", Values: []float64{10, 20, 30}}, {Name: "2.0", Values: []float64{5, 15, 25}}}); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">none<", ">2.0<", ">IR nodes<"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the figure lacks %q", want)
		}
	}
	if _, err := os.Stat(PDFPath(path)); err != nil {
		t.Errorf("no PDF beside it: %v", err)
	}
}
