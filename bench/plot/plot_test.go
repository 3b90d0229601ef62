package plot

import (
	"bytes"
	"compress/zlib"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

var corpora = []string{"alpha", "beta", "gamma"}

// drawAll draws every kind of figure from fixed data into dir and returns
// the SVG paths.
func drawAll(t *testing.T, dir string) []string {
	t.Helper()
	p := func(n string) string { return filepath.Join(dir, n) }
	nan := math.NaN()
	must(t, Reductions(p("red.svg"), "none", corpora, []int{0, 0, 1, 1, 2, 2, 2},
		[]Series{{Name: "1x", Values: []float64{10, 0, nan, 40, 5, 0, 0}}, {Name: "2.0", Values: []float64{20, 0, 5, 83, 7, 1, 0}}}))
	must(t, MergesByOp(p("bars.svg"), "merged IR nodes (count)", corpora, []string{"Constant", "Add"},
		[]Stacked{{Name: "2.0", Values: [][]float64{{5, 1}, {3, 0}, {0, 2}}}}))
	must(t, ExtraMerges(p("extra.svg"), "reuse-2.0", corpora,
		[]Extra{{Name: "commutative", Ops: []string{"Multiply", "Add"}, Base: []float64{829, 40},
			Values: [][]float64{{5, 0}, {2, 1}, {0, 0}}}}))
	must(t, PanelLogLog(p("time.svg"), "IR nodes (count)", "time (µs)", corpora,
		[]Panel{{Heading: "2.0", Sets: []XY{{X: []float64{10, 100}, Y: []float64{5, 50}}, {X: []float64{20}, Y: []float64{9}}, {X: []float64{30}, Y: []float64{7}}}}}, false))
	must(t, LogLog(p("scaling.svg"), "IR nodes (count)", "CPU time (ms)",
		[]XY{{Name: "reference 2.0", X: []float64{1e3, 1e4, 1e5}, Y: []float64{4, 40, 400}}}, true))
	return []string{p("red.svg"), p("bars.svg"), p("extra.svg"), p("time.svg"), p("scaling.svg")}
}

// Every figure is well-formed SVG with a PDF beside it, and the same data
// gives the same bytes in both formats: the PDF's dates are fixed, not the
// time of writing.
func TestFiguresAreDeterministicSVGAndPDF(t *testing.T) {
	a, b := drawAll(t, t.TempDir()), drawAll(t, t.TempDir())
	for i := range a {
		for _, path := range []string{a[i], PDFPath(a[i])} {
			other := filepath.Join(filepath.Dir(b[i]), filepath.Base(path))
			x, err := os.ReadFile(path)
			must(t, err)
			y, err := os.ReadFile(other)
			must(t, err)
			if !bytes.Equal(x, y) {
				t.Errorf("%s: two drawings of the same data differ", filepath.Base(path))
			}
		}
		svg, _ := os.ReadFile(a[i])
		if err := xml.Unmarshal(svg, new(struct{})); err != nil || !bytes.Contains(svg, []byte("<svg")) {
			t.Errorf("%s: not SVG: %v", a[i], err)
		}
		pdf, _ := os.ReadFile(PDFPath(a[i]))
		if !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf, []byte("%%EOF")) {
			t.Errorf("%s: not a PDF: %.40q", PDFPath(a[i]), pdf)
		}
		if !bytes.Contains(pdf, []byte("/CreationDate (D:19700101000000)")) || !bytes.Contains(pdf, []byte("/ModDate (D:19700101000000)")) {
			t.Errorf("%s: the dates are not the fixed epoch", PDFPath(a[i]))
		}
	}
}

// fixPDFDates keeps the length of the document, so that the offsets of
// the cross-reference table stay right.
func TestFixPDFDatesKeepsOffsets(t *testing.T) {
	in := []byte("1 0 obj\n<<\n/CreationDate (D:20261206231405)\n/ModDate (D:20261206231406)\n>>\nxref 42")
	out := fixPDFDates(in)
	if len(out) != len(in) || bytes.Contains(out, []byte("2026")) || bytes.Count(out, []byte("D:19700101000000")) != 2 {
		t.Errorf("fixPDFDates(%q) = %q", in, out)
	}
}

// Every text of every figure is set in Liberation Sans, named with
// metric-compatible fallbacks and a generic sans-serif last; none in a
// serif face (gonum's default).
func TestFiguresAreSansSerif(t *testing.T) {
	family := regexp.MustCompile(`font-family:([^;"]*)`)
	for _, path := range drawAll(t, t.TempDir()) {
		doc := read(t, path)
		if len(doc.texts) == 0 {
			t.Fatalf("%s: no text", path)
		}
		for _, tx := range doc.texts {
			m := family.FindStringSubmatch(tx.style)
			if m == nil || !strings.HasPrefix(m[1], "'Liberation Sans'") || !strings.HasSuffix(m[1], ",sans-serif") || strings.Contains(m[1], "Serif") {
				t.Errorf("%s: text %q has font family %v, want Liberation Sans … sans-serif", filepath.Base(path), tx.s, m)
			}
		}
	}
}

