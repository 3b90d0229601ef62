package gen

import (
	"fmt"
	"strings"
)

// ifStatement writes one `if`/`else` that merges one or two variables. The
// targets are declared before the `if` and only become operands after it,
// so no earlier expression text reads them (a repeat stays a duplicate).
func (g *generator) ifStatement() {
	cond := g.expression(1, 1)
	rhs := g.literal()
	op := []string{">", "<", ">=", "<="}[g.rng.IntN(4)]
	g.cost += cond.cost + 1
	if g.dss { // the literal is a Constant and the comparison a node of its own
		g.cost++
	}

	n := 1 + g.rng.IntN(2)
	targets := make([]*local, n)
	for i := range targets {
		w := []int{1, 3}[g.rng.IntN(2)]
		targets[i] = &local{name: g.fresh("m"), width: w}
		switch {
		case w == 1:
			g.line("float %s = 0.0;", targets[i].name)
			g.cost++
		case g.dss:
			z := g.zeroVector()
			g.line("float3 %s = %s;", targets[i].name, z.text)
			g.cost += z.cost
		default:
			g.line("vec3 %s = vec3(0.0, 0.0, 0.0);", targets[i].name)
			g.cost++
		}
	}
	g.line("if (%s %s %s) {", cond.text, op, rhs)
	g.branch(targets)
	g.line("} else {")
	g.branch(targets)
	g.line("}")
	// One merge node (an If in 1.x, a Select/Compare in 2.0) per target.
	g.cost += n
	for _, t := range targets {
		g.addLocal(t)
	}
}

func (g *generator) branch(targets []*local) {
	saved := g.indent
	g.indent += "    "
	for _, t := range targets {
		e := g.expression(t.width, 1+g.rng.IntN(2))
		g.line("%s = %s;", t.name, e.text)
		g.cost += e.cost
	}
	g.indent = saved
}

// outputs folds every local nothing has read into the two outputs, in
// chunks of eight so that the lines stay readable.
func (g *generator) outputs() {
	var vecs, scalars []string
	for _, l := range g.locals {
		if l.reads > 0 {
			continue
		}
		switch l.width {
		case 1:
			scalars = append(scalars, l.name)
		case 2:
			scalars = append(scalars, l.name+".x") // one swizzle node
			g.cost++
		case 3:
			vecs = append(vecs, l.name)
		}
	}
	if len(vecs) == 0 {
		p := g.param(3)
		vecs, g.cost = append(vecs, p.text), g.cost+p.cost
	}
	if len(scalars) == 0 {
		p := g.param(1)
		scalars, g.cost = append(scalars, p.text), g.cost+p.cost
	}
	if g.dss {
		g.line("m.BaseColor = %s;", g.sum(vecs, "float3", "acc"))
		g.line("m.Roughness = saturate(%s);", g.sum(scalars, "float", "racc"))
		g.cost++
		return
	}
	g.line("Color = %s;", g.sum(vecs, "vec3", "acc"))
	g.line("Rough = saturate(%s);", g.sum(scalars, "float", "racc"))
	g.cost++ // saturate
}

func (g *generator) sum(terms []string, typ, prefix string) string {
	for len(terms) > 8 {
		var next []string
		for i := 0; i < len(terms); i += 8 {
			chunk := terms[i:min(i+8, len(terms))]
			if len(chunk) == 1 {
				next = append(next, chunk[0])
				continue
			}
			name := g.fresh(prefix)
			g.line("%s %s = %s;", typ, name, strings.Join(chunk, " + "))
			g.cost += len(chunk) - 1
			next = append(next, name)
		}
		terms = next
	}
	g.cost += len(terms) - 1
	return strings.Join(terms, " + ")
}

func (g *generator) render() string {
	var b strings.Builder
	c := g.cfg
	fmt.Fprintf(&b, Header+"--nodes %d --seed %d --dup-rate %g --branches %d`.\n", c.Nodes, c.Seed, c.DupRate, c.Branches)
	b.WriteString("// A synthetic DreamShader 1.x material for the node-reuse benchmark: repeated\n")
	b.WriteString("// subexpressions, re-read parameters, TexCoord/Time calls, swizzles, if merges\n")
	b.WriteString("// and Function calls. Regenerate it rather than editing it.\n\n")
	b.WriteString("Function float F_Gen_Mix(in float a, in float b)\n{\n    return a * b + 0.25;\n}\n\n")
	b.WriteString("Function float F_Gen_Bias(in float x, in float bias)\n{\n    return x / (1.0 + bias);\n}\n\n")
	fmt.Fprintf(&b, "Shader(Name=%q)\n{\n", c.assetName())
	b.WriteString("    Properties = {\n")
	for _, p := range g.params[1] {
		fmt.Fprintf(&b, "        float %s = %s;\n", p, g.defaultScalar(p))
	}
	for _, p := range g.params[3] {
		fmt.Fprintf(&b, "        vec3 %s = vec3(1.0, 0.5, 0.2);\n", p)
	}
	b.WriteString("    }\n\n")
	b.WriteString("    Settings = {\n        Domain = \"Surface\";\n        ShadingModel = \"DefaultLit\";\n    }\n\n")
	b.WriteString("    Outputs = {\n        vec3 Color;\n        float Rough;\n")
	b.WriteString("        Base.BaseColor = Color;\n        Base.Roughness = Rough;\n    }\n\n")
	b.WriteString("    Graph = {\n")
	b.WriteString(g.body.String())
	b.WriteString("    }\n}\n")
	return b.String()
}

// defaultScalar derives a parameter's default from its name, not from the
// random stream, so that adding a parameter does not reshuffle the program.
func (g *generator) defaultScalar(name string) string {
	h := 0
	for _, r := range name {
		h = h*31 + int(r)
	}
	return []string{"0.5", "1.0", "0.25", "0.8"}[h%4]
}
