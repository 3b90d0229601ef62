package decompile

import (
	"strconv"
	"strings"

	"reuselab/ir"
)

// body prints one product as an exported function.
type body struct {
	g       *ir.Graph
	names   map[ir.Ref]string // values that print as a name
	taken   map[string]bool
	readers [][]int // distinct readers of each node
	edges   []int   // input edges reading each node
	targets map[string]bool
	locals  []localStmt
	notes   *[]Note
	sugar   readings
}

// localStmt is one statement of the locals section, in the region it was
// built in.
type localStmt struct {
	region string
	lines  []string
}

// newBody prepares g's function; uniformNames gives each parameter's
// variable, as the module declares it once for every product.
func newBody(g *ir.Graph, sugar readings, uniformNames map[string]string, notes *[]Note) *body {
	b := &body{g: g, notes: notes, sugar: sugar, names: map[ir.Ref]string{}, taken: map[string]bool{}, targets: map[string]bool{"Result": true}}
	b.readers = make([][]int, len(g.Nodes))
	b.edges = make([]int, len(g.Nodes))
	for _, n := range g.Nodes {
		last := -1
		n.Inputs(func(r ir.Ref) {
			b.edges[r.Node]++
			if last != r.Node && !contains(b.readers[r.Node], n.ID) {
				b.readers[r.Node] = append(b.readers[r.Node], n.ID)
			}
			last = r.Node
		})
		switch n.Op {
		case ir.OpMaterialSink, ir.OpMakeMaterialAttributes, ir.OpSetMaterialAttributes:
			for _, pin := range n.Pins {
				b.targets[pin.Name] = true
			}
		case ir.OpFunctionOutput:
			v, _ := n.Prop("OutputName")
			b.targets[v.Str] = true
		case ir.OpParameter, ir.OpTextureParameter:
			v, _ := n.Prop("ParameterName")
			name := uniformNames[v.Str]
			if name == "" {
				name = "Parameter" // a parameter without a name: none is declared
			}
			b.names[ir.Ref{Node: n.ID}] = name
			b.taken[name] = true
		case ir.OpFunctionInput:
			v, _ := n.Prop("InputName")
			name := sourceIdent(v.Str, "Input")
			b.names[ir.Ref{Node: n.ID}] = name
			b.taken[name] = true
		}
	}
	for _, n := range g.Nodes {
		if isNarrowing(g, n) {
			b.names[ir.Ref{Node: n.ID}] = b.names[ir.Ref{Node: n.Operands[0].Node}]
		}
	}
	b.nameLocals()
	return b
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// unique gives name, or name_2, name_3… when it is taken.
func (b *body) unique(name string) string {
	if !b.taken[name] {
		b.taken[name] = true
		return name
	}
	for k := 2; ; k++ {
		c := name + "_" + strconv.Itoa(k)
		if !b.taken[c] {
			b.taken[c] = true
			return c
		}
	}
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}

// labelRoot reports whether n is the value its statement named: it carries
// a local's name that none of its readers carries.
func (b *body) labelRoot(n *ir.Node) bool {
	if !isIdent(n.Debug) || b.targets[n.Debug] || b.taken[n.Debug] && !b.isLocalName(n.Debug) {
		return false
	}
	if len(b.readers[n.ID]) == 0 {
		return false
	}
	for _, r := range b.readers[n.ID] {
		if b.g.Nodes[r].Debug == n.Debug {
			return false
		}
	}
	return true
}

// isLocalName reports whether a taken name belongs to a local (two locals
// of one name are told apart by a suffix), not to a uniform or input.
func (b *body) isLocalName(name string) bool {
	for r, s := range b.names {
		if s == name {
			op := b.g.Nodes[r.Node].Op
			return op != ir.OpParameter && op != ir.OpTextureParameter && op != ir.OpFunctionInput && !isNarrowing(b.g, b.g.Nodes[r.Node])
		}
	}
	return true
}

// nameLocals decides which values become locals, in node order: a
// multi-output call's outputs, a material value read twice, a value its
// statement named, and a value nested too deep to print inline.
func (b *body) nameLocals() {
	depth := make([]int, len(b.g.Nodes))
	for _, n := range b.g.Nodes {
		if _, named := b.names[ir.Ref{Node: n.ID}]; named || n.Op == ir.OpMaterialSink || n.Op == ir.OpFunctionOutput {
			continue
		}
		switch {
		case (n.Op == ir.OpCustom || n.Op == ir.OpFunctionCall) && !hasResult(n) && len(n.Outputs) > 0:
			b.outLocals(n)
			continue
		case n.Op == ir.OpMakeMaterialAttributes && b.edges[n.ID] >= 2:
			b.materialLocal(n)
			continue
		case n.IsStatement() || len(n.Outputs) == 0:
			continue
		}
		d := 1
		n.Inputs(func(r ir.Ref) {
			if _, named := b.names[ir.Ref{Node: r.Node}]; !named && depth[r.Node]+1 > d {
				d = depth[r.Node] + 1
			}
		})
		depth[n.ID] = d
		if b.labelRoot(n) || d > maxInlineDepth {
			label := n.Debug
			if !isIdent(label) || b.targets[label] {
				label = "Value"
			}
			name := b.unique(label)
			if label == n.Debug && name != label {
				*b.notes = append(*b.notes, Note{Severity: "info", Code: "DSH9075", Message: "The variable '" + label + "' of '" + b.g.Name + "' is written as '" + name + "': the name is taken or is not one the language allows."})
			}
			expr := b.expr(ir.Ref{Node: n.ID}, 0)
			b.names[ir.Ref{Node: n.ID}] = name
			depth[n.ID] = 0
			b.locals = append(b.locals, localStmt{region: n.Span.Region, lines: []string{typeName(n.Type(0)) + " " + name + " = " + expr + ";"}})
		}
	}
}

// outLocals declares one local per output of a call without a return
// value and calls it as a statement.
func (b *body) outLocals(n *ir.Node) {
	var lines, outs []string
	for k, o := range n.Outputs {
		name := b.unique(sourceIdent(o.Name, "Output"))
		b.names[ir.Ref{Node: n.ID, Out: k}] = name
		lines = append(lines, typeName(o.Type)+" "+name+";")
		outs = append(outs, name)
	}
	name := sourceIdent(n.Class, "Custom")
	if n.Op == ir.OpFunctionCall {
		name = callName(n)
	}
	args := append(b.pinArgs(n), outs...)
	lines = append(lines, name+"("+strings.Join(args, ", ")+");")
	b.locals = append(b.locals, localStmt{region: n.Span.Region, lines: lines})
}

// materialLocal declares a material value read more than once and sets
// its attributes one by one.
func (b *body) materialLocal(n *ir.Node) {
	name := b.unique("Attributes")
	lines := []string{"material " + name + ";"}
	for _, pin := range n.Pins {
		lines = append(lines, name+"."+pin.Name+" = "+b.expr(pin.Ref, 0)+";")
	}
	b.names[ir.Ref{Node: n.ID}] = name
	b.locals = append(b.locals, localStmt{region: n.Span.Region, lines: lines})
}

func (b *body) pinArgs(n *ir.Node) []string {
	var args []string
	for _, pin := range n.Pins {
		args = append(args, b.expr(pin.Ref, 0))
	}
	return args
}
