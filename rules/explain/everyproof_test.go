package explain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// rederived reports the first step of p that backward chaining could not
// re-derive (a fact the evaluation made that no clause proves again).
func rederived(p *eval.Proof) *eval.Proof {
	if p.How == eval.HowCut && strings.HasPrefix(p.Note, "no clause re-derives") {
		return p
	}
	for _, c := range p.Premises {
		if f := rederived(c); f != nil {
			return f
		}
	}
	return nil
}

// TestEveryHeadFactProved: under every built-in pack, on every bundled
// example, every sig/2, foldtype/2, fold/3, alias/3 and rewrite/4 fact the
// evaluation derived is proved again by the clauses, with a position in
// the pack's files — the derivations explain prints are the pack's own.
func TestEveryHeadFactProved(t *testing.T) {
	files, _ := filepath.Glob("../../bench/corpus/examples/*.ds[mfs]")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	for _, name := range pack.BuiltinNames() {
		p := rulestest.MustPack(t, name)
		if p.Input == "1x" {
			continue // reads the 1x build (reuse/engines makes it); the build here is 2.0's
		}
		proved := 0
		for _, f := range files {
			if _, err := os.Stat(f); err != nil {
				continue
			}
			m, ds := compiler.CompileFile(f, compiler.Options{})
			if m == nil || ds.HasErrors() {
				continue
			}
			for _, g := range m.Products {
				o := eval.Evaluate(g, p, eval.Options{Provenance: true})
				if !o.Stop.Answered() {
					t.Errorf("%s on %s: %v", name, f, o.Diags)
					continue
				}
				for i, ps := range o.Proofs {
					for _, pr := range ps {
						proved++
						if pr.How != eval.HowClause || pr.Pos.Line < 1 {
							t.Errorf("%s on %s: b%d's %s: %s at %v", name, f, i, pr.Fact, pr.How, pr.Pos)
						} else if bad := rederived(pr); bad != nil {
							t.Errorf("%s on %s: b%d's %s: %s not re-derived", name, f, i, pr.Fact, bad.Fact)
						}
					}
				}
			}
		}
		if proved == 0 {
			t.Errorf("%s: nothing proved", name)
		}
	}
}
