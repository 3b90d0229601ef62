package ir_test

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
)

func packed(n *ir.Node) []byte { return ir.AppendPackedKey(nil, n, nil) }

// agree checks that a and b have equal packed keys exactly when they have
// equal text keys, and reports whether they do.
func agree(t *testing.T, a, b *ir.Node) bool {
	t.Helper()
	text := ir.DedupeKey(a, nil) == ir.DedupeKey(b, nil)
	if same := bytes.Equal(packed(a), packed(b)); same != text {
		t.Fatalf("packed keys equal = %v, text keys equal = %v:\n%q\n%q", same, text, ir.DedupeKey(a, nil), ir.DedupeKey(b, nil))
	}
	staticA, readsA := split(a)
	staticB, readsB := split(b)
	if same := bytes.Equal(staticA, staticB) && bytes.Equal(readsA, readsB); same != text {
		t.Fatalf("static parts and reads equal = %v, text keys equal = %v:\n%q\n%q", same, text, ir.DedupeKey(a, nil), ir.DedupeKey(b, nil))
	}
	return text
}

// split is n's packed key as the dedupe pass holds it: the static part,
// and the reads (operands in order, then the named inputs in PinOrder).
func split(n *ir.Node) (static, reads []byte) {
	for _, r := range n.Operands {
		reads = ir.AppendPackedRead(reads, r.Node, r.Out)
	}
	for _, k := range ir.PinOrder(nil, n) {
		reads = ir.AppendPackedRead(reads, n.Pins[k].Ref.Node, n.Pins[k].Ref.Out)
	}
	return ir.AppendPackedStatic(nil, n), reads
}

// The static part and the reads together are the key: nodes that differ
// only in where a field ends (an operand more, a pin name longer) differ in
// one of the two.
func TestPackedStaticSplitsTheKey(t *testing.T) {
	x := ir.Ref{Node: 1}
	base := func() *ir.Node {
		return &ir.Node{Op: ir.OpAdd, Outputs: []ir.Output{{Type: "float"}}, Operands: []ir.Ref{x},
			Pins: []ir.Pin{{Name: "b", Ref: x}, {Name: "a", Ref: ir.Ref{Node: 2}}}}
	}
	variants := []func(n *ir.Node){
		func(n *ir.Node) { n.Operands = append(n.Operands, ir.NoRef) },
		func(n *ir.Node) { n.Pins[0].Name = "ab" },
		func(n *ir.Node) { n.Pins = n.Pins[:1] },
		func(n *ir.Node) { n.Pins[1].Ref.Out = 1 },
		func(n *ir.Node) { n.Operands = nil; n.Pins = append([]ir.Pin{{Name: "c", Ref: x}}, n.Pins...) },
	}
	for k, change := range variants {
		a, b := base(), base()
		change(b)
		if agree(t, a, b) {
			t.Errorf("variant %d: equal keys", k)
		}
	}
	// The same named inputs in another stored order are the same node.
	a, b := base(), base()
	b.Pins[0], b.Pins[1] = b.Pins[1], b.Pins[0]
	if !agree(t, a, b) {
		t.Error("pins in another order: different keys")
	}
}

// canonicalised is a copy of g's nodes with every operand and pin sent
// through canon, as the pass sends them to their survivors: it makes many
// nodes equal that were not.
func canonicalised(g *ir.Graph, canon func(int) int) []*ir.Node {
	var out []*ir.Node
	for _, n := range g.Nodes {
		c := *n
		c.Operands = append([]ir.Ref(nil), n.Operands...)
		c.Pins = append([]ir.Pin(nil), n.Pins...)
		c.MapRefs(canon)
		out = append(out, &c)
	}
	return out
}

func TestPackedKeyAgreesWithDedupeKey(t *testing.T) {
	equal := 0
	for seed := uint64(1); seed <= 24; seed++ {
		g := irgen.Generate(irgen.Config{Seed: seed, Nodes: 5 + int(seed*37%250), DupRate: float64(seed%5) / 5,
			Shape: []string{irgen.Forest, irgen.Deep}[seed%2], Function: seed%3 == 0, Legacy: seed%4 == 0})
		for _, canon := range []func(int) int{func(i int) int { return i }, func(i int) int { return i / 2 }, func(i int) int { return i % 7 }} {
			nodes := canonicalised(g, canon)
			for i, a := range nodes {
				// canon given to the key is the same as canon applied first.
				if got := ir.AppendPackedKey(nil, g.Nodes[i], canon); !bytes.Equal(got, packed(a)) {
					t.Fatalf("key with canon %x, of the canonicalised node %x", got, packed(a))
				}
				for _, b := range nodes[:i] {
					if agree(t, a, b) {
						equal++
					}
				}
			}
		}
	}
	if equal == 0 {
		t.Fatal("no two nodes shared a key: the test compares nothing")
	}
}

