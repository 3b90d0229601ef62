package ir

import "sort"

// Ref reads one output of a node. Node < 0 is an absent slot (`_`).
type Ref struct {
	Node int
	Out  int
}

// NoRef is an absent operand slot.
var NoRef = Ref{Node: -1}

// Valid reports whether r names a node.
func (r Ref) Valid() bool { return r.Node >= 0 }

// Pin is a named input: `Pin=%n#k`.
type Pin struct {
	Name string
	Ref  Ref
}

// Prop is a literal property: `Name=value`.
type Prop struct {
	Name  string
	Value Value
}

// Output is one output of a node. Name is empty for the single unnamed
// output (`: float2`); named outputs print in brackets (`[RGBA:float4, …]`).
type Output struct {
	Name string
	Type string // float, float2..4, bool, Texture2D, Texture, material, Substrate
}

// Span is where a node came from: the first character of the syntax that
// made it (LANGUAGE-2.0 §7.5), plus the dump's suffixes.
type Span struct {
	Line, Col int
	File      string // set when the span lies in an included file
	ViaLine   int    // call site of an inlined helper or lifted call; 0 = none
	ViaCol    int
	Region    string // innermost #Region name
}

// Role says which nodes the passes must never merge (R7) and which are prune
// roots.
type Role uint8

const (
	// RoleValue is an ordinary node: merged when equal, pruned when unread.
	RoleValue Role = iota
	// RoleStatement is a MaterialSink, FunctionOutput or custom-output node:
	// never merged, always a prune root.
	RoleStatement
	// RoleInput is a FunctionInput: never merged, always kept.
	RoleInput
)

// Node is one IR operation.
//
// The fields the passes read for every node come first, so that they share
// the node's first two cache lines; the span and debug name, read only to
// print, come last.
type Node struct {
	ID       int
	Op       Op
	Role     Role
	Class    string // Reflected class short name, Custom function name, FunctionCall path (raw)
	Operands []Ref  // positional, stored order; NoRef prints `_`
	Pins     []Pin  // named inputs, stored order
	Props    []Prop // printed sorted by name
	Outputs  []Output
	Span     Span
	Debug    string // the statement target the node was built for
}

// MapRefs sends the node of every operand and named input of n through f;
// absent slots stay absent.
func (n *Node) MapRefs(f func(int) int) {
	for k, r := range n.Operands {
		if r.Valid() {
			n.Operands[k].Node = f(r.Node)
		}
	}
	for k, p := range n.Pins {
		if p.Ref.Valid() {
			n.Pins[k].Ref.Node = f(p.Ref.Node)
		}
	}
}

// Prop returns the property named name.
func (n *Node) Prop(name string) (Value, bool) {
	for _, p := range n.Props {
		if p.Name == name {
			return p.Value, true
		}
	}
	return Value{}, false
}

// SetProp sets or adds a property.
func (n *Node) SetProp(name string, v Value) {
	for i := range n.Props {
		if n.Props[i].Name == name {
			n.Props[i].Value = v
			return
		}
	}
	n.Props = append(n.Props, Prop{Name: name, Value: v})
}

// Inputs calls f for every node-valued input: operands, then pins.
func (n *Node) Inputs(f func(r Ref)) {
	for _, r := range n.Operands {
		if r.Valid() {
			f(r)
		}
	}
	for _, p := range n.Pins {
		if p.Ref.Valid() {
			f(p.Ref)
		}
	}
}

// MapInputs rewrites every node-valued input in place.
func (n *Node) MapInputs(f func(r Ref) Ref) {
	for i, r := range n.Operands {
		if r.Valid() {
			n.Operands[i] = f(r)
		}
	}
	for i, p := range n.Pins {
		if p.Ref.Valid() {
			n.Pins[i].Ref = f(p.Ref)
		}
	}
}

// Type is the type of output k, or "" for a statement.
func (n *Node) Type(k int) string {
	if k < 0 || k >= len(n.Outputs) {
		return ""
	}
	return n.Outputs[k].Type
}

// IsStatement reports whether R7 forbids merging n.
func (n *Node) IsStatement() bool { return n.Role != RoleValue }

