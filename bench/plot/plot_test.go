package plot

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"testing"
)

// Every figure is well-formed SVG, and the same data gives the same bytes
// (the bench's determinism test compares two of them).
func TestFiguresAreDeterministicSVG(t *testing.T) {
	dir := t.TempDir()
	draw := func(suffix string) []string {
		names := []string{"red" + suffix + ".svg", "bars" + suffix + ".svg", "loglog" + suffix + ".svg", "empty" + suffix + ".svg"}
		p := func(i int) string { return filepath.Join(dir, names[i]) }
		must(t, PairedReductions(p(0), "r", "none", 0, []Series{{Name: "2.0", Values: []float64{3, 50, 10}}}))
		must(t, GroupedBars(p(1), "b", "n", []string{"Add", "Constant"}, []Series{{Name: "2.0", Values: []float64{1, 5}}, {Name: "dl", Values: []float64{1, 6}}}))
		must(t, LogLog(p(2), "l", "x", "y", []XY{{Name: "e", X: []float64{1000, 10000, 0}, Y: []float64{2, 20, 5}}}, true))
		must(t, LogLog(p(3), "l", "x", "y", nil, false))
		return names
	}
	a, b := draw("1"), draw("2")
	for i := range a {
		x, _ := os.ReadFile(filepath.Join(dir, a[i]))
		y, _ := os.ReadFile(filepath.Join(dir, b[i]))
		if !bytes.Equal(x, y) {
			t.Errorf("%s: two drawings of the same data differ", a[i])
		}
		if err := xml.Unmarshal(x, new(struct{})); err != nil || !bytes.Contains(x, []byte("<svg")) {
			t.Errorf("%s: not SVG: %v", a[i], err)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Degenerate inputs still give a figure: no asset reduced, no series at
// all, one asset.
func TestDegenerateFigures(t *testing.T) {
	dir := t.TempDir()
	must(t, PairedReductions(filepath.Join(dir, "zero.svg"), "r", "none", 0, []Series{{Name: "2.0", Values: []float64{0, 0}}}))
	must(t, PairedReductions(filepath.Join(dir, "none.svg"), "r", "none", -1, nil))
	must(t, PairedReductions(filepath.Join(dir, "one.svg"), "r", "build", 0, []Series{{Name: "2.0", Values: []float64{12.5}}}))
	must(t, GroupedBars(filepath.Join(dir, "nobars.svg"), "b", "n", nil, nil))
	must(t, GroupedBars(filepath.Join(dir, "zerobars.svg"), "b", "n", []string{"Add"}, []Series{{Name: "2.0", Values: []float64{0}}}))
	for _, n := range []string{"zero.svg", "none.svg", "one.svg", "nobars.svg", "zerobars.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil || xml.Unmarshal(b, new(struct{})) != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
}
