package dbg

import (
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/internal/shared"
	"reuselab/ir"
	"reuselab/reuse/engines"
)

func TestCounts(t *testing.T) {
	root := os.Getenv("ROOT")
	files := shared.AllSourceFiles(root)
	for _, pk := range []string{"ranges", "reassociate"} {
		base, pe := engines.MustResolve("reuse-2.0"), engines.MustResolve(pk)
		nb, np := 0, 0
		byOp := map[string]int{}
		assets := 0
		for _, f := range files {
			m, ds := compiler.CompileFile(f, compiler.Options{})
			if m == nil || ds.HasErrors() {
				continue
			}
			for _, g := range m.Products {
				assets++
				rb, rp := base.Run(g, ir.Limits{}), pe.Run(g, ir.Limits{})
				nb += len(rb.Graph.Nodes)
				np += len(rp.Graph.Nodes)
				cb, cp := map[string]int{}, map[string]int{}
				for _, n := range rb.Graph.Nodes { cb[n.Op.String()]++ }
				for _, n := range rp.Graph.Nodes { cp[n.Op.String()]++ }
				for op, c := range cb { if d := c - cp[op]; d != 0 { byOp[op] += d } }
				for op, c := range cp { if _, ok := cb[op]; !ok { byOp[op] -= c } }
			}
		}
		var ops []string
		for op, d := range byOp { ops = append(ops, fmt.Sprintf("%s %+d", op, -d)) }
		sort.Strings(ops)
		t.Logf("%s on %s: %d assets, IR nodes reuse-2.0 %d -> %s %d; surviving per op: %s", pk, root, assets, nb, pk, np, strings.Join(ops, ", "))
	}
}
