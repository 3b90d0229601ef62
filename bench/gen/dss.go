package gen

import (
	"fmt"
	"path"
	"strings"
)

// What differs when the generator writes 2.0 `.dss` (LANGUAGE-DSS.md):
// the program is the same walk over the same random stream, spelled as a
// `.dss` material — `uniform` parameters with `///` doc blocks, `floatN`
// types, helpers that the front end inlines, `?:` besides `if`, and an
// `export void N(inout material m)` entry writing `m.BaseColor` and
// `m.Roughness`. The node estimate follows the `.dss` lowering: a vector
// uniform is a Parameter and one width Swizzle made at its first read, a
// constructor of literals keeps its literal Constants beside the folded
// one, a helper call is its body's nodes.

// constructor writes floatN(lit, …) (vecN in 1.x). The literals are drawn
// the same way in both languages so a seed gives the same program shape.
func (g *generator) constructor(w int) expr {
	parts := make([]string, w)
	for i := range parts {
		parts[i] = g.literal()
	}
	if g.dss {
		return expr{fmt.Sprintf("float%d(%s)", w, strings.Join(parts, ", ")), w + 1}
	}
	return expr{fmt.Sprintf("vec%d(%s)", w, strings.Join(parts, ", ")), 1}
}

// zeroVector is the initial value of a float3 `if` target in a `.dss`.
func (g *generator) zeroVector() expr { return expr{"float3(0.0, 0.0, 0.0)", 4} }

// conditional is `(c > k ? a : b)`, a `.dss` only construct: one scalar
// comparison of a new value against a literal, picking between two values
// of width w (a Compare node over the comparison's operands).
func (g *generator) conditional(w, depth int) expr {
	c := g.expression(1, depth-1)
	a, b := g.expression(w, depth-1), g.expression(w, depth-1)
	op := []string{">", "<", ">=", "<="}[g.rng.IntN(4)]
	text := fmt.Sprintf("(%s %s %s ? %s : %s)", c.text, op, g.literal(), a.text, b.text)
	// condition, literal, comparison, both sides, the merge
	return expr{text, c.cost + 1 + 1 + a.cost + b.cost + 1}
}

// entryName is the `.dss` entry function's name: the asset path's last
// segment, reduced to an identifier.
func (c Config) entryName() string {
	base := path.Base(c.assetName())
	var b strings.Builder
	for i, r := range base {
		switch {
		case r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r >= '0' && r <= '9':
			if i == 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "M_Generated"
	}
	return b.String()
}

func (g *generator) renderDSS() string {
	var b strings.Builder
	c := g.cfg
	fmt.Fprintf(&b, Header+"--lang dss --nodes %d --seed %d --dup-rate %g --branches %d`.\n", c.Nodes, c.Seed, c.DupRate, c.Branches)
	b.WriteString("// A synthetic DreamShader 2.0 material for the node-reuse benchmark: repeated\n")
	b.WriteString("// subexpressions, re-read uniforms, TexCoord/Time calls, swizzles, if and ?:\n")
	b.WriteString("// merges and inlined helpers. Regenerate it rather than editing it.\n\n")
	for _, p := range g.params[1] {
		fmt.Fprintf(&b, "/// @group Gains @desc Scalar input %s\n", strings.TrimPrefix(p, "Gain"))
		fmt.Fprintf(&b, "uniform float %s = %s;\n\n", p, g.defaultScalar(p))
	}
	for _, p := range g.params[3] {
		fmt.Fprintf(&b, "/// @group Tints @desc Colour input %s\n", strings.TrimPrefix(p, "Tint"))
		fmt.Fprintf(&b, "uniform float3 %s = float3(1.0, 0.5, 0.2);\n\n", p)
	}
	b.WriteString("float F_Gen_Mix(float a, float b)\n{\n    return a * b + 0.25;\n}\n\n")
	b.WriteString("float F_Gen_Bias(float x, float bias)\n{\n    return x / (1.0 + bias);\n}\n\n")
	fmt.Fprintf(&b, "export void %s(inout material m)\n{\n", c.entryName())
	b.WriteString(g.body.String())
	b.WriteString("}\n")
	return b.String()
}
