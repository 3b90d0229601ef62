// Package benchtest holds stand-ins for the compiler and the engines, so
// that bench's own tests (determinism, failure handling) do not depend on
// either: a "compiler" that turns a file's bytes into a random IR graph
// seeded by their hash, and a small dedupe-and-prune engine over
// ir.DedupeKey that returns a full ir.Result.
package benchtest

import (
	"hash/fnv"
	"math/rand/v2"
	"path/filepath"
	"strings"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/reuse"
)

// Compile fails on a file containing "BROKEN" (with the diagnostic at that
// line), and otherwise builds one Material graph per line starting with
// "asset ", or one for the whole file when there is none.
func Compile(path, _ string, read func(string) ([]byte, error)) (*ir.Module, diag.List) {
	var ds diag.List
	src, err := read(path)
	if err != nil {
		ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "DSH1001", "cannot read: %v", err)
		return nil, ds
	}
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		if c := strings.Index(l, "BROKEN"); c >= 0 {
			ds.Errorf(diag.Pos{File: path, Line: i + 1, Col: c + 1}, "DSH2001", "unexpected token 'BROKEN' in Graph expression")
		}
	}
	if ds.HasErrors() {
		return nil, ds
	}
	m := &ir.Module{Leaf: path}
	for _, l := range lines {
		if name, ok := strings.CutPrefix(l, "asset "); ok {
			m.Products = append(m.Products, RandomGraph(name, hash(l)))
		}
	}
	if len(m.Products) == 0 {
		m.Products = append(m.Products, RandomGraph(filepath.Base(path), hash(string(src))))
	}
	return m, ds
}

func hash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// RandomGraph is a material of 20–100 nodes over a small vocabulary, so that
// equal nodes are common, and with a few nodes nothing reads.
func RandomGraph(name string, seed uint64) *ir.Graph {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := ir.NewGraph(ir.Material, name)
	n := 20 + rng.IntN(80)
	f1 := []ir.Output{{Type: "float"}}
	for i := 0; i < n; i++ {
		nd := &ir.Node{Outputs: f1}
		switch k := rng.IntN(6); {
		case i < 3 || k == 0:
			nd.Op = ir.OpConstant
			nd.Props = []ir.Prop{{Name: "Value", Value: ir.Tuple(float64(rng.IntN(3)))}}
		case k == 1:
			nd.Op = ir.OpParameter
			nd.Props = []ir.Prop{{Name: "ParameterName", Value: ir.Str([]string{"A", "B"}[rng.IntN(2)])}}
		case k == 2:
			nd.Op = ir.OpSin
			nd.Operands = []ir.Ref{{Node: rng.IntN(i)}}
		default:
			nd.Op = []ir.Op{ir.OpAdd, ir.OpMultiply, ir.OpAdd}[k-3]
			nd.Operands = []ir.Ref{{Node: rng.IntN(i)}, {Node: rng.IntN(i)}}
		}
		g.Add(nd)
	}
	var pins []ir.Pin
	for i, attr := range []string{"BaseColor", "Roughness", "Metallic"} {
		pins = append(pins, ir.Pin{Name: attr, Ref: ir.Ref{Node: n - 1 - i*3}})
	}
	g.Sink = g.Add(&ir.Node{Op: ir.OpMaterialSink, Pins: pins, Role: ir.RoleStatement})
	return g
}

// Toy is a toy engine: with Merges it merges nodes with equal keys into the
// earliest (one pass, build order is topological), then prunes what no root
// reaches; without, it only prunes. It says it is of Kind (a bench column is
// "reference" or "datalog") and is called Label.
type Toy struct {
	Kind, Label string
	Merges      bool
}

// Dedupe is the toy reference in a mode: "2.0" merges, "none" only prunes.
func Dedupe(mode string) *Toy { return &Toy{Kind: "reference", Label: mode, Merges: mode == "2.0"} }

func (t *Toy) Name() string { return t.Label }

func (t *Toy) Info() reuse.Info { return reuse.Info{Kind: t.Kind, Input: "build"} }

func (t *Toy) Run(g *ir.Graph, _ ir.Limits) *ir.Result {
	mode := t.Label
	n := len(g.Nodes)
	res := &ir.Result{Engine: "toy", Mode: mode, Build: g, Fates: make([]ir.Fate, n), Rounds: 1, StopReason: ir.StopSaturated}
	canon := make([]int, n)
	seen := map[string]int{}
	merged := 0
	for i, nd := range g.Nodes {
		canon[i] = i
		res.Fates[i] = ir.Fate{Kind: ir.Kept, Into: int32(i)}
		if !t.Merges || nd.IsStatement() {
			continue
		}
		k := ir.DedupeKey(nd, func(id int) int { return canon[id] })
		if j, ok := seen[k]; ok {
			canon[i] = j
			res.Fates[i] = ir.Fate{Kind: ir.Merged, Into: int32(j), Pass: ir.PassIDOf(ir.PassDedupe), Round: 1}
			merged++
			continue
		}
		seen[k] = i
	}
	live := make([]bool, n)
	for i := n - 1; i >= 0; i-- {
		if g.Nodes[i].IsStatement() {
			live[i] = true
		}
		if live[i] && canon[i] == i {
			g.Nodes[i].Inputs(func(r ir.Ref) { live[canon[r.Node]] = true })
		}
	}
	out := ir.NewGraph(g.Kind, g.Name)
	final := make([]int, n)
	pruned := 0
	for i, nd := range g.Nodes {
		switch {
		case canon[i] != i:
			final[i] = final[canon[i]]
		case !live[i]:
			final[i] = -1
			res.Fates[i] = ir.Fate{Kind: ir.Pruned, Final: -1, Into: int32(i), Pass: ir.PassIDOf(ir.PassPruneFinal)}
			pruned++
			continue
		default:
			c := nd.Clone()
			c.MapInputs(func(r ir.Ref) ir.Ref { return ir.Ref{Node: final[canon[r.Node]], Out: r.Out} })
			final[i] = out.Add(c)
		}
		res.Fates[i].Final = int32(final[i])
	}
	res.Graph = out
	res.Passes = []ir.PassStat{{Pass: "dedupe", Round: 1, Changed: merged}, {Pass: "prune-final", Changed: pruned}}
	return res
}