// Each corpus figure has one legend entry per corpus in a colour of its
// own, and marks of each of those colours in its data areas.
func TestCorpusFiguresHaveASeriesPerCorpus(t *testing.T) {
	paths := drawAll(t, t.TempDir())
	for _, path := range paths[:4] {
		name := filepath.Base(path)
		doc := read(t, path)
		panels, legend := layout(t, name, doc)
		labels, colours := legendEntries(doc, legend)
		for _, c := range corpora {
			n := 0
			for _, l := range labels {
				if l == c || strings.HasPrefix(l, c+" (") {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%s: %d legend entries for corpus %s; legend: %v", name, n, c, labels)
			}
		}
		marks := marksIn(doc, panels)
		for i := range corpora {
			c := colourHex(i)
			if !colours[c] {
				t.Errorf("%s: no legend swatch in %s (corpus %s); swatches: %v", name, c, corpora[i], colours)
			}
			if marks[c] == 0 && !(name == "extra.svg" && i == 2) { // gamma adds no extra merge
				t.Errorf("%s: no mark of corpus %s (%s) in the data areas; marks: %v", name, corpora[i], c, marks)
			}
		}
		if distinct := len(colours); distinct < len(corpora) {
			t.Errorf("%s: %d distinct legend colours for %d corpora", name, distinct, len(corpora))
		}
	}
}

func colourHex(i int) string {
	r, g, b, _ := Color(i).RGBA()
	return strings.ToUpper("#" + hex2(r>>8) + hex2(g>>8) + hex2(b>>8))
}

func hex2(v uint32) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>4], digits[v&15]})
}

// The palette's colours are distinct, so eight corpora get eight colours.
func TestPaletteColoursAreDistinct(t *testing.T) {
	seen := map[string]bool{}
	for i := range len(palette) {
		seen[colourHex(i)] = true
	}
	if len(seen) != len(palette) || len(palette) < 8 {
		t.Errorf("%d distinct colours among %d", len(seen), len(palette))
	}
}

// The extra merges figure shows the pack's operations, the base's counts
// beside them and the change per operation; a small change fills its
// axis: 7 merges more than 829 is a bar of at least a third of its panel
// (on the base's axis it would be under 1%).
func TestExtraMergesFigure(t *testing.T) {
	paths := drawAll(t, t.TempDir())
	doc := read(t, paths[2])
	panels, _ := layout(t, "extra", doc)
	if len(panels) != 2 {
		t.Fatalf("%d panels, want the base and the pack", len(panels))
	}
	var texts []string
	for _, tx := range doc.texts {
		texts = append(texts, strings.TrimRight(tx.s, "\u00a0"))
	}
	for _, want := range []string{"Multiply", "Add", "+7 (829 to 836)", "+1 (40 to 41)", "commutative", "reuse-2.0", "merges (count)", "extra merges (count)"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in the extra merges figure: %v", want, texts)
		}
	}
	right := panels[0]
	for _, p := range panels {
		if p.minX > right.minX {
			right = p
		}
	}
	// Multiply's bar: the corpus segments on its row (the top one).
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range doc.paths[1:] {
		r, ok := p.asRect()
		if !ok || p.fill == "none" || !right.contains((r.minX+r.maxX)/2, (r.minY+r.maxY)/2) || (r.minY+r.maxY)/2 < (right.minY+right.maxY)/2 {
			continue
		}
		lo, hi = math.Min(lo, r.minX), math.Max(hi, r.maxX)
	}
	if !(hi-lo >= (right.maxX-right.minX)/3) {
		t.Errorf("Multiply's extra merges (7 of 829) span %g of a %g-wide panel", hi-lo, right.maxX-right.minX)
	}
}

// Degenerate inputs still give a figure: no asset, no series, no op, a
// pack without extra merges.
func TestDegenerateFigures(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	must(t, Reductions(p("zero.svg"), "none", corpora, []int{0, 1}, []Series{{Name: "2.0", Values: []float64{0, 0}}}))
	must(t, Reductions(p("none.svg"), "none", nil, nil, nil))
	must(t, MergesByOp(p("nobars.svg"), "n", nil, nil, nil))
	must(t, ExtraMerges(p("noextra.svg"), "reuse-2.0", corpora, []Extra{{Name: "p: no extra merge"}}))
	must(t, PanelLogLog(p("nopoints.svg"), "x", "y", corpora, nil, false))
	for _, n := range []string{"zero.svg", "none.svg", "nobars.svg", "noextra.svg", "nopoints.svg"} {
		b, err := os.ReadFile(p(n))
		if err != nil || xml.Unmarshal(b, new(struct{})) != nil {
			t.Errorf("%s: %v", n, err)
		}
		if _, err := os.Stat(PDFPath(p(n))); err != nil {
			t.Errorf("%s: no PDF: %v", n, err)
		}
	}
}

