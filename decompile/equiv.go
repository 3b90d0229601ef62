package decompile

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"

	"reuselab/ir"
)

// Equivalent compares two modules as graphs, the way upstream's
// AreDreamShaderIRModulesEquivalent does after a decompile: the same
// products (kind, name, settings, library, description) whose roots
// compute the same values, node for node, ignoring ids, creation order,
// spans and debug names. It returns "" when they are equivalent, else the
// first difference.
func Equivalent(a, b *ir.Module) string {
	if len(a.Products) != len(b.Products) {
		return fmt.Sprintf("%d products, want %d", len(b.Products), len(a.Products))
	}
	for i := range a.Products {
		ga, gb := a.Products[i], b.Products[i]
		ha, hb := productHeader(ga), productHeader(gb)
		if ha != hb {
			return fmt.Sprintf("product %d: %s, want %s", i, hb, ha)
		}
		ka, kb := graphKeys(ga), graphKeys(gb)
		if len(ka) != len(kb) {
			return fmt.Sprintf("product %d %q: %d distinct values, want %d", i, ga.Name, len(kb), len(ka))
		}
		for j := range ka {
			if ka[j] != kb[j] {
				return fmt.Sprintf("product %d %q: %s, want %s", i, ga.Name, kb[j], ka[j])
			}
		}
	}
	return ""
}

func productHeader(g *ir.Graph) string {
	var ss []string
	for _, s := range g.Settings {
		ss = append(ss, s.Key+"="+s.Value)
	}
	sort.Strings(ss)
	return fmt.Sprintf("%s %q settings{%s} library %q desc %q inputs %d outputs %d", g.Kind, g.Name, strings.Join(ss, ", "), g.Library, g.Desc, len(g.Inputs), len(g.Outputs))
}

// graphKeys names every node of g by a hash of its key, whose operands
// are named by their own hashes: two graphs built in another order get
// the same names. The sorted keys describe the graph up to renumbering.
func graphKeys(g *ir.Graph) []string {
	hash := make([]string, len(g.Nodes))
	keys := make([]string, len(g.Nodes))
	ref := func(r ir.Ref) string {
		if !r.Valid() || r.Node >= len(g.Nodes) {
			return "_"
		}
		return hash[r.Node] + "." + strconv.Itoa(r.Out)
	}
	for i, n := range g.Nodes {
		var k strings.Builder
		k.WriteString(n.Op.String() + "[" + n.Class + "](")
		for _, r := range n.Operands {
			k.WriteString(ref(r) + ",")
		}
		for _, p := range n.Pins {
			k.WriteString(p.Name + "=" + ref(p.Ref) + ",")
		}
		for _, p := range n.SortedProps() {
			if p.Name == "Code" {
				// Custom code carries the source file's line numbers in
				// its markers; the body is what must agree.
				k.WriteString("Code=" + strconv.Quote(customBody(p.Value.Str)) + ",")
				continue
			}
			k.WriteString(p.Name + "=" + p.Value.String() + ",")
		}
		k.WriteString(")")
		for _, o := range n.Outputs {
			k.WriteString(":" + o.Name + "/" + o.Type)
		}
		keys[i] = k.String()
		h := fnv.New64a()
		h.Write([]byte(keys[i]))
		hash[i] = strconv.FormatUint(h.Sum64(), 36)
	}
	sort.Strings(keys)
	return keys
}
