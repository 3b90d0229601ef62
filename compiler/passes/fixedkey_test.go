package passes

import (
	"bytes"
	"math"
	"slices"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

// fixedAgree checks that dedupe's fixed part relation is the packed key's:
// a has b's fixed part (equal words) exactly when their
// ir.AppendPackedStatic bytes are equal, and then they hash alike. It
// reports whether they are equal. Both orders of first sight are tried,
// since they number the strings differently.
func fixedAgree(t *testing.T, a, b *ir.Node) bool {
	t.Helper()
	packed := bytes.Equal(ir.AppendPackedStatic(nil, a), ir.AppendPackedStatic(nil, b))
	for _, pair := range [][2]*ir.Node{{a, b}, {b, a}} {
		var c fixedCoder
		wa := c.words(nil, pair[0])
		wb := c.words(nil, pair[1])
		if same := slices.Equal(wa, wb); same != packed {
			t.Fatalf("equal words = %v, packed static parts equal = %v:\n%q\n%q", same, packed,
				ir.DedupeKey(a, nil), ir.DedupeKey(b, nil))
		}
		if packed && hashWords(wa) != hashWords(wb) {
			t.Fatalf("equal fixed parts hash differently:\n%q\n%q", ir.DedupeKey(a, nil), ir.DedupeKey(b, nil))
		}
	}
	return packed
}

// Every pair of nodes of generated graphs, and of the same nodes with
// their lists shuffled and their numbers moved below 9 digits: both
// answers, equal and not, must come up.
func TestFixedKeyAgreesWithPackedStatic(t *testing.T) {
	equal, differ := 0, 0
	for _, cfg := range configs(6) {
		g := irgen.Generate(cfg)
		nodes := g.Nodes[:min(len(g.Nodes), 120)]
		for _, a := range nodes {
			for _, b := range nodes {
				if fixedAgree(t, a, b) {
					equal++
				} else {
					differ++
				}
			}
			c := a.Clone()
			for k := range c.Props {
				for j := range c.Props[k].Value.Nums {
					c.Props[k].Value.Nums[j] *= 1 + 1e-12
				}
			}
			for l, r := 0, len(c.Props)-1; l < r; l, r = l+1, r-1 {
				c.Props[l], c.Props[r] = c.Props[r], c.Props[l]
			}
			for l, r := 0, len(c.Pins)-1; l < r; l, r = l+1, r-1 {
				c.Pins[l], c.Pins[r] = c.Pins[r], c.Pins[l]
			}
			if !fixedAgree(t, a, c) {
				t.Fatalf("a node and its reordered copy differ: %q", ir.DedupeKey(a, nil))
			}
		}
	}
	if equal == 0 || differ == 0 {
		t.Fatalf("%d equal and %d different pairs: one answer never came up", equal, differ)
	}
}

// FuzzFixedKey: two nodes made from fuzzer bytes, of every field dedupe's
// fixed part holds, agree with the packed static part.
func FuzzFixedKey(f *testing.F) {
	f.Add([]byte{1, 2, 3}, []byte{1, 2, 3})
	f.Add([]byte{4, 'a', 0, 9, 2, 1, 1}, []byte{4, 'a', 1, 9, 2, 1, 0})
	f.Add([]byte{7, 200, 1, 1, 1, 3, 3, 3}, []byte{7, 200, 1, 1, 3, 3})
	f.Fuzz(func(t *testing.T, x, y []byte) {
		fixedAgree(t, fixedNodeFromBytes(x), fixedNodeFromBytes(y))
	})
}

// fixedNodeFromBytes reads a node from b, each field a byte or two, names
// from a small alphabet (sharing first and last bytes, which the hash
// looks at) so that two inputs often agree or nearly do.
func fixedNodeFromBytes(b []byte) *ir.Node {
	next := func() int {
		if len(b) == 0 {
			return 0
		}
		c := b[0]
		b = b[1:]
		return int(c)
	}
	names := []string{"", "a", "b", "ab", "ba", "aab", "abb", "Value", "Vaaue", "TextureCoordinateX", "TextureCoordinateY"}
	name := func() string { return names[next()%len(names)] }
	nums := []float64{0, math.Copysign(0, -1), 1, 2, 2.0000000001, 0.1, 1e9, 1e-7, math.NaN(), math.Inf(1), -3.5,
		0.30000000000000004}
	n := &ir.Node{Op: ir.Op(next() % 250)}
	n.Class = name()
	for range next() % 3 {
		n.Outputs = append(n.Outputs, ir.Output{Name: name(), Type: []string{"float", "float2", "float3", ""}[next()%4]})
	}
	for range next() % 4 {
		var v ir.Value
		switch next() % 6 {
		case 0:
			v = ir.Num(nums[next()%len(nums)])
		case 1:
			v = ir.Tuple(nums[next()%len(nums)], nums[next()%len(nums)])
		case 2:
			v = ir.Str(name())
		case 3:
			v = ir.Bool(next()%2 == 0)
		case 4:
			v = ir.Value{Kind: ir.KindNumber}
		default:
			v = ir.Value{Kind: ir.ValueKind(4 + next()%3)}
		}
		n.Props = append(n.Props, ir.Prop{Name: name(), Value: v})
	}
	for range next() % 3 {
		n.Operands = append(n.Operands, ir.Ref{Node: next() % 3})
	}
	for range next() % 4 {
		n.Pins = append(n.Pins, ir.Pin{Name: name(), Ref: ir.Ref{Node: next() % 3}})
	}
	return n
}

// Result.Graph shares the properties and outputs of the nodes it was made
// from (ir.Result): nothing in Run writes them, so the build is unchanged
// to the last number, a second Run over the result leaves the first
// result as it was, and the sharing the contract allows does happen.
func TestResultSharesReadOnlySlices(t *testing.T) {
	shared := 0
	for _, cfg := range configs(12) {
		g := irgen.Generate(cfg)
		pristine := cloneGraph(g)
		r := Run(g, Options{CheckIR: true})
		first := ir.DumpGraph(r.Graph)
		firstCopy := cloneGraph(r.Graph)
		Run(r.Graph, Options{CheckIR: true})
		Run(r.Graph, Options{CheckIR: true, Mode: "1x"})
		if d := deepDiff(pristine, g); d != "" {
			t.Fatalf("seed %d: Run wrote the build: %s", cfg.Seed, d)
		}
		if d := deepDiff(firstCopy, r.Graph); d != "" || ir.DumpGraph(r.Graph) != first {
			t.Fatalf("seed %d: a second Run wrote the first result: %s", cfg.Seed, d)
		}
		for i, f := range r.Fates { // a survivor's own build node
			if f.Final < 0 || f.Kind == ir.Merged {
				continue
			}
			n, b := r.Graph.Nodes[f.Final], g.Nodes[i]
			if len(n.Props) > 0 && len(b.Props) > 0 && &n.Props[0] == &b.Props[0] {
				shared++
			}
		}
	}
	if shared == 0 {
		t.Fatal("no surviving node shares its properties with the build: the contract is not what Run does")
	}
}

// deepDiff compares two graphs field by field, the numbers by their bits.
func deepDiff(a, b *ir.Graph) string {
	if ir.DumpGraph(a) != ir.DumpGraph(b) || len(a.Nodes) != len(b.Nodes) {
		return "dumps differ"
	}
	for i := range a.Nodes {
		x, y := a.Nodes[i], b.Nodes[i]
		if x.ID != y.ID || x.Span != y.Span || x.Debug != y.Debug || len(x.Props) != len(y.Props) || len(x.Outputs) != len(y.Outputs) {
			return "node fields differ"
		}
		for k := range x.Props {
			p, q := x.Props[k], y.Props[k]
			if p.Name != q.Name || p.Value.Kind != q.Value.Kind || p.Value.Str != q.Value.Str || len(p.Value.Nums) != len(q.Value.Nums) {
				return "properties differ"
			}
			for j := range p.Value.Nums {
				if math.Float64bits(p.Value.Nums[j]) != math.Float64bits(q.Value.Nums[j]) {
					return "numbers differ"
				}
			}
		}
		for k := range x.Outputs {
			if x.Outputs[k] != y.Outputs[k] {
				return "outputs differ"
			}
		}
	}
	return ""
}

// One field changed at a time makes a different fixed part; a change no
// key sees (the order of properties and pins, a number below 9 digits,
// -0, another NaN, an unnamed op's number) makes the same one.
func TestFixedKeyFieldByField(t *testing.T) {
	base := func() *ir.Node {
		return &ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate",
			Outputs:  []ir.Output{{Name: "", Type: "float2"}, {Name: "R", Type: "float"}},
			Props:    []ir.Prop{{Name: "Index", Value: ir.Num(1)}, {Name: "Tile", Value: ir.Tuple(0.5, 2)}, {Name: "S", Value: ir.Str("ab")}, {Name: "B", Value: ir.Bool(true)}},
			Operands: []ir.Ref{{Node: 1}},
			Pins:     []ir.Pin{{Name: "UV", Ref: ir.Ref{Node: 2}}, {Name: "Alpha", Ref: ir.Ref{Node: 3}}}}
	}
	differ := []func(n *ir.Node){
		func(n *ir.Node) { n.Class = "TextureCoordinatf" },
		func(n *ir.Node) { n.Class = "" },
		func(n *ir.Node) { n.Op = ir.OpCustom },
		func(n *ir.Node) { n.Outputs[0].Type = "float3" },
		func(n *ir.Node) { n.Outputs[1].Name = "G" },
		func(n *ir.Node) { n.Outputs = n.Outputs[:1] },
		func(n *ir.Node) { n.Props[0].Name = "Indey" },
		func(n *ir.Node) { n.Props[0].Value = ir.Num(1.00001) },
		func(n *ir.Node) { n.Props[0].Value = ir.Tuple(1) },
		func(n *ir.Node) { n.Props[1].Value = ir.Tuple(0.5, 2, 0) },
		func(n *ir.Node) { n.Props[1].Value = ir.Tuple(2, 0.5) },
		func(n *ir.Node) { n.Props[2].Value = ir.Str("ba") },
		func(n *ir.Node) { n.Props[3].Value = ir.Bool(false) },
		func(n *ir.Node) { n.Props[3].Value = ir.Value{Kind: ir.ValueKind(9)} },
		func(n *ir.Node) { n.Props = n.Props[1:] },
		func(n *ir.Node) { n.Operands = append(n.Operands, ir.NoRef) },
		func(n *ir.Node) { n.Pins[1].Name = "Alphb" },
		func(n *ir.Node) { n.Pins = n.Pins[:1] },
		func(n *ir.Node) { n.Pins[0], n.Pins[1] = ir.Pin{Name: "UV"}, ir.Pin{Name: "UV"} },
	}
	for k, change := range differ {
		n := base()
		change(n)
		if fixedAgree(t, base(), n) || fixedAgree(t, n, base()) {
			t.Errorf("variant %d has the base's fixed part", k)
		}
	}
	same := []func(n *ir.Node){
		func(n *ir.Node) { n.Props[0], n.Props[3] = n.Props[3], n.Props[0] },
		func(n *ir.Node) { n.Pins[0], n.Pins[1] = n.Pins[1], n.Pins[0] },
		func(n *ir.Node) { n.Props[1].Value = ir.Tuple(0.5000000000001, 2) },
		func(n *ir.Node) { n.Operands[0] = ir.Ref{Node: 7, Out: 1} }, // a read, not the fixed part
	}
	for k, change := range same {
		n := base()
		change(n)
		if !fixedAgree(t, base(), n) || !fixedAgree(t, n, base()) {
			t.Errorf("variant %d lost the base's fixed part", k)
		}
	}
	specials := [][2]*ir.Node{
		{{Op: ir.OpConstant, Props: []ir.Prop{{Name: "V", Value: ir.Num(0)}}}, {Op: ir.OpConstant, Props: []ir.Prop{{Name: "V", Value: ir.Num(math.Copysign(0, -1))}}}},
		{{Op: ir.OpConstant, Props: []ir.Prop{{Name: "V", Value: ir.Num(math.NaN())}}}, {Op: ir.OpConstant, Props: []ir.Prop{{Name: "V", Value: ir.Num(-math.NaN())}}}},
		{{Op: ir.OpConstant, Props: []ir.Prop{{Name: "V", Value: ir.Value{Kind: ir.KindNumber}}}}, {Op: ir.OpConstant, Props: []ir.Prop{{Name: "V", Value: ir.Num(0)}}}},
		{{Op: ir.Op(240)}, {Op: ir.Op(241)}},
	}
	for k, p := range specials {
		if !fixedAgree(t, p[0], p[1]) {
			t.Errorf("special pair %d: not one fixed part", k)
		}
	}
}

