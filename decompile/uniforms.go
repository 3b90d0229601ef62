package decompile

import (
	"sort"
	"strconv"
	"strings"

	"reuselab/ir"
)

// uniform is one Parameter or TextureParameter of the module, printed once
// however many products read it.
type uniform struct {
	name     string // the variable in the source
	param    string // the parameter's name in the asset
	typ      string
	node     *ir.Node
	priority float64
	region   string
}

// collectUniforms gathers the module's uniforms in the order they come
// back: by sort priority, first appearance breaking ties.
func collectUniforms(m *ir.Module, reads []readings) []uniform {
	var us []uniform
	seen := map[string]bool{}
	for gi, g := range m.Products {
		for _, n := range g.Nodes {
			if n.Op != ir.OpParameter && n.Op != ir.OpTextureParameter {
				continue
			}
			v, _ := n.Prop("ParameterName")
			if v.Str == "" || seen[v.Str] {
				continue
			}
			seen[v.Str] = true
			name := v.Str
			if isIdent(n.Debug) && n.Debug != v.Str {
				// The variable's name; the parameter's shows in `@name`.
				name = n.Debug
			}
			u := uniform{name: name, param: v.Str, typ: uniformType(n), node: n, region: n.Span.Region}
			if reads[gi][n.ID].Form == "bool" {
				u.typ = "bool"
			}
			if p, ok := n.Prop("SortPriority"); ok && len(p.Nums) == 1 {
				u.priority = p.Nums[0]
			}
			us = append(us, u)
		}
	}
	sort.SliceStable(us, func(i, j int) bool { return us[i].priority < us[j].priority })
	return us
}

// uniformType is the declared type: a vector uniform is a float4 Parameter
// whose default value has the declared width (LANGUAGE-DSS: every vector
// uniform is a float4 plus a narrowing Swizzle).
func uniformType(n *ir.Node) string {
	t := n.Type(0)
	if n.Op == ir.OpTextureParameter || t == "bool" {
		return t
	}
	if v, ok := n.Prop("DefaultValue"); ok && len(v.Nums) >= 1 && len(v.Nums) <= 4 {
		return floatType(len(v.Nums))
	}
	return t
}

func floatType(width int) string {
	if width == 1 {
		return "float"
	}
	return "float" + strconv.Itoa(width)
}

// isNarrowing reports whether n is the Swizzle that reads a vector uniform
// at its declared width: the uniform itself in the source.
func isNarrowing(g *ir.Graph, n *ir.Node) bool {
	if n.Op != ir.OpSwizzle || len(n.Operands) != 1 || !n.Operands[0].Valid() {
		return false
	}
	p := g.Nodes[n.Operands[0].Node]
	if p.Op != ir.OpParameter {
		return false
	}
	mask, _ := n.Prop("Mask")
	t := uniformType(p)
	return p.Type(0) == "float4" && t != "float4" && mask.Str == "xyzw"[:width0(t)]
}

// width0 is a float type's component count (float is 1).
func width0(t string) int {
	switch t {
	case "float2":
		return 2
	case "float3":
		return 3
	case "float4":
		return 4
	}
	return 1
}

// uniformDocs are the doc lines a uniform's properties come back as, in
// upstream's order.
func uniformDocs(u uniform, position int) []string {
	var docs []string
	if v, ok := u.node.Prop("Description"); ok && v.Str != "" {
		for _, line := range strings.Split(v.Str, "\n") {
			docs = append(docs, "/// "+line)
		}
	}
	if v, ok := u.node.Prop("Group"); ok && v.Str != "" {
		docs = append(docs, "/// @group "+v.Str)
	}
	lo, okLo := u.node.Prop("SliderMin")
	hi, okHi := u.node.Prop("SliderMax")
	if okLo && okHi && len(lo.Nums) == 1 && len(hi.Nums) == 1 {
		docs = append(docs, "/// @slider "+floatLit(lo.Nums[0])+" "+floatLit(hi.Nums[0]))
	}
	if u.param != u.name {
		docs = append(docs, "/// @name "+u.param)
	}
	if float64(position) != u.priority {
		docs = append(docs, "/// @sort "+ir.FormatNumber(u.priority))
	}
	if v, ok := u.node.Prop("SamplerType"); ok && v.Str != "" {
		docs = append(docs, "/// @sampler "+v.Str)
	}
	if v, ok := u.node.Prop("IsStatic"); ok && v.Kind == ir.KindBool && v.Bool {
		docs = append(docs, "/// @static")
	}
	return docs
}

// uniformDecl is the declaration line.
func uniformDecl(u uniform) string {
	s := "uniform " + u.typ + " " + u.name
	v, ok := u.node.Prop("DefaultValue")
	if !ok || len(v.Nums) == 0 {
		return s + ";"
	}
	if u.typ == "bool" {
		return s + " = " + strconv.FormatBool(v.Nums[0] != 0) + ";"
	}
	return s + " = " + vectorLit(v.Nums) + ";"
}

// writeUniforms prints the uniforms: a documented uniform stands apart
// between blank lines, undocumented ones run together; a top-level region
// wraps the uniforms built in it.
func (p *printer) writeUniforms(us []uniform) {
	if len(us) == 0 {
		return
	}
	p.blank()
	region := ""
	lastDoc := false
	for i, u := range us {
		if u.region != region {
			if region != "" {
				p.line("#pragma endregion")
			}
			if u.region != "" {
				p.line("#pragma region " + u.region)
			}
			region = u.region
		}
		docs := uniformDocs(u, i)
		if (len(docs) > 0 || lastDoc) && i > 0 {
			p.blank()
		}
		for _, d := range docs {
			p.line(d)
		}
		p.line(uniformDecl(u))
		lastDoc = len(docs) > 0
	}
	if region != "" {
		p.line("#pragma endregion")
	}
}
