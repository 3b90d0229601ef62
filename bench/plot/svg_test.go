package plot

import (
	"bytes"
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The figures are checked on the SVG itself, as a reader sees it: shapes
// and texts with their coordinates (gonum's, y up; a text's y is written
// negated under a flip).

type rect struct{ minX, minY, maxX, maxY float64 }

func (r rect) area() float64 { return (r.maxX - r.minX) * (r.maxY - r.minY) }

type svgPath struct {
	pts    [][2]float64
	fill   string // "none" for a stroke
	closed bool
}

type svgText struct {
	x, y float64
	s    string
}

type svgDoc struct {
	w, h  float64
	paths []svgPath
	texts []svgText
}

func parseSVG(t *testing.T, b []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	dec := xml.NewDecoder(bytes.NewReader(b))
	var text *svgText
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch e.Name.Local {
			case "svg":
				f := strings.Fields(attr["viewBox"])
				if len(f) == 4 {
					doc.w, _ = strconv.ParseFloat(f[2], 64)
					doc.h, _ = strconv.ParseFloat(f[3], 64)
				}
			case "path":
				doc.paths = append(doc.paths, parsePath(attr["d"], attr["style"]))
			case "text":
				x, _ := strconv.ParseFloat(attr["x"], 64)
				y, _ := strconv.ParseFloat(attr["y"], 64)
				text = &svgText{x: x, y: -y}
			}
		case xml.CharData:
			if text != nil {
				text.s += string(e)
			}
		case xml.EndElement:
			if e.Name.Local == "text" && text != nil {
				doc.texts = append(doc.texts, *text)
				text = nil
			}
		}
	}
	if doc.w == 0 || len(doc.paths) == 0 {
		t.Fatalf("not an SVG figure: %.200s", b)
	}
	return doc
}

func parsePath(d, style string) svgPath {
	p := svgPath{fill: "?"}
	for _, kv := range strings.Split(style, ";") {
		if v, ok := strings.CutPrefix(kv, "fill:"); ok {
			p.fill = v
		}
	}
	p.closed = strings.HasSuffix(d, "Z")
	for _, seg := range strings.FieldsFunc(d, func(r rune) bool { return r == 'M' || r == 'L' || r == 'Z' }) {
		xy := strings.Split(seg, ",")
		if len(xy) != 2 {
			return svgPath{fill: p.fill} // an arc or curve: a glyph, not a rectangle
		}
		x, _ := strconv.ParseFloat(xy[0], 64)
		y, _ := strconv.ParseFloat(xy[1], 64)
		p.pts = append(p.pts, [2]float64{x, y})
	}
	return p
}

// asRect is the rectangle a path draws, if it draws one.
func (p svgPath) asRect() (rect, bool) {
	pts := p.pts
	if len(pts) == 5 && pts[0] == pts[4] {
		pts = pts[:4]
	}
	if len(pts) != 4 {
		return rect{}, false
	}
	r := rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, q := range pts {
		r.minX, r.maxX = math.Min(r.minX, q[0]), math.Max(r.maxX, q[0])
		r.minY, r.maxY = math.Min(r.minY, q[1]), math.Max(r.maxY, q[1])
	}
	for _, q := range pts {
		if (q[0] != r.minX && q[0] != r.maxX) || (q[1] != r.minY && q[1] != r.maxY) {
			return rect{}, false
		}
	}
	return r, r.area() > 0
}

// frame checks what every figure must have: a white rectangle covering
// the whole canvas, drawn first; an outlined data area; and every legend
// label right of the data area, inside an outlined box that does not meet
// it. It returns the data area.
func frame(t *testing.T, name string, doc svgDoc, labels ...string) rect {
	t.Helper()
	bg, ok := doc.paths[0].asRect()
	if !ok || doc.paths[0].fill != "#FFFFFF" || bg.minX > 0 || bg.minY > 0 || bg.maxX < doc.w || bg.maxY < doc.h {
		t.Errorf("%s: the first shape is not a white background over the %gx%g canvas: %+v", name, doc.w, doc.h, doc.paths[0])
	}
	var outlines []rect
	for _, p := range doc.paths[1:] {
		if r, ok := p.asRect(); ok && p.fill == "none" {
			outlines = append(outlines, r)
		}
	}
	if len(outlines) == 0 {
		t.Fatalf("%s: no outlined data area", name)
	}
	data := outlines[0]
	for _, r := range outlines {
		if r.area() > data.area() {
			data = r
		}
	}
	for _, l := range labels {
		found := false
		for _, tx := range doc.texts {
			if tx.s != l {
				continue
			}
			found = true
			if tx.x <= data.maxX {
				t.Errorf("%s: legend label %q at x=%g lies over the data area (x %g…%g)", name, l, tx.x, data.minX, data.maxX)
			}
			boxed := false
			for _, r := range outlines {
				if r != data && r.minX > data.maxX && tx.x > r.minX && tx.x < r.maxX && tx.y > r.minY && tx.y < r.maxY {
					boxed = true
				}
			}
			if !boxed {
				t.Errorf("%s: legend label %q is in no box beside the data area", name, l)
			}
		}
		if !found {
			t.Errorf("%s: no legend label %q; texts: %v", name, l, doc.texts)
		}
	}
	return data
}