// intern finds a simple node's sig by its fixed part as one number
// (dedupe.go); that must be the partition of interning every node by its
// words: equal sigs the one way exactly when equal the other.
func TestSimpleInternAgreesWithWords(t *testing.T) {
	// Simple nodes that differ only in their number of operands or their
	// output's name, which irgen's graphs do not make.
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1))
	named := func(n *ir.Node, name string) *ir.Node { n.Outputs[0].Name = name; return n }
	b.add(2, 1, "", op(ir.OpAdd, ftype(1), v))
	b.add(3, 1, "", op(ir.OpAdd, ftype(1), v, v))
	b.add(4, 1, "", named(op(ir.OpAdd, ftype(1), v), "R"))
	b.add(5, 1, "", named(op(ir.OpAdd, ftype(1), v, v), "R"))
	b.add(6, 1, "", named(op(ir.OpAdd, ftype(1), v), "G"))
	b.add(7, 1, "", op(ir.OpAdd, ftype(1), v))
	b.add(8, 1, "", named(op(ir.OpAdd, ftype(1), v, v), "R"))
	graphs := []*ir.Graph{b.g}
	for _, cfg := range configs(60) {
		graphs = append(graphs, irgen.Generate(cfg))
	}
	simple := 0
	for _, g := range graphs {
		s := newState(g) // interns every value node, through the simple cache where it can
		words := &dedupeState{}
		words.start(len(g.Nodes))
		byCache, byWords := map[uint32]uint32{}, map[uint32]uint32{}
		for i, n := range g.Nodes {
			if !s.has(i, flagValue) {
				continue
			}
			if n.Class == "" && len(n.Props)+len(n.Pins) == 0 && len(n.Outputs) == 1 {
				simple++
			}
			a, b := s.dedupe.ent[i].sig, words.internWords(s, i)
			if x, ok := byCache[a]; ok && x != b || !ok && byWords[b] != 0 {
				t.Fatalf("%s: %%%d has sig %d by the cache and %d by its words, which disagree with an earlier node", g.Name, i, a, b)
			}
			byCache[a], byWords[b] = b, a
		}
	}
	if simple == 0 {
		t.Error("no simple node: the cache was never tested")
	}
}

