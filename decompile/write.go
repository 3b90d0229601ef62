package decompile

import (
	"strconv"
	"strings"

	"reuselab/ir"
)

const indent = "    "

// write prints the product: its docs, signature and body (the locals, a
// blank line, then what the product outputs, then its output-less engine
// statements).
func (b *body) write(p *printer) {
	g := b.g
	var params, outs []string
	inout := map[string]bool{}
	materialParam := "m"
	for _, id := range g.Outputs {
		out := g.Nodes[id]
		name, _ := out.Prop("OutputName")
		if len(out.Operands) > 0 && out.Operands[0].Valid() && g.Nodes[out.Operands[0].Node].Type(out.Operands[0].Out) == "material" {
			inout[sourceIdent(name.Str, "Output")] = true
		}
	}
	if g.Desc != "" {
		for _, line := range strings.Split(g.Desc, "\n") {
			p.line("/// " + line)
		}
	}
	if g.Library != "" {
		p.line("/// @library " + g.Library)
	}
	for _, id := range g.Inputs {
		in := g.Nodes[id]
		name, _ := in.Prop("InputName")
		if d, ok := in.Prop("Description"); ok && d.Str != "" {
			p.line("/// @param " + name.Str + " " + d.Str)
		}
		// A static pin: said by `@static`, or by the input's use as an
		// `if` condition, which the ternary printed for it is not.
		if t, _ := in.Prop("InputType"); t.Str == "StaticBool" {
			p.line("/// @static " + sourceIdent(name.Str, "Input"))
		}
	}
	fnName := g.Name
	if i := strings.LastIndexByte(fnName, '/'); i >= 0 {
		// A product named by its asset path: the function is its leaf.
		fnName = fnName[i+1:]
		p.line("/// @name " + g.Name)
	}
	fnName = sourceIdent(fnName, "Function")
	switch g.Kind {
	case ir.MaterialLayer:
		p.line("/// @layer")
	case ir.MaterialLayerBlend:
		p.line("/// @layerblend")
	}
	for _, id := range g.Inputs {
		in := g.Nodes[id]
		v, _ := in.Prop("InputName")
		name := sourceIdent(v.Str, "Input")
		t := typeName(in.Type(0))
		if inout[name] {
			params = append(params, "inout "+t+" "+name)
			materialParam = name
			continue
		}
		decl := t + " " + name
		if opt, _ := in.Prop("IsOptional"); opt.Bool {
			if pv, ok := in.Prop("PreviewValue"); ok && len(pv.Nums) > 0 && t != "material" {
				if t == "bool" {
					decl += " = " + strconv.FormatBool(pv.Nums[0] != 0)
				} else {
					decl += " = " + vectorLit(pv.Nums[:min(len(pv.Nums), width0(t))])
				}
			}
		}
		params = append(params, decl)
	}
	ret := "void"
	var results []string
	switch {
	case g.Kind == ir.Material:
		params = append(params, "inout material m")
		results = b.sinkStatements(materialParam)
	case len(g.Outputs) == 1 && !inout[b.outputName(g.Outputs[0])] && b.outputName(g.Outputs[0]) == "Result":
		out := g.Nodes[g.Outputs[0]]
		if len(out.Operands) > 0 && out.Operands[0].Valid() {
			ret = typeName(g.Nodes[out.Operands[0].Node].Type(out.Operands[0].Out))
			results = append(results, "return "+b.expr(out.Operands[0], 0)+";")
		}
	default:
		for _, id := range g.Outputs {
			out := g.Nodes[id]
			name := b.outputName(id)
			var src ir.Ref = ir.NoRef
			if len(out.Operands) > 0 {
				src = out.Operands[0]
			}
			if inout[name] {
				if !hasInput(g, name) {
					params = append(params, "inout material "+name)
				}
				results = append(results, b.materialStatements(name, src)...)
				continue
			}
			t := "float"
			if src.Valid() {
				t = typeName(g.Nodes[src.Node].Type(src.Out))
			}
			outs = append(outs, "out "+t+" "+name)
			results = append(results, name+" = "+b.expr(src, 0)+";")
		}
	}
	params = append(params, outs...)
	p.line("export " + ret + " " + fnName + "(" + strings.Join(params, ", ") + ")")
	p.line("{")
	b.writeLocals(p)
	if len(b.locals) > 0 && len(results) > 0 {
		p.blank()
	}
	for _, s := range results {
		p.line(indent + s)
	}
	p.line("}")
}

func (b *body) outputName(id int) string {
	v, _ := b.g.Nodes[id].Prop("OutputName")
	return sourceIdent(v.Str, "Output")
}

func hasInput(g *ir.Graph, name string) bool {
	for _, id := range g.Inputs {
		if v, _ := g.Nodes[id].Prop("InputName"); sourceIdent(v.Str, "Input") == name {
			return true
		}
	}
	return false
}

// sinkStatements are a material's attribute assignments, in the sink's
// pin order, then its output-less engine statements.
func (b *body) sinkStatements(m string) []string {
	var out []string
	if b.g.Sink >= 0 {
		for _, pin := range b.g.Nodes[b.g.Sink].Pins {
			out = append(out, m+"."+pin.Name+" = "+b.expr(pin.Ref, 0)+";")
		}
	}
	for _, n := range b.g.Nodes {
		if n.Op == ir.OpReflected && len(n.Outputs) == 0 {
			out = append(out, b.reflected(n)+";")
		}
	}
	return out
}

// materialStatements assign the attributes a material output sets: the
// pins of a Make or Set of the inout parameter.
func (b *body) materialStatements(name string, src ir.Ref) []string {
	if !src.Valid() {
		return nil
	}
	n := b.g.Nodes[src.Node]
	if n.Op != ir.OpMakeMaterialAttributes && n.Op != ir.OpSetMaterialAttributes {
		return []string{name + " = " + b.expr(src, 0) + ";"}
	}
	var out []string
	for _, pin := range n.Pins {
		if pin.Name == "MaterialAttributes" {
			continue
		}
		out = append(out, name+"."+pin.Name+" = "+b.expr(pin.Ref, 0)+";")
	}
	return out
}

// writeLocals prints the locals section, opening and closing the regions
// its statements were built in.
func (b *body) writeLocals(p *printer) {
	parent := map[string]string{}
	for _, r := range b.g.Regions {
		if r.Parent >= 0 && r.Parent < len(b.g.Regions) {
			parent[r.Name] = b.g.Regions[r.Parent].Name
		}
	}
	chain := func(region string) []string {
		var c []string
		for r, guard := region, 0; r != "" && guard < 64; r, guard = parent[r], guard+1 {
			c = append([]string{r}, c...)
		}
		return c
	}
	var open []string
	justOpened := false
	for _, l := range b.locals {
		want := chain(l.region)
		common := 0
		for common < len(open) && common < len(want) && open[common] == want[common] {
			common++
		}
		for len(open) > common {
			p.line(indent + "#pragma endregion")
			p.blank()
			open = open[:len(open)-1]
		}
		for _, r := range want[common:] {
			if !justOpened && p.b.Len() > 0 && !strings.HasSuffix(p.b.String(), "{\n") {
				p.blank()
			}
			p.line(indent + "#pragma region " + r)
			open = append(open, r)
			justOpened = true
		}
		for _, s := range l.lines {
			p.line(indent + s)
		}
		justOpened = false
	}
	for len(open) > 0 {
		p.line(indent + "#pragma endregion")
		open = open[:len(open)-1]
	}
}
