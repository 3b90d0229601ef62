package eval_test

import (
	"math"
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
)

// fuzzBytes hands out fuzz input a byte at a time, zeros past its end.
type fuzzBytes struct {
	b []byte
	k int
}

func (r *fuzzBytes) next() byte {
	if r.k >= len(r.b) {
		return 0
	}
	r.k++
	return r.b[r.k-1]
}

// outcomeFromBytes makes an Outcome for g out of fuzz input. Most bytes
// make a decision a pack could make (a class of its own, joining an
// earlier node's class, an alias to an operand, a fold to the node's own
// type, a swizzle's mask recomposed), so that Build meets outcomes it must
// apply; a few set bits make one wrong (another node's class or op, a
// fold of the wrong width or no type, a mask of nonsense, an id out of
// range), and the first byte may spoil a length or the stop reason; so
// that it also meets every kind it must refuse. Input past its end reads
// as zeros: every node its own class, kept.
func outcomeFromBytes(g *ir.Graph, data []byte) *eval.Outcome {
	r := &fuzzBytes{b: data}
	n := len(g.Nodes)
	o := &eval.Outcome{Stop: ir.StopSaturated, Live: make([]bool, n), Keep: make([]bool, n), Class: make([]int32, n),
		Alias: map[int]ir.Ref{}, Fold: map[int]eval.FoldOut{}, Rewrite: map[int]eval.SwzOut{}}
	mode := r.next()
	types := []string{"float", "float2", "float3", "float4", "bool", "bool3", "", "Texture2D", "float5"}
	masks := []string{"", "q", "xyzwx", "X", "xyzw", "w"}
	decided := func(j int) bool { _, a := o.Alias[j]; return j >= 0 && j < n && o.Class[j] >= 0 && !a }
	for i, nd := range g.Nodes {
		b := r.next()
		o.Class[i] = -1
		if b == 0xff {
			continue // dead
		}
		o.Live[i], o.Class[i] = true, int32(i)
		wrong := b&0x80 != 0
		if nd.Role != ir.RoleValue && !wrong {
			continue
		}
		switch b & 0x7 {
		case 1: // joins an earlier node's class: of its op and outputs unless wrong
			j := int(r.next()) % max(i, 1)
			if wrong {
				j = int(int8(r.next()))
			}
			if decided(j) && (wrong || g.Nodes[j].Op == nd.Op && ir.FormatType(g.Nodes[j].Outputs) == ir.FormatType(nd.Outputs)) {
				o.Class[i] = o.Class[j]
			}
		case 2: // aliased to an operand's class (or anything)
			if len(nd.Operands) == 0 {
				break
			}
			op := nd.Operands[int(r.next())%len(nd.Operands)]
			if wrong {
				op = ir.Ref{Node: int(int8(r.next())), Out: int(r.next() % 3)}
			}
			if !wrong && !decided(op.Node) {
				break
			}
			if decided(op.Node) {
				op.Node = int(o.Class[op.Node])
			}
			o.Class[i] = -1
			o.Alias[i] = op
		case 3: // folded to its own type (or to anything)
			f := eval.FoldOut{Type: nd.Type(0)}
			w := ir.TypeWidth(f.Type)
			if wrong {
				f.Type, w = types[int(r.next())%len(types)], int(r.next()%6)
			}
			for range w {
				v := float64(int8(r.next())) / 4
				if strings.HasPrefix(f.Type, "bool") && !wrong {
					v = float64(r.next() & 1)
				}
				f.Vals = append(f.Vals, v)
			}
			if w > 0 || wrong {
				o.Fold[i] = f
			}
		case 4: // a swizzle's mask recomposed over its source (or anything)
			if nd.Op != ir.OpSwizzle && !wrong || len(nd.Operands) == 0 {
				break
			}
			src := nd.Operands[0]
			sw, w := ir.TypeWidth(g.Nodes[max(src.Node, 0)].Type(src.Out)), ir.TypeWidth(nd.Type(0))
			mask := make([]byte, w)
			for k := range mask {
				mask[k] = "xyzw"[int(r.next())%max(sw, 1)]
			}
			rw := eval.SwzOut{Src: src, Mask: string(mask)}
			if wrong {
				rw.Src.Node, rw.Mask = int(int8(r.next())), masks[int(r.next())%len(masks)]
			}
			if decided(rw.Src.Node) {
				rw.Src.Node = int(o.Class[rw.Src.Node])
			}
			o.Rewrite[i] = rw
		case 5:
			if wrong {
				o.Class[i] = int32(int8(r.next()))
			}
		}
	}
	surv := o.Survivors()
	for i := range n {
		o.Keep[i] = surv[i] == i && (g.Nodes[i].Role != ir.RoleValue || r.next()&0x7 != 7)
	}
	switch mode {
	case 1:
		o.Stop = ir.StopReason([]string{"timeout", "error", "sideways", ""}[r.next()%4])
	case 2:
		o.Live = o.Live[:n/2]
	case 3:
		o.Keep = append(o.Keep, true)
	case 4:
		o.Keep[int(r.next())%n] = true
	case 5:
		o.Fold[int(r.next())%n] = eval.FoldOut{Type: "float", Vals: []float64{math.NaN()}}
	}
	return o
}

// Applying an outcome never panics or loops, whatever it says: either it
// is refused with a diagnostic and the build graph comes back untouched,
// or its result passes the IR contract.
func FuzzApplyOutcome(f *testing.F) {
	f.Add([]byte{40, 0, 77, 0}, []byte{0, 0, 0, 3, 1, 4, 0, 5, 2, 1, 63, 6, 0, 1, 2})
	f.Add([]byte{90, 1, 200, 4}, []byte{0, 3, 3, 3, 3, 3, 4, 4, 4, 0x85, 0x80, 7, 1})
	f.Add([]byte{10, 0, 0, 1}, []byte{2, 8, 8, 8, 8})
	f.Add([]byte{120, 2, 128, 6}, []byte{1, 0, 0, 0})
	f.Fuzz(func(t *testing.T, shape, decisions []byte) {
		g := irgen.Generate(irgen.ConfigFromBytes(shape))
		o := outcomeFromBytes(g, decisions)
		answered := o.Stop.Answered()
		diags := len(o.Diags)
		res := eval.Build(g, "fuzz.mg", o)
		if err := ir.CheckResult(res); err != nil {
			t.Fatalf("the result breaks the IR contract: %v", err)
		}
		if res.StopReason.Answered() {
			return
		}
		for i, fate := range res.Fates {
			if fate.Kind != ir.Kept || int(fate.Final) != i {
				t.Fatalf("stopped (%s), yet b%d is %s", res.StopReason, i, fate.Kind)
			}
		}
		if answered {
			if len(o.Diags) != diags+1 || (o.Diags[diags].Code != eval.CodeChild && o.Diags[diags].Code != eval.CodePackOutput) {
				t.Fatalf("refused without its diagnostic: %v", o.Diags)
			}
		}
	})
}