// Variants with identical values are one panel, named together.
func TestEqualVariantsShareAPanel(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.svg")
	v := []float64{20, 0, 5}
	must(t, Reductions(path, "none", corpora, []int{0, 1, 2}, []Series{{Name: "2.0", Values: v}, {Name: "datalog:reuse-2.0", Values: v}, {Name: "1x", Values: []float64{10, 0, 0}}}))
	doc := read(t, path)
	panels, _ := layout(t, "r", doc)
	var headings []string
	for _, tx := range doc.texts {
		if tx.s == "2.0 = datalog:reuse-2.0" || tx.s == "2.0" || tx.s == "datalog:reuse-2.0" || tx.s == "1x" {
			headings = append(headings, tx.s)
		}
	}
	if len(panels) != 2 || !slices.Equal(headings, []string{"2.0 = datalog:reuse-2.0", "1x"}) {
		t.Errorf("%d panels headed %v, want 2: 2.0 = datalog:reuse-2.0 and 1x", len(panels), headings)
	}
}

// A log axis of three decades or fewer labels 2× and 5× each power of ten
// too (the memory plot spans 400 B to 40 kB); a longer one only the powers.
func TestShortLogAxisLabelsMore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.svg")
	sets := []XY{{Name: "e", X: []float64{1e3, 1e4, 1e5}, Y: []float64{400, 4000, 30000}}}
	must(t, LogLog(path, "IR nodes", "bytes per node", sets, true))
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

// A pack that merges less of an operation than its base has a bar left of
// zero, on an axis that reaches below zero, labelled with the loss.
func TestExtraMergesBelowZero(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.svg")
	must(t, ExtraMerges(path, "reuse-2.0", corpora[:1], []Extra{{Name: "aliases", Ops: []string{"Swizzle", "Add"}, Base: []float64{178, 40},
		Values: [][]float64{{-2, 24}}}}))
	doc := read(t, path)
	panels, _ := layout(t, "x", doc)
	right := panels[0]
	for _, p := range panels {
		if p.minX > right.minX {
			right = p
		}
	}
	var texts []string
	for _, tx := range doc.texts {
		texts = append(texts, tx.s)
	}
	if !slices.Contains(texts, "-2 (178 to 176)") || !slices.Contains(texts, "+24 (40 to 64)") {
		t.Errorf("no labels for a loss of 2 and a gain of 24: %v", texts)
	}
	// Zero is where the gain's bar starts; the loss's bar ends there.
	var gain, loss rect
	for _, p := range doc.paths[1:] {
		if r, ok := p.asRect(); ok && p.fill == colourHex(0) && right.contains((r.minX+r.maxX)/2, (r.minY+r.maxY)/2) {
			if (r.minY+r.maxY)/2 > (right.minY+right.maxY)/2 {
				loss = r // Swizzle, the first operation, is the top bar
			} else {
				gain = r
			}
		}
	}
	if loss.area() == 0 || gain.area() == 0 || math.Abs(loss.maxX-gain.minX) > 0.01 || loss.minX <= right.minX {
		t.Errorf("loss bar %+v and gain bar %+v do not meet at zero inside the panel %+v", loss, gain, right)
	}
}

// Every text of every PDF is set in the one font size pdfText (scaled to
// its own size): what keeps vgpdf's font cache, keyed by size, at one
// entry, so that the font file is compressed once a process.
func TestPDFTextIsInOneFontSize(t *testing.T) {
	stream := regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`)
	tf := regexp.MustCompile(`([0-9.]+) Tf`)
	want := fmt.Sprintf("%.2f", float64(pdfText))
	for _, svg := range drawAll(t, t.TempDir()) {
		pdf, err := os.ReadFile(PDFPath(svg))
		must(t, err)
		sizes := map[string]int{}
		for _, m := range stream.FindAllSubmatch(pdf, -1) {
			r, err := zlib.NewReader(bytes.NewReader(m[1]))
			if err != nil {
				continue // not a deflated stream
			}
			content, _ := io.ReadAll(r)
			for _, s := range tf.FindAllSubmatch(content, -1) {
				sizes[string(s[1])]++
			}
		}
		if len(sizes) != 1 || sizes[want] == 0 {
			t.Errorf("%s: text sizes %v, want only %s", filepath.Base(PDFPath(svg)), sizes, want)
		}
	}
}
