package bench_test

import (
	"bytes"
	"encoding/xml"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/bench/corpus"
	"reuselab/ir"
	"reuselab/reuse/engines"
)

// Every figure a bench run writes, read back as SVG the way a viewer draws
// it: a white rectangle over the whole canvas comes first (no transparent
// background), and no data mark (point, bar, line) meets a legend box
// (the other panels of a figure count as such boxes: no mark crosses into
// them either).
// The report figures come from a real run over the embedded examples with
// all four default variants (two of which coincide); the scaling ones from
// fixed points (no timing is taken).
func TestFiguresHaveABackgroundAndLegendsBesideTheData(t *testing.T) {
	dl, ds := engines.Resolve("reuse-2.0", ir.Limits{})
	if dl == nil || ds.HasErrors() {
		t.Fatalf("reuse-2.0: %v", ds)
	}
	cfg := bench.Config{
		Compile:  compileRaw,
		Read:     func(p string) ([]byte, error) { return fs.ReadFile(corpus.FS, p) },
		Variants: []bench.Variant{reference("none"), reference("1x"), reference("2.0"), {Name: "datalog:reuse-2.0", Engine: dl, Versus: "2.0"}},
		Jobs:     2,
	}
	srcs, err := bench.DiscoverFS(corpus.FS, "examples", "examples")
	if err != nil || len(srcs) == 0 {
		t.Fatalf("examples: %v (%d sources)", err, len(srcs))
	}
	files := bench.Run(cfg, srcs)
	out := t.TempDir()
	if err := bench.Write(out, cfg, files, bench.Summarize(cfg, files)); err != nil {
		t.Fatal(err)
	}
	scaling := filepath.Join(t.TempDir(), "scaling")
	if err := os.Mkdir(scaling, 0o755); err != nil {
		t.Fatal(err)
	}
	var pts []bench.ScalingPoint
	for _, n := range []int{1000, 10000, 100000} {
		pts = append(pts,
			bench.ScalingPoint{Engine: "reference 2.0", Target: n, Nodes: n, Reps: 1, CPUSeconds: float64(n) * 4e-6, CPUNsPerNode: 4000, BytesPerNode: 560},
			bench.ScalingPoint{Engine: "datalog reuse-2.0", Target: n, Nodes: n, Reps: 1, CPUSeconds: float64(n) * 3e-4, CPUNsPerNode: 3e5, BytesPerNode: 35000})
	}
	if err := bench.WriteScaling(scaling, "test points", pts); err != nil {
		t.Fatal(err)
	}

	figures := []string{
		filepath.Join(out, bench.ReductionPlot), filepath.Join(out, bench.MergesPlot), filepath.Join(out, bench.TimePlot),
		filepath.Join(scaling, bench.ScalingPlot), filepath.Join(scaling, "scaling_per_node.svg"), filepath.Join(scaling, "scaling_memory.svg"),
	}
	for _, path := range figures {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(path)
		doc := parseFigure(t, name, b)
		bg := doc.shapes[0]
		if bg.fill != "#FFFFFF" || !bg.rect || bg.box.min[0] > 0 || bg.box.min[1] > 0 || bg.box.max[0] < doc.w || bg.box.max[1] < doc.h {
			t.Errorf("%s: the first shape is not a white rectangle over the %gx%g canvas: %+v", name, doc.w, doc.h, bg)
		}
		data, legends := doc.frames()
		if len(legends) == 0 {
			t.Errorf("%s: no legend box", name)
		}
		for _, l := range legends {
			if l.meets(data) {
				t.Errorf("%s: the legend box %+v meets the data area %+v", name, l, data)
			}
		}
		marks := 0
		for _, s := range doc.shapes[1:] {
			if s.outline() && s.box.area() > 200 || !s.box.valid() || !data.contains(s.box.center()) {
				continue // the frames themselves, or a legend swatch
			}
			marks++
			for _, l := range legends {
				if s.box.meets(l) {
					t.Errorf("%s: a data mark %+v meets the legend box %+v", name, s.box, l)
				}
			}
		}
		if marks == 0 {
			t.Errorf("%s: no data mark in the data area %+v: the check saw nothing", name, data)
		}
		if name == bench.MergesPlot { // bars run left to right
			longest := math.Inf(-1)
			for _, s := range doc.shapes[1:] {
				if s.rect && s.fill != "none" && s.fill != "#FFFFFF" && data.contains(s.box.center()) {
					longest = math.Max(longest, s.box.max[0])
				}
			}
			if room := data.max[0] - longest; !(room >= 0.03*(data.max[0]-data.min[0])) {
				t.Errorf("%s: the longest bar (end %g) touches the frame (right %g)", name, longest, data.max[0])
			}
		}
	}
}

