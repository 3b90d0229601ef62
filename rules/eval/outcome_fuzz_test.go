package eval_test

import (
	"math"
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

// outcomeFromBytes makes an Outcome for g out of fuzz input: most nodes a
// plausible decision (a class of their own, joining an earlier class, an
// alias, a fold, a rewrite), some anything at all (an id out of range, a
// type that is none, a mask of nonsense), and now and then a wrong length
// or a stop reason no evaluation ends with; so that Build meets outcomes
// it must accept as well as every kind it must refuse.
func outcomeFromBytes(g *ir.Graph, data []byte) *eval.Outcome {
	r := &fuzzBytes{b: data}
	n := len(g.Nodes)
	o := &eval.Outcome{Stop: ir.StopSaturated, Live: make([]bool, n), Keep: make([]bool, n), Class: make([]int32, n),
		Alias: map[int]ir.Ref{}, Fold: map[int]eval.FoldOut{}, Rewrite: map[int]eval.SwzOut{}}
	mode := r.next()
	types := []string{"float", "float2", "float3", "float4", "bool", "bool3", "", "Texture2D", "float5"}
	masks := []string{"x", "xy", "xyz", "xyzw", "w", "zzzz", "", "q", "xyzwx", "X"}
	// someone is an earlier node, or with the high bit any id at all
	someone := func(i int) int {
		b := r.next()
		if b&0x80 != 0 || i == 0 {
			return int(int8(r.next()))
		}
		return int(b) % i
	}
	for i := range n {
		o.Class[i] = -1
		b := r.next()
		o.Live[i] = b&0xe0 != 0xe0
		if !o.Live[i] {
			continue
		}
		o.Class[i] = int32(i)
		switch b & 0x7 {
		case 3: // joins the class of an earlier node
			if j := someone(i); j >= 0 && j < n && o.Class[j] >= 0 {
				o.Class[i] = o.Class[j]
			}
		case 4: // aliased to an earlier node's class
			o.Class[i] = -1
			j := someone(i)
			if j >= 0 && j < n && o.Class[j] >= 0 {
				j = int(o.Class[j])
			}
			o.Alias[i] = ir.Ref{Node: j, Out: int(r.next() % 3)}
		case 5:
			f := eval.FoldOut{Type: types[int(r.next())%len(types)]}
			for range int(r.next() % 6) {
				f.Vals = append(f.Vals, float64(int8(r.next()))/4)
			}
			o.Fold[i] = f
		case 6:
			o.Rewrite[i] = eval.SwzOut{Src: ir.Ref{Node: someone(i), Out: int(r.next() % 2)}, Mask: masks[int(r.next())%len(masks)]}
		case 7: // anything
			o.Class[i] = int32(int8(r.next()))
		}
	}
	surv := o.Survivors()
	for i := range n {
		o.Keep[i] = surv[i] == i && r.next()&0x3 != 0
	}
	switch mode % 16 {
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
