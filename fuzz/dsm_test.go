package fuzz

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"reuselab/ir"
)

// printable are the ops the search builds, in op order.
var printable = func() []ir.Op {
	var ops []ir.Op
	for _, op := range ir.AllOps() {
		if Buildable(op) {
			ops = append(ops, op)
		}
	}
	return ops
}()

// graphFromBytes builds a search graph from fuzzer input: each pair of
// bytes picks an op and one of the ways extend places it, and the
// constants come from the edge set.
func graphFromBytes(b []byte) *ir.Graph {
	bl := newBuilder("M_Fuzz")
	pa, pb := bl.param("A", 0.5), bl.param("B", 0.25)
	var s shape
	for i := 0; i+1 < len(b) && len(s) < 4; i += 2 {
		cands := extend(s, printable[int(b[i])%len(printable)], len(s) > 0 && b[i]&0x80 != 0)
		if len(cands) > 0 {
			s = cands[int(b[i+1])%len(cands)]
		}
	}
	cs := make([]float64, s.constSlots())
	for k := range cs {
		cs[k] = Edge[(k+len(b))%len(Edge)]
	}
	bl.instantiate(instance{s: s, consts: cs}, pa, pb)
	return bl.finish()
}

// opsOf lists the ops of g's value nodes but constants and parameters
// (a constant read twice is written twice), sorted.
func opsOf(g *ir.Graph) []string {
	var out []string
	for _, n := range g.Nodes {
		if n.Role == ir.RoleValue && n.Op != ir.OpConstant && n.Op != ir.OpParameter {
			out = append(out, n.Op.String()+":"+n.Type(0))
		}
	}
	sort.Strings(out)
	return out
}

// checkPrinted: what PrintDSM prints compiles, and holds the same
// operations, of the same types, as the graph printed.
func checkPrinted(t *testing.T, g *ir.Graph) {
	t.Helper()
	p, err := PrintDSM(g, "M_Witness")
	if err != nil {
		return // not every graph prints (NaN constants, too many results)
	}
	back, err := compileText(p.Text)
	if err != nil {
		t.Fatalf("the printed program does not compile: %v\n%s\nfrom\n%s", err, p.Text, ir.DumpGraph(g))
	}
	if got, want := opsOf(back), opsOf(g); !slices.Equal(got, want) {
		t.Fatalf("compiled again, the program holds %v, the graph %v\n%s", got, want, p.Text)
	}
	if n := strings.Count(p.Text, ";") - strings.Count(p.Text, "float P"); n != p.Statements {
		t.Errorf("%d statements counted, %d written:\n%s", p.Statements, n, p.Text)
	}
}

// Every shape of one node over every buildable op prints and compiles
// back to the same operations.
func TestPrintedShapesCompileBack(t *testing.T) {
	printed := 0
	for _, sh := range singles(printable) {
		bl := newBuilder("M_Fuzz")
		pa, pb := bl.param("A", 0.5), bl.param("B", 0.25)
		bl.instantiate(instance{s: sh, consts: repeat(0.5, sh.constSlots())}, pa, pb)
		g := bl.finish()
		checkPrinted(t, g)
		if _, err := PrintDSM(g, "M_Witness"); err == nil {
			printed++
		}
	}
	if printed == 0 {
		t.Fatal("no shape printed")
	}
}

// A constant no literal spells is refused, not printed wrong.
func TestUnwritableConstantRefused(t *testing.T) {
	bl := newBuilder("M_Fuzz")
	a := bl.param("A", 0.5)
	r, _ := bl.op(ir.OpMultiply, "", a, bl.constant(Edge[15]))
	bl.root(r)
	if _, err := PrintDSM(bl.finish(), "M_Witness"); err == nil || !strings.Contains(err.Error(), "NaN") {
		t.Errorf("a NaN constant printed (%v)", err)
	}
	if number(Edge[1]) != "-0.0" || number(2) != "2.0" {
		t.Errorf("−0 spelled %q, 2 spelled %q", number(Edge[1]), number(2))
	}
}

func FuzzPrintDSM(f *testing.F) {
	f.Add([]byte{0, 0})
	f.Add([]byte{3, 5, 0x83, 7, 1, 2})
	f.Add([]byte("swizzle and append"))
	f.Fuzz(func(t *testing.T, b []byte) {
		g := graphFromBytes(b)
		if err := ir.Check(g); err != nil {
			t.Fatalf("the builder made an invalid graph: %v\n%s", err, ir.DumpGraph(g))
		}
		checkPrinted(t, g)
	})
}
