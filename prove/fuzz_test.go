package prove

import (
	"bufio"
	"bytes"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// FuzzTranslate builds the formula of claims between nodes of generated
// graphs, one operand rewired anywhere (a cycle, a missing node or
// output): whatever the graph, translation returns a formula or an error,
// never panics, and one claim built twice is one text (the cache's key).
func FuzzTranslate(f *testing.F) {
	for _, seed := range [][]byte{{40, 1, 128, 0}, {90, 2, 255, 1}, {12, 0, 60, 4}, {119, 3, 200, 7}} {
		f.Add(seed, uint16(3), uint16(5), uint16(0), int16(0))
	}
	f.Fuzz(func(t *testing.T, cfg []byte, i, j, k uint16, to int16) {
		g := irgen.Generate(irgen.ConfigFromBytes(cfg))
		a := ir.Ref{Node: int(i) % len(g.Nodes)}
		b := ir.Ref{Node: int(j) % len(g.Nodes)}
		if n := g.Nodes[int(k)%len(g.Nodes)]; to != 0 && len(n.Operands) > 0 {
			n.Operands[0] = ir.Ref{Node: int(to) % (len(g.Nodes) + 2), Out: int(to) % 3}
		}
		for _, sem := range []Semantics{Float32, Real} {
			opts := Options{Semantics: sem}.withDefaults()
			q1, err1 := build(g, Output(a), sideSpec{side: Output(b)}, opts)
			q2, err2 := build(g, Output(a), sideSpec{side: Output(b)}, opts)
			if (err1 == nil) != (err2 == nil) || (err1 == nil && q1.text != q2.text) {
				t.Fatalf("%s: two builds of one claim differ", sem)
			}
			if _, err := build(g, Lane(a, 0), sideSpec{konst: []float64{1, 2}, isConst: true}, opts); err != nil {
				continue
			}
		}
	})
}

// FuzzReadDatum reads arbitrary solver output: an s-expression or an
// error, never a panic; what it reads prints back to itself.
func FuzzReadDatum(f *testing.F) {
	for _, s := range []string{"sat", "((v0 (fp #b0 #x7f #b0)))", "(error \"x\"\"y\")", "; c\n(a |b c| \"d\")", "((("} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		x, err := readDatum(bufio.NewReader(bytes.NewReader(in)))
		if err != nil {
			return
		}
		printed := x.String()
		y, err := readDatum(bufio.NewReader(bytes.NewReader([]byte(printed))))
		if err != nil || y.String() != printed {
			t.Fatalf("%q printed %q, which reads back as %v (%v)", in, printed, y, err)
		}
		number(x)
	})
}
