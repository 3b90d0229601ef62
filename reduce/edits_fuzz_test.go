package reduce_test

import (
	"fmt"
	"sort"
	"testing"

	"reuselab/ir"
	"reuselab/reduce"
)

// FuzzDeadCodeKeepsGraph: take a generated material, make one of the
// reducer's edits of it (chosen by the input) and, when that compiles
// cleanly, delete its dead code: the result compiles with no diagnostic
// the edited file lacked and the reference makes the same products with
// the same surviving nodes, so that deleting dead code never changes what
// a condition sees. Every edit's range lies inside the source.
func FuzzDeadCodeKeepsGraph(f *testing.F) {
	for s := uint64(1); s <= 6; s++ {
		f.Add(seedBytes(s, 96), uint16(s*7))
	}
	f.Fuzz(func(t *testing.T, data []byte, pick uint16) {
		src := []byte(Program(data, 6))
		edits, err := reduce.Edits("M_Fuzz.dsm", src)
		if err != nil {
			t.Fatal(err)
		}
		keys := make([]string, 0, len(edits))
		for k, e := range edits {
			if e == nil {
				t.Fatalf("edit %q made nothing of:\n%s", k, src)
			}
			keys = append(keys, k)
		}
		if len(keys) == 0 {
			return
		}
		sort.Strings(keys)
		edited := edits[keys[int(pick)%len(keys)]]
		before, ds := compileSrc("M_Fuzz.dsm", string(edited))
		if before == nil || ds.HasErrors() {
			return // an edit may break the file: the reducer refuses it
		}
		had := map[string]bool{}
		for _, d := range ds.Items {
			had[d.Code+" "+d.Message] = true
		}
		dead := reduce.DeadCode("M_Fuzz.dsm", edited)
		after, ds := compileSrc("M_Fuzz.dsm", string(dead))
		if after == nil || ds.HasErrors() {
			t.Fatalf("the dead code's deletion does not compile:\n%s\nedited:\n%s\nafter:\n%s", ds.String(), edited, dead)
		}
		for _, d := range ds.Items {
			if !had[d.Code+" "+d.Message] {
				t.Fatalf("the dead code's deletion adds %s\nedited:\n%s\nafter:\n%s", d, edited, dead)
			}
		}
		if a, b := survivors(before), survivors(after); a != b {
			t.Fatalf("the surviving graphs differ: %s against %s\nedited:\n%s\nafter:\n%s", a, b, edited, dead)
		}
	})
}

// survivors sums up what the reference keeps of each product.
func survivors(m *ir.Module) string {
	s := fmt.Sprintf("%d products:", len(m.Products))
	for _, g := range m.Products {
		s += fmt.Sprintf(" %d", len(reference.Run(g, ir.Limits{}).Graph.Nodes))
	}
	return s
}
