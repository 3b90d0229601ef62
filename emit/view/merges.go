package view

import (
	"fmt"
	"slices"
	"strconv"

	"reuselab/emit"
	"reuselab/ir"
)

// BuildNode is one node of the graph as built, as the merge list shows it.
type BuildNode struct {
	ID    int
	Op    string
	Class string
	Debug string
	Span  string // file:line:col, and the call site of an inlined helper
	Fate  string // what the reuse engine did to it
	// Raw names the raw asset's nodes it became (T3D object names), when
	// the raw side was emitted from the same build.
	Raw []string
}

// Merge is one node of the merged graph that stands for more than one
// build node: the asset nodes emitted for it and the build nodes it took in.
type Merge struct {
	Final   int      // node of the merged IR graph
	Nodes   []string // T3D object names of the merged asset nodes made for it
	Classes []string // their engine classes, same order
	Build   []BuildNode
	// Check is the merge's verdict (nil: not judged); Board and Marks the
	// blueprint and the node names the page script marks with it.
	Check *Check
	Board string
	Marks string // space-separated
}

// merges lists the merged graph's nodes that more than one build node
// became (fates other than pruned), in final-node order, with the asset
// nodes made for each. rawNames/mergedNames are the T3D object names of
// each side's asset nodes.
func merges(file string, raw, merged Side, rawNames, mergedNames []string) []Merge {
	res := merged.Result
	if res == nil || res.Build == nil || len(res.Fates) != len(res.Build.Nodes) || merged.Asset == nil {
		return nil
	}
	byFinal := map[int][]int{}
	var finals []int
	for b, f := range res.Fates {
		final := int(f.Final)
		if f.Kind == ir.Pruned || final < 0 {
			continue
		}
		if len(byFinal[final]) == 0 {
			finals = append(finals, final)
		}
		byFinal[final] = append(byFinal[final], b)
	}
	slices.Sort(finals)
	rawByIR := assetNodesByIR(raw.Asset)
	mergedByIR := assetNodesByIR(merged.Asset)
	sameBuild := raw.Result != nil && raw.Asset != nil && sameGraph(raw.Result.Build, res.Build) &&
		len(raw.Result.Fates) == len(res.Fates)
	var out []Merge
	for _, f := range finals {
		builds := byFinal[f]
		if len(builds) < 2 {
			continue
		}
		m := Merge{Final: f}
		for _, id := range mergedByIR[f] {
			m.Nodes = append(m.Nodes, nameOf(mergedNames, id))
			m.Classes = append(m.Classes, merged.Asset.Nodes[id].Class)
		}
		for _, b := range builds {
			n := res.Build.Nodes[b]
			bn := BuildNode{ID: b, Op: n.Op.String(), Class: n.Class, Debug: n.Debug,
				Span: spanText(file, n.Span), Fate: fateText(res.Fates[b])}
			if sameBuild {
				if rf := int(raw.Result.Fates[b].Final); raw.Result.Fates[b].Kind != ir.Pruned && rf >= 0 {
					for _, id := range rawByIR[rf] {
						bn.Raw = append(bn.Raw, nameOf(rawNames, id))
					}
				}
			}
			m.Build = append(m.Build, bn)
		}
		out = append(out, m)
	}
	return out
}

// assetNodesByIR lists, per IR node, the asset nodes emitted for it (its
// own node, and the fresh constants and helpers of a lowered builtin).
func assetNodesByIR(a *emit.Asset) map[int][]int {
	out := map[int][]int{}
	if a == nil {
		return out
	}
	for _, n := range a.Nodes {
		if n.IR >= 0 {
			out[n.IR] = append(out[n.IR], n.ID)
		}
	}
	return out
}

// sameGraph says whether two results started from the same build, so that
// build ids mean the same node in both (the legacy-1x pack runs on the
// graph 1.x built, whose ids differ).
func sameGraph(a, b *ir.Graph) bool {
	if a == b {
		return a != nil
	}
	if a == nil || b == nil || len(a.Nodes) != len(b.Nodes) {
		return false
	}
	for i := range a.Nodes {
		x, y := a.Nodes[i], b.Nodes[i]
		if x.Op != y.Op || x.Class != y.Class || x.Debug != y.Debug || x.Span != y.Span {
			return false
		}
	}
	return true
}

func nameOf(names []string, id int) string {
	if id >= 0 && id < len(names) && names[id] != "" {
		return names[id]
	}
	return "asset node " + strconv.Itoa(id)
}

func fateText(f ir.Fate) string {
	by := ""
	if f.Pass != ir.NoPass {
		by = " by " + f.Pass.String()
		if f.Round > 0 {
			by += ", round " + strconv.Itoa(int(f.Round))
		}
	}
	switch f.Kind {
	case ir.Merged:
		return fmt.Sprintf("merged into %%%d%s", f.Into, by)
	case ir.Kept:
		return "kept" + by
	}
	return f.Kind.String() + by
}

func spanText(file string, sp ir.Span) string {
	if sp.File != "" {
		file = sp.File
	}
	s := file + ":" + strconv.Itoa(sp.Line) + ":" + strconv.Itoa(sp.Col)
	if sp.ViaLine > 0 {
		s += " (inlined at " + strconv.Itoa(sp.ViaLine) + ":" + strconv.Itoa(sp.ViaCol) + ")"
	}
	return s
}