// TestMemoInternAgreesWithWords: a node whose fields equal, as stored, those
// of the last node of its op that intern spelled takes that node's sig
// (lastInterned). Nodes of one op that differ from their neighbour in one
// field only (a number's bits, -0 against 0, the order of two properties,
// an output's type, a named input's name, an operand count), among many
// that do not, must still get the sigs their words give.
func TestMemoInternAgreesWithWords(t *testing.T) {
	b := newMaterial("M", false)
	v := b.add(1, 1, "v", param("v", 1))
	variants := []func(*ir.Node){
		func(n *ir.Node) {},
		func(n *ir.Node) { n.Props[0].Value = ir.Num(2) },
		func(n *ir.Node) { n.Props[0].Value = ir.Num(math.Copysign(0, -1)) },
		func(n *ir.Node) { n.Props[0].Value = ir.Num(0) },
		func(n *ir.Node) { n.Props[0], n.Props[1] = n.Props[1], n.Props[0] },
		func(n *ir.Node) { n.Outputs[0].Type = "float3" },
		func(n *ir.Node) { n.Pins[0].Name = "B" },
		func(n *ir.Node) { n.Operands = append(n.Operands, v) },
	}
	for k := range 400 {
		n := &ir.Node{Op: ir.OpReflected, Class: "Lerp", Operands: []ir.Ref{v},
			Pins:    []ir.Pin{pin("A", v), pin("Alpha", v)},
			Props:   []ir.Prop{{Name: "ConstA", Value: ir.Num(1)}, {Name: "ConstB", Value: ir.Str("x")}},
			Outputs: []ir.Output{{Type: "float"}}}
		if k%6 == 0 { // most are as the node before them, so the memo stays on
			variants[k/6%len(variants)](n)
		}
		b.add(2+k, 1, "", n)
	}
	s := newState(b.g)
	memo := s.dedupe.lastOf[ir.OpReflected]
	if memo.hits == 0 || 2*memo.hits < memo.tries {
		t.Fatalf("the memo was not in use (%d hits in %d tries): nothing was tested", memo.hits, memo.tries)
	}
	words := &dedupeState{}
	words.start(len(b.g.Nodes))
	byMemo, byWords := map[uint32]uint32{}, map[uint32]uint32{}
	for i := range b.g.Nodes {
		if !s.has(i, flagValue) {
			continue
		}
		a, w := s.dedupe.ent[i].sig, words.internWords(s, i)
		if x, ok := byMemo[a]; ok && x != w || !ok && byWords[w] != 0 {
			t.Fatalf("%%%d has sig %d by the memo and %d by its words, which disagree with an earlier node", i, a, w)
		}
		byMemo[a], byWords[w] = w, a
	}
	// By their words: the parameter, the node as built (its properties in
	// either order), a 2, a zero (of either sign), a float3, a "B" pin and
	// two operands.
	if len(byWords) != 7 {
		t.Errorf("%d fixed parts, want 7", len(byWords))
	}
}