// Clone copies n deeply.
func (n *Node) Clone() *Node {
	c := *n
	c.Operands = append([]Ref(nil), n.Operands...)
	c.Pins = append([]Pin(nil), n.Pins...)
	c.Props = make([]Prop, len(n.Props))
	for i, p := range n.Props {
		c.Props[i] = Prop{Name: p.Name, Value: p.Value}
		c.Props[i].Value.Nums = append([]float64(nil), p.Value.Nums...)
	}
	c.Outputs = append([]Output(nil), n.Outputs...)
	return &c
}

// SortedProps returns the properties sorted by name (ordinal), as printed and
// keyed.
func (n *Node) SortedProps() []Prop {
	ps := append([]Prop(nil), n.Props...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
	return ps
}

// ProductKind is what a graph generates (R1).
type ProductKind uint8

const (
	Material ProductKind = iota
	MaterialFunction
	MaterialLayer
	MaterialLayerBlend
)

func (k ProductKind) String() string {
	switch k {
	case Material:
		return "Material"
	case MaterialFunction:
		return "MaterialFunction"
	case MaterialLayer:
		return "MaterialLayer"
	case MaterialLayerBlend:
		return "MaterialLayerBlend"
	}
	return "Unknown"
}

// Setting is one `settings{K=V}` entry.
type Setting struct{ Key, Value string }

// Region is a #Region comment box.
type Region struct {
	Name   string
	Parent int // -1 at top level
}

// LayoutHint is a `layout Node …` or `layout Comment …` line.
type LayoutHint struct {
	Comment    bool   // false: Node
	Name       string // Var for a Node, Name for a Comment
	X, Y, W, H int
	// Color is a Comment's colour as written ("R G B A"); the dump does
	// not print it (upstream's does not), the decompiled source does.
	Color string
}

// Graph is the IR of one generated asset (R1).
type Graph struct {
	Index      int
	Kind       ProductKind
	Name       string
	Backend    string // "Graph" or "ThinCustom"
	Substrate  string // a .dss material's Substrate mode when not Legacy: "Bridge" or "Native"
	Settings   []Setting
	Legacy     bool   // built from a 1.x block: prints `legacy root`, keeps identity masks (R4)
	LegacyRoot string // the Root= attribute as written
	Library    string
	Desc       string
	Regions    []Region
	Layout     []LayoutHint
	Nodes      []*Node
	Sink       int   // index of the MaterialSink, -1 if none
	Inputs     []int // FunctionInput nodes, in order (functions)
	Outputs    []int // FunctionOutput nodes, in order (functions)
}

// NewGraph makes an empty graph of the given kind.
func NewGraph(kind ProductKind, name string) *Graph {
	return &Graph{Kind: kind, Name: name, Backend: "Graph", Sink: -1}
}

// Add appends n, sets its ID and returns it.
func (g *Graph) Add(n *Node) int {
	n.ID = len(g.Nodes)
	g.Nodes = append(g.Nodes, n)
	return n.ID
}

// Node returns node i.
func (g *Graph) Node(i int) *Node { return g.Nodes[i] }

// Len is the node count as upstream counts it (D2: sinks and function
// inputs/outputs included).
func (g *Graph) Len() int { return len(g.Nodes) }

// Roots are the prune roots: statements and function inputs.
func (g *Graph) Roots() []int {
	var rs []int
	for _, n := range g.Nodes {
		if n.Role != RoleValue {
			rs = append(rs, n.ID)
		}
	}
	return rs
}

// Clone copies g deeply.
func (g *Graph) Clone() *Graph {
	c := *g
	c.Settings = append([]Setting(nil), g.Settings...)
	c.Regions = append([]Region(nil), g.Regions...)
	c.Layout = append([]LayoutHint(nil), g.Layout...)
	c.Inputs = append([]int(nil), g.Inputs...)
	c.Outputs = append([]int(nil), g.Outputs...)
	c.Nodes = make([]*Node, len(g.Nodes))
	for i, n := range g.Nodes {
		c.Nodes[i] = n.Clone()
	}
	return &c
}

// Readers counts, for every node, how many inputs read it.
func (g *Graph) Readers() []int {
	cnt := make([]int, len(g.Nodes))
	for _, n := range g.Nodes {
		n.Inputs(func(r Ref) { cnt[r.Node]++ })
	}
	return cnt
}

// Module is everything one source file builds: one graph per product.
type Module struct {
	Leaf     string   // source leaf name, as `module "…"`
	Includes []string // files named by import, in order
	Products []*Graph
}