func TestPackedKeyEdgeCases(t *testing.T) {
	konst := func(v ...float64) *ir.Node {
		return &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(v...)}},
			Outputs: []ir.Output{{Type: "float"}}}
	}
	num := func(v ir.Value) *ir.Node {
		return &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: v}}}
	}
	var nodes []*ir.Node
	for _, v := range []float64{0, math.Copysign(0, -1), 1, -1, 2, 2.0000000001, 1.9999999999, 123456789,
		-999999999, 999999999.5, 1e9, -1e9, 1234567890, 1234567891, 0.5, 1e-7, 1e21, 1 << 53, -(1 << 62),
		math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(), 0.1, 0.1 + 1e-17, 1.0000000001} {
		nodes = append(nodes, konst(v), konst(v, -v), num(ir.Num(v)))
	}
	for _, v := range []ir.Value{{Kind: ir.KindNumber}, ir.Str("0"), ir.Str(""), ir.Str(`a"b\c`), ir.Bool(true),
		ir.Bool(false), ir.Str("true"), ir.Tuple(), {Kind: 9}, {Kind: 10, Str: "x"}} {
		nodes = append(nodes, num(v))
	}
	for _, op := range []ir.Op{ir.OpInvalid, ir.OpAdd, ir.Op(250), ir.Op(251)} {
		nodes = append(nodes, &ir.Node{Op: op, Operands: []ir.Ref{{Node: 1}, ir.NoRef, {Node: 0, Out: 2}}},
			&ir.Node{Op: op, Operands: []ir.Ref{{Node: 1}, {Node: -2, Out: 5}, {Node: 0, Out: 2}}},
			&ir.Node{Op: op, Operands: []ir.Ref{{Node: 1}, {Node: 0, Out: -1}}},
			&ir.Node{Op: op, Operands: []ir.Ref{ir.NoRef, {Node: 0}}})
	}
	// Properties and pins are sets: their order does not matter, also past
	// the 16 the key sorts on the stack.
	var a, b ir.Node
	for k := range 20 {
		a.Props = append(a.Props, ir.Prop{Name: fmt.Sprintf("P%02d", k), Value: ir.Num(float64(k))})
		b.Props = append(b.Props, ir.Prop{Name: fmt.Sprintf("P%02d", 19-k), Value: ir.Num(float64(19 - k))})
		a.Pins = append(a.Pins, ir.Pin{Name: fmt.Sprintf("I%02d", k), Ref: ir.Ref{Node: k}})
		b.Pins = append(b.Pins, ir.Pin{Name: fmt.Sprintf("I%02d", 19-k), Ref: ir.Ref{Node: 19 - k}})
	}
	nodes = append(nodes, &a, &b)
	if !bytes.Equal(packed(&a), packed(&b)) {
		t.Fatal("the same properties and pins in another order have different packed keys")
	}
	distinct := map[string]bool{}
	for i, x := range nodes {
		distinct[ir.DedupeKey(x, nil)] = true
		for _, y := range nodes[:i+1] {
			agree(t, x, y)
		}
	}
	if len(distinct) < 40 {
		t.Fatalf("only %d distinct keys among the edge cases", len(distinct))
	}
}

// The text key's separators can make two different nodes print alike; the
// packed key keeps them apart (the difference AppendPackedKey documents).
func TestPackedKeyKeepsFieldsApart(t *testing.T) {
	a := &ir.Node{Op: ir.OpReflected, Class: "A|x:float"}
	b := &ir.Node{Op: ir.OpReflected, Class: "A", Outputs: []ir.Output{{Name: "x", Type: "float|"}}}
	if ir.DedupeKey(a, nil) != ir.DedupeKey(b, nil) {
		t.Fatalf("text keys %q and %q differ: the example no longer shows the ambiguity",
			ir.DedupeKey(a, nil), ir.DedupeKey(b, nil))
	}
	if bytes.Equal(packed(a), packed(b)) {
		t.Fatal("a class holding '|' and a class with an output have the same packed key")
	}
}

// FuzzPackedKey: two nodes made from fuzzer bytes (names without the text
// key's separators) have equal packed keys exactly when their text keys
// are equal.
func FuzzPackedKey(f *testing.F) {
	f.Add([]byte{1, 2, 3}, []byte{1, 2, 3})
	f.Add([]byte{4, 'a', 0, 9}, []byte{4, 'a', 1, 9})
	f.Add([]byte{7, 200, 1, 1, 1}, []byte{7, 200, 1, 1})
	f.Fuzz(func(t *testing.T, x, y []byte) {
		agree(t, nodeFromBytes(x), nodeFromBytes(y))
	})
}

