package fuzz

import (
	"fmt"
	"strconv"
	"strings"

	"reuselab/ir"
)

// Program is a witness printed in the 1.x surface (LANGUAGE.md): scalar
// parameters in Properties, a node read more than once declared in Graph,
// every other node written inline where it is read, and every result bound
// to a material output of its width.
type Program struct {
	Text       string
	Statements int // Graph declarations and output bindings
}

// PrintDSM writes g as a .dsm program named name. Only what the search
// builds prints: scalar parameters, finite constants, the ops with a 1.x
// spelling, and results of width 1 to 3 (as many as the material has
// outputs of that width); anything else is an error.
func PrintDSM(g *ir.Graph, name string) (Program, error) {
	p := &printer{g: g, name: map[int]string{}, readers: g.Readers()}
	for i, n := range g.Nodes {
		if err := p.node(i, n); err != nil {
			return Program{}, err
		}
	}
	if len(p.bindings) == 0 {
		return Program{}, fmt.Errorf("no result to bind")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Shader(Name=%q)\n{\n", name)
	if len(p.props) > 0 {
		b.WriteString("    Properties = {\n")
		for _, l := range p.props {
			b.WriteString("        " + l + "\n")
		}
		b.WriteString("    }\n")
	}
	b.WriteString("    Graph = {\n")
	for _, l := range p.decls {
		b.WriteString("        " + l + "\n")
	}
	b.WriteString("    }\n    Outputs = {\n")
	for _, l := range p.bindings {
		b.WriteString("        " + l + "\n")
	}
	b.WriteString("    }\n}\n")
	return Program{Text: b.String(), Statements: len(p.decls) + len(p.bindings)}, nil
}

type printer struct {
	g        *ir.Graph
	name     map[int]string // parameters and declared nodes
	readers  []int
	props    []string
	decls    []string
	bindings []string
	used     map[int]int // output pins used per width
}

func (p *printer) node(i int, n *ir.Node) error {
	switch {
	case n.Op == ir.OpParameter:
		if n.Type(0) != "float" {
			return fmt.Errorf("b%d: a %s parameter (only scalar ones print)", i, n.Type(0))
		}
		name := fmt.Sprintf("P%d", len(p.props))
		def, _ := n.Prop("DefaultValue")
		d := 0.0
		if len(def.Nums) > 0 && finite(def.Nums[0]) {
			d = def.Nums[0]
		}
		p.name[i] = name
		p.props = append(p.props, fmt.Sprintf("float %s = %s;", name, number(d)))
	case n.Op == ir.OpConstant:
		// inline where read
	case n.Role == ir.RoleStatement:
		for _, pin := range n.Pins {
			if err := p.bind(pin.Ref); err != nil {
				return err
			}
		}
		for _, r := range n.Operands {
			if r.Valid() {
				if err := p.bind(r); err != nil {
					return err
				}
			}
		}
	case n.Role != ir.RoleValue || len(n.Outputs) != 1:
		return fmt.Errorf("b%d: %s has no 1.x spelling here", i, n.Op)
	default:
		if _, ok := spellings[n.Op]; !ok {
			return fmt.Errorf("b%d: %s has no 1.x spelling", i, n.Op)
		}
		if p.readers[i] > 1 {
			e, err := p.expr(ir.Ref{Node: i}, true)
			if err != nil {
				return err
			}
			name := fmt.Sprintf("v%d", len(p.decls))
			p.decls = append(p.decls, fmt.Sprintf("%s %s = %s;", n.Type(0), name, e))
			p.name[i] = name
		}
	}
	return nil
}

// bind binds a result to the next material output of its width.
func (p *printer) bind(r ir.Ref) error {
	if p.used == nil {
		p.used = map[int]int{}
	}
	w := ir.TypeWidth(p.g.Nodes[r.Node].Type(r.Out))
	pins := sinkPins[w]
	if p.used[w] >= len(pins) {
		return fmt.Errorf("more results of width %d than the material has outputs", w)
	}
	e, err := p.expr(r, true)
	if err != nil {
		return err
	}
	p.bindings = append(p.bindings, fmt.Sprintf("Base.%s = %s;", pins[p.used[w]], e))
	p.used[w]++
	return nil
}

// expr spells output r; top leaves off the outer parentheses. The depth
// is the graph's, which the search keeps to a few nodes; a deeper graph
// fails to print rather than recurse.
func (p *printer) expr(r ir.Ref, top bool) (string, error) {
	return p.exprAt(r, top, 0)
}

const maxDepth = 64

func (p *printer) exprAt(r ir.Ref, top bool, depth int) (string, error) {
	if depth > maxDepth {
		return "", fmt.Errorf("deeper than %d nodes", maxDepth)
	}
	if r.Out != 0 {
		return "", fmt.Errorf("b%d: output %d", r.Node, r.Out)
	}
	if name, ok := p.name[r.Node]; ok {
		return name, nil
	}
	n := p.g.Nodes[r.Node]
	if n.Op == ir.OpConstant {
		return constant(n)
	}
	sp, ok := spellings[n.Op]
	if !ok || len(n.Operands) != sp.arity || len(n.Pins) > 0 {
		return "", fmt.Errorf("b%d: %s has no 1.x spelling", r.Node, n.Op)
	}
	args := make([]string, len(n.Operands))
	for k, a := range n.Operands {
		if !a.Valid() {
			return "", fmt.Errorf("b%d: an absent operand", r.Node)
		}
		s, err := p.exprAt(a, false, depth+1)
		if err != nil {
			return "", err
		}
		args[k] = s
	}
	var s string
	switch {
	case sp.infix != "":
		s = args[0] + " " + sp.infix + " " + args[1]
		if !top {
			s = "(" + s + ")"
		}
	case n.Op == ir.OpNegate:
		if p.g.Nodes[n.Operands[0].Node].Op == ir.OpConstant {
			return "", fmt.Errorf("b%d: the negation of a constant is one constant in 1.x", r.Node)
		}
		s = "-" + args[0]
		if !top {
			s = "(" + s + ")"
		}
	case n.Op == ir.OpSwizzle:
		m, _ := n.Prop("Mask")
		if !ascendingMask(m.Str, ir.TypeWidth(p.g.Nodes[n.Operands[0].Node].Type(n.Operands[0].Out))) {
			return "", fmt.Errorf("b%d: mask %q is not one 1.x swizzle", r.Node, m.Str)
		}
		s = args[0] + "." + m.Str
		if !isName(args[0]) {
			s = "(" + args[0] + ")." + m.Str
		}
	case n.Op == ir.OpAppend:
		s = n.Type(0) + "(" + args[0] + ", " + args[1] + ")"
	default:
		s = sp.call + "(" + strings.Join(args, ", ") + ")"
	}
	return s, nil
}

func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// constant spells a Constant: a literal (a negative one is one Constant
// in 1.x, LANGUAGE-2.0 §2.1), or a constructor of literals for a vector.
func constant(n *ir.Node) (string, error) {
	v, _ := n.Prop("Value")
	w := ir.TypeWidth(n.Type(0))
	if w == 0 || len(v.Nums) == 0 {
		return "", fmt.Errorf("b%d: a constant of type %q", n.ID, n.Type(0))
	}
	lanes := make([]string, len(v.Nums))
	for k, x := range v.Nums {
		if !finite(x) {
			return "", fmt.Errorf("b%d: %v has no number literal", n.ID, x)
		}
		lanes[k] = number(x)
	}
	if w == 1 && len(lanes) == 1 {
		return lanes[0], nil
	}
	if len(lanes) != w {
		return "", fmt.Errorf("b%d: %d lanes in a %s", n.ID, len(lanes), n.Type(0))
	}
	return n.Type(0) + "(" + strings.Join(lanes, ", ") + ")", nil
}

// number spells x so that it reads back as the same float64; −0 keeps its
// sign ("-0.0").
func number(x float64) string {
	if negZero(x) {
		return "-0.0"
	}
	s := strconv.FormatFloat(x, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}