func read(t *testing.T, path string) svgDoc {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseSVG(t, b)
}

// The reduction figure: 2.0 and its Datalog pack have the same values, so
// they are one series named "2.0 = datalog:reuse-2.0" (not a legend entry
// whose colour is hidden under another); 1x keeps its own; an asset none
// reduces is left out and counted; the y axis reaches above the largest
// value.
func TestReductionFigure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.svg")
	nan := math.NaN()
	series := []Series{
		{Name: "1x", Values: []float64{10, 0, 0, 40, nan}},
		{Name: "2.0", Values: []float64{20, 0, 5, 83, 7}},
		{Name: "datalog:reuse-2.0", Values: []float64{20, 0, 5, 83, 7}},
	}
	must(t, PairedReductions(path, "reduction", "none", 1, series))
	doc := read(t, path)
	data := frame(t, "reduction", doc, "1x", "2.0 = datalog:reuse-2.0")
	for _, tx := range doc.texts {
		if tx.s == "2.0" || tx.s == "datalog:reuse-2.0" {
			t.Errorf("a coinciding series has a legend entry of its own: %q", tx.s)
		}
	}
	var xlabel string
	top := math.Inf(-1)
	for _, tx := range doc.texts {
		if strings.HasPrefix(tx.s, "assets ") {
			xlabel = tx.s
		}
		if v, ok := strings.CutSuffix(tx.s, "%"); ok && tx.x < data.minX {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				top = math.Max(top, f)
			}
		}
	}
	if !strings.Contains(xlabel, "(4 of 5)") {
		t.Errorf("x label %q does not count the 4 of 5 assets drawn", xlabel)
	}
	if top < 83 {
		t.Errorf("largest y tick %g%% is below the largest reduction, 83%%", top)
	}
}

// The bars: identical series are one bar per category; the tallest bar
// stays clear of the top of the frame.
func TestBarsFigure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.svg")
	cats := []string{"Constant", "Swizzle", "Add"}
	series := []Series{
		{Name: "1x", Values: []float64{71, 38, 0}},
		{Name: "2.0", Values: []float64{86, 50, 6}},
		{Name: "datalog:reuse-2.0", Values: []float64{86, 50, 6}},
	}
	must(t, GroupedBars(path, "merges", "merged IR nodes (count)", cats, series))
	doc := read(t, path)
	data := frame(t, "bars", doc, "1x", "2.0 = datalog:reuse-2.0")
	bars, tallest := 0, math.Inf(-1)
	for _, p := range doc.paths[1:] {
		if r, ok := p.asRect(); ok && p.fill != "none" && p.fill != "#FFFFFF" && r.maxX <= data.maxX && r.minX >= data.minX {
			bars++
			tallest = math.Max(tallest, r.maxY)
		}
	}
	// 1x's zero for Add is a bar of no height, which draws nothing.
	if bars != 5 {
		t.Errorf("%d bars in the data area, want 5 (3 categories × 2 distinct series, less a zero)", bars)
	}
	if room := data.maxY - tallest; room < 0.03*(data.maxY-data.minY) {
		t.Errorf("tallest bar top %g is within %g of the frame top %g", tallest, room, data.maxY)
	}
}

// The log-log figure (engine time, scaling): legend outside, background.
func TestLogLogFigure(t *testing.T) {
	path := filepath.Join(t.TempDir(), "l.svg")
	sets := []XY{
		{Name: "reference 2.0", X: []float64{1e3, 1e4, 1e5, 1e6}, Y: []float64{4, 40, 400, 4000}},
		{Name: "datalog reuse-2.0", X: []float64{1e3, 1e4, 1e5}, Y: []float64{200, 2000, 20000}},
	}
	must(t, LogLog(path, "scaling", "IR nodes as built", "CPU time (ms)", sets, true))
	doc := read(t, path)
	frame(t, "loglog", doc, "reference 2.0", "datalog reuse-2.0")
	want := map[string]bool{"1k": false, "1M": false}
	for _, tx := range doc.texts {
		if _, ok := want[tx.s]; ok {
			want[tx.s] = true
		}
	}
	for l, ok := range want {
		if !ok {
			t.Errorf("no tick label %q on the log axis", l)
		}
	}
}

// A log axis of three decades or fewer labels 2× and 5× each power of ten
// too (the memory plot spans 400 B to 40 kB); a longer one only the powers.
func TestShortLogAxisLabelsMore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.svg")
	sets := []XY{{Name: "e", X: []float64{1e3, 1e4, 1e5}, Y: []float64{400, 4000, 30000}}}
	must(t, LogLog(path, "memory", "IR nodes", "bytes per node", sets, true))
	labels := map[string]bool{}
	for _, tx := range read(t, path).texts {
		labels[tx.s] = true
	}
	for _, l := range []string{"500", "1k", "2k", "5k", "20k"} {
		if !labels[l] {
			t.Errorf("no tick label %q on the short y axis; labels: %v", l, labels)
		}
	}
	if labels["2"] || labels["20"] {
		t.Errorf("the x axis (1k to 100k) has labels beyond its range: %v", labels)
	}
}