// nodeFromBytes reads a node from b: an op, a class, outputs, properties of
// every kind, operands and pins, each field a byte or two. Names come from
// a small alphabet so that two inputs often agree.
func nodeFromBytes(b []byte) *ir.Node {
	next := func() int {
		if len(b) == 0 {
			return 0
		}
		c := b[0]
		b = b[1:]
		return int(c)
	}
	names := []string{"", "a", "b", "ab", "ba"}
	name := func() string { return names[next()%len(names)] }
	nums := []float64{0, math.Copysign(0, -1), 1, 2, 2.0000000001, 0.1, 1e9, 1e-7, math.NaN(), math.Inf(1), -3.5}
	n := &ir.Node{Op: ir.Op(next() % 8)}
	n.Class = name()
	for range next() % 3 {
		n.Outputs = append(n.Outputs, ir.Output{Name: name(), Type: []string{"float", "float2", ""}[next()%3]})
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
	ref := func() ir.Ref {
		if k := next(); k%4 != 0 {
			return ir.Ref{Node: k % 5, Out: next() % 2}
		}
		return ir.NoRef
	}
	for range next() % 4 {
		n.Operands = append(n.Operands, ref())
	}
	for range next() % 3 {
		n.Pins = append(n.Pins, ir.Pin{Name: name(), Ref: ref()})
	}
	return n
}

// numbersAgree checks that two numbers have equal packed keys exactly when
// they print alike in the text key, as a scalar and in a tuple, and equal
// NumberKeys exactly then too.
func numbersAgree(t *testing.T, a, b float64) bool {
	t.Helper()
	same := agree(t, &ir.Node{Props: []ir.Prop{{Name: "V", Value: ir.Num(a)}}}, &ir.Node{Props: []ir.Prop{{Name: "V", Value: ir.Num(b)}}})
	if (ir.NumberKey(a) == ir.NumberKey(b)) != same {
		t.Fatalf("%v and %v: NumberKeys %#x and %#x, but packed keys equal = %v", a, b, ir.NumberKey(a), ir.NumberKey(b), same)
	}
	return agree(t, &ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(1, a)}}},
		&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(1, b)}}})
}

// Numbers next to each other, to a 9-digit rounding boundary, and to the
// places decimalOf's shortcut gives up.
func TestPackedKeyNumbers(t *testing.T) {
	values := []float64{0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 0.5, 0.25, 1e-7, 1.5e-7, 1e-8, 123456789.5, 999999999.5,
		99999999.95, 9999999.995, 12345678.9, 1234567.891, 0.123456789, 0.1234567891, 1e21, -1e21, 5e-324,
		math.MaxFloat64, -math.MaxFloat64, 1e9, 1e9 + 1, 1e9 - 0.5, 3.14159265358979, 2.5e-5, 100, 1e8, 1e-300}
	n := 0
	for _, v := range values {
		near := []float64{v, -v, math.Nextafter(v, math.Inf(1)), math.Nextafter(v, math.Inf(-1)),
			v * (1 + 4e-10), v * (1 + 6e-10), v * (1 - 4e-10), v * (1 - 6e-10), v + 1e-9, v / 10, v * 10}
		for _, a := range near {
			for _, b := range near {
				numbersAgree(t, a, b)
				n++
			}
		}
	}
	// Values equal to 9 digits must be found equal: not only distinct ones.
	equal := 0
	for _, v := range values {
		if numbersAgree(t, v, math.Nextafter(v, math.Inf(1))) {
			equal++
		}
	}
	if equal < len(values)/2 {
		t.Fatalf("only %d of %d numbers share a key with their next double", equal, len(values))
	}
}

// FuzzPackedKeyNumber: any double and its neighbours, near and at 9 digits.
func FuzzPackedKeyNumber(f *testing.F) {
	f.Add(0.1, uint8(1))
	f.Add(123456789.5, uint8(3))
	f.Add(1e-7, uint8(200))
	f.Fuzz(func(t *testing.T, v float64, steps uint8) {
		w := v
		for range steps % 8 {
			w = math.Nextafter(w, math.Inf(1))
		}
		r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 9, 64), 64)
		for _, b := range []float64{w, r, math.Nextafter(r, math.Inf(-1)), v * (1 + float64(steps)*1e-11)} {
			numbersAgree(t, v, b)
		}
	})
}

// NumberKey keeps the packed key's special numbers apart and together:
// -0 is 0, two NaNs are one, the infinities differ from each other and
// from every finite number.
func TestNumberKeySpecials(t *testing.T) {
	nan2 := math.Float64frombits(math.Float64bits(math.NaN()) ^ 1)
	specials := []float64{0, math.Copysign(0, -1), math.NaN(), nan2, math.Inf(1), math.Inf(-1), 1, -1,
		math.MaxFloat64, 5e-324, 999999999.5}
	same := 0
	for _, a := range specials {
		for _, b := range specials {
			if numbersAgree(t, a, b) {
				same++
			}
		}
	}
	// Each value with itself, plus 0/-0 and the two NaNs both ways.
	if want := len(specials) + 4; same != want {
		t.Fatalf("%d equal pairs, want %d", same, want)
	}
}
