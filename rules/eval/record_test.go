package eval_test

import (
	"strings"
	"testing"

	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/rulestest"
)

func find(p *eval.Proof, how string) *eval.Proof {
	if p == nil {
		return nil
	}
	if p.How == how {
		return p
	}
	for _, c := range p.Premises {
		if f := find(c, how); f != nil {
			return f
		}
	}
	return nil
}

// TestProvenance: every head fact the driver applies has a proof whose
// clause is the pack's, at its line; recording changes no decision.
func TestProvenance(t *testing.T) {
	g := profileGraph()
	p := rulestest.MustPack(t, "reuse-2.0")
	o := eval.Evaluate(g, p, eval.Options{Provenance: true})
	plain := eval.Evaluate(g, p, eval.Options{})
	if strings.Join(classes(o), ",") != strings.Join(classes(plain), ",") {
		t.Fatalf("classes with provenance %v, without %v", classes(o), classes(plain))
	}
	for i := range g.Nodes {
		if o.Class[i] < 0 || g.Nodes[i].Role != ir.RoleValue {
			continue
		}
		ps := o.Proofs[i]
		if len(ps) == 0 {
			t.Errorf("b%d: no proof of its signature", i)
			continue
		}
		for _, pr := range ps {
			if pr.How != eval.HowClause || !strings.HasPrefix(pr.Pos.File, "packs/reuse-2.0.mg") || pr.Pos.Line < 1 {
				t.Errorf("b%d: %s proved by %q at %v", i, pr.Fact, pr.How, pr.Pos)
			}
		}
	}
	// b3 = Add(b1, b2): the dedupe clause, four premises, the fed keyargs/2
	// (key and slots joined) first
	sig := o.Proofs[3][0]
	if !strings.HasPrefix(sig.Fact, `sig(3,"Add||:float||=1#0|=2#0")`) || len(sig.Premises) != 4 ||
		sig.Premises[0].Fact != `keyargs(3,"Add||:float||=1#0|=2#0")` || sig.Premises[0].How != eval.HowFed ||
		sig.Premises[3].Fact != `role(3,"value")` || sig.Premises[3].How != eval.HowSchema {
		t.Errorf("proof of b3's signature: %+v", sig)
	}
	// Watching b1 and b3 proves only what lies below them (b0..b3), and
	// contrasts them: the swizzle b1's clause, tried for the Add b3, fails
	// at its first premise, there being no swz0/4 for b3.
	o = eval.Evaluate(g, p, eval.Options{Provenance: true, Watch: []int{1, 3}})
	for i := range g.Nodes {
		if got := len(o.Proofs[i]) > 0; got != (i <= 3 && g.Nodes[i].Role == ir.RoleValue) {
			t.Errorf("watching b1 and b3: b%d proved %v", i, got)
		}
	}
	var c *eval.Contrast
	for k := range o.Contrasts {
		if o.Contrasts[k].From == 1 && o.Contrasts[k].To == 3 {
			c = &o.Contrasts[k]
		}
	}
	if c == nil || c.Failed == nil || !strings.HasPrefix(c.Failed.Fact, "swz0(3,") || c.Failed.Note != "no such fact" || len(c.Held) != 0 {
		t.Errorf("contrast b1 → b3: %+v (all: %+v)", c, o.Contrasts)
	}
}

// TestProvenanceBounded: a proof deeper than the record keeps is cut, and
// says so.
func TestProvenanceBounded(t *testing.T) {
	o := eval.Evaluate(profileGraph(), loadTestPack(t, "testdata/deep.mg"), eval.Options{Provenance: true})
	var deep *eval.Proof
	for _, p := range o.Proofs[3] {
		if strings.HasPrefix(p.Fact, `sig(3,"deep|3")`) {
			deep = p
		}
	}
	if deep == nil {
		t.Fatalf("no proof of the deep signature: %+v", o.Proofs[3])
	}
	cut := find(deep, eval.HowCut)
	if cut == nil || !strings.HasPrefix(cut.Fact, "chain(3,") || !strings.Contains(cut.Note, "bounded") {
		t.Errorf("the chain of twenty is not cut: %+v", cut)
	}
	if n := deep.Size(); n > 400 {
		t.Errorf("proof of %d steps, over the bound", n)
	}
	// the chain it kept is the real one, clause by clause
	if deep.Premises[0].Fact != "chain(3,20)" || deep.Premises[0].Premises[0].Fact != "chain(3,19)" || deep.Premises[0].Pos.Line != 6 {
		t.Errorf("chain: %+v", deep.Premises[0])
	}
}

// TestProvenanceTransforms: a premise derived through a let or a do
// transform is proved by re-running the transform (engine.EvalTransform)
// over the body's rows.
func TestProvenanceTransforms(t *testing.T) {
	o := eval.Evaluate(profileGraph(), loadTestPack(t, "testdata/transform.mg"), eval.Options{Provenance: true})
	if !o.Stop.Answered() {
		t.Fatalf("stopped: %v", o.Diags)
	}
	got := map[string]*eval.Proof{}
	for _, p := range o.Proofs[3] {
		got[p.Fact] = p
	}
	let := got[`sig(3,"k|3")`]
	if let == nil || let.Premises[0].Fact != "addk(3,3)" || let.Premises[0].How != eval.HowClause || let.Premises[0].Pos.Line != 4 ||
		find(let.Premises[0], eval.HowTransform) == nil || find(let.Premises[0], eval.HowTransform).Fact != "|> let K = fn:plus(2,1)" || find(let.Premises[0], eval.HowTransform).Note != "K = 3" {
		t.Errorf("the let transform's proof: %+v", let)
	}
	// two Adds at level 2 (b3, b4): the count is per level evaluation
	do := got[`sig(3,"c|2")`]
	if do == nil || do.Premises[1].Fact != `opcount("Add",2)` || do.Premises[1].How != eval.HowClause || do.Premises[1].Pos.Line != 5 ||
		find(do.Premises[1], eval.HowTransform) == nil || find(do.Premises[1], eval.HowTransform).Note != "over the 2 body rows of its group" {
		t.Errorf("the do transform's proof: %+v (all: %v)", do, got)
	}
}