type box struct{ min, max [2]float64 }

func emptyBox() box {
	return box{[2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}}
}

func (b *box) add(x, y, r float64) {
	b.min[0], b.min[1] = math.Min(b.min[0], x-r), math.Min(b.min[1], y-r)
	b.max[0], b.max[1] = math.Max(b.max[0], x+r), math.Max(b.max[1], y+r)
}

func (b box) valid() bool { return b.min[0] <= b.max[0] && b.min[1] <= b.max[1] }

func (b box) center() [2]float64 {
	return [2]float64{(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2}
}

func (b box) contains(p [2]float64) bool {
	return p[0] >= b.min[0] && p[0] <= b.max[0] && p[1] >= b.min[1] && p[1] <= b.max[1]
}

func (b box) meets(o box) bool {
	return b.min[0] <= o.max[0] && o.min[0] <= b.max[0] && b.min[1] <= o.max[1] && o.min[1] <= b.max[1]
}

func (b box) area() float64 { return (b.max[0] - b.min[0]) * (b.max[1] - b.min[1]) }

// shape is one SVG path: its bounding box (arcs widened by their radius),
// whether it is an axis-aligned rectangle, and its fill.
type shape struct {
	box  box
	rect bool
	fill string
}

func (s shape) outline() bool { return s.rect && s.fill == "none" }

type figure struct {
	w, h   float64
	shapes []shape
}

// frames finds the data area (the largest outlined rectangle) and the
// legend boxes: the other outlined rectangles larger than a glyph (a square
// point is an outlined rectangle of a few points a side).
func (f figure) frames() (data box, legends []box) {
	for _, s := range f.shapes[1:] {
		if s.outline() && s.box.area() > data.area() {
			data = s.box
		}
	}
	for _, s := range f.shapes[1:] {
		if s.outline() && s.box != data && s.box.area() > 200 {
			legends = append(legends, s.box)
		}
	}
	return data, legends
}

func parseFigure(t *testing.T, name string, b []byte) figure {
	t.Helper()
	var f figure
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		e, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range e.Attr {
			attr[a.Name.Local] = a.Value
		}
		switch e.Name.Local {
		case "svg":
			if v := strings.Fields(attr["viewBox"]); len(v) == 4 {
				f.w, _ = strconv.ParseFloat(v[2], 64)
				f.h, _ = strconv.ParseFloat(v[3], 64)
			}
		case "path":
			f.shapes = append(f.shapes, parseShape(attr["d"], attr["style"]))
		}
	}
	if f.w == 0 || len(f.shapes) == 0 {
		t.Fatalf("%s: not an SVG figure: %.200s", name, b)
	}
	return f
}

// parseShape reads the path commands gonum's SVG back end writes: M, L and
// Z with absolute x,y pairs, and A (rx,ry rotation large sweep x,y).
func parseShape(d, style string) shape {
	s := shape{box: emptyBox(), fill: "?"}
	for _, kv := range strings.Split(style, ";") {
		if v, ok := strings.CutPrefix(kv, "fill:"); ok {
			s.fill = v
		}
	}
	var pts [][2]float64
	fields := strings.FieldsFunc(d, func(r rune) bool { return r == ' ' || r == ',' })
	var cmd byte
	var args []float64
	flush := func() {
		switch cmd {
		case 'M', 'L':
			for i := 0; i+1 < len(args); i += 2 {
				pts = append(pts, [2]float64{args[i], args[i+1]})
				s.box.add(args[i], args[i+1], 0)
			}
		case 'A':
			for i := 0; i+6 < len(args); i += 7 {
				s.box.add(args[i+5], args[i+6], math.Max(args[i], args[i+1]))
				pts = nil // a curve: not a rectangle
			}
		}
		args = args[:0]
	}
	arcs := false
	for _, tok := range fields {
		for tok != "" {
			if c := tok[0]; strings.IndexByte("MLAZ", c) >= 0 {
				flush()
				cmd = c
				arcs = arcs || c == 'A'
				tok = tok[1:]
				continue
			}
			end := strings.IndexAny(tok, "MLAZ")
			if end < 0 {
				end = len(tok)
			}
			if v, err := strconv.ParseFloat(tok[:end], 64); err == nil {
				args = append(args, v)
			}
			tok = tok[end:]
		}
	}
	flush()
	if !arcs {
		if len(pts) == 5 && pts[0] == pts[4] {
			pts = pts[:4]
		}
		s.rect = len(pts) == 4 && s.box.area() > 0
		for _, p := range pts {
			if (p[0] != s.box.min[0] && p[0] != s.box.max[0]) || (p[1] != s.box.min[1] && p[1] != s.box.max[1]) {
				s.rect = false
			}
		}
	}
	return s
}
