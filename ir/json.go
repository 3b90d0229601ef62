package ir

import (
	"fmt"
)

// JSON forms of the IR (`compile --format ir-json`). Field names are the
// contract scripts and notebooks read; keep them stable.

type jsonRef struct {
	Node int `json:"node"`
	Out  int `json:"out"`
}

type jsonPin struct {
	Name string  `json:"name"`
	Ref  jsonRef `json:"ref"`
}

type jsonProp struct {
	Name  string `json:"name"`
	Value string `json:"value"` // as the dump prints it
}

type jsonOutput struct {
	Name string `json:"name,omitempty"`
	Type string `json:"type"`
}

// JSONNode is a node as ir-json writes it.
type JSONNode struct {
	ID       int          `json:"id"`
	Op       string       `json:"op"`
	Class    string       `json:"class,omitempty"`
	Operands []*jsonRef   `json:"operands"`
	Pins     []jsonPin    `json:"pins"`
	Props    []jsonProp   `json:"props"`
	Outputs  []jsonOutput `json:"outputs"`
	Pos      string       `json:"pos"`
	Debug    string       `json:"debug,omitempty"`
	Role     string       `json:"role"`
	Line     string       `json:"line"` // the dump line, for humans and diffs
}

// JSONGraph is a product as ir-json writes it.
type JSONGraph struct {
	Index   int        `json:"index"`
	Kind    string     `json:"kind"`
	Name    string     `json:"name"`
	Legacy  bool       `json:"legacy"`
	Nodes   []JSONNode `json:"nodes"`
	Sink    int        `json:"sink"`
	Inputs  []int      `json:"inputs"`
	Outputs []int      `json:"outputs"`
}

// JSONModule is a module as ir-json writes it.
type JSONModule struct {
	Module   string      `json:"module"`
	Includes []string    `json:"includes"`
	Products []JSONGraph `json:"products"`
}

var roleNames = [...]string{RoleValue: "value", RoleStatement: "statement", RoleInput: "input"}

// ToJSON converts m to its JSON form.
func ToJSON(m *Module) JSONModule {
	jm := JSONModule{Module: m.Leaf, Includes: append([]string{}, m.Includes...)}
	for _, g := range m.Products {
		jm.Products = append(jm.Products, GraphToJSON(g))
	}
	if jm.Products == nil {
		jm.Products = []JSONGraph{}
	}
	return jm
}

// GraphToJSON converts one graph.
func GraphToJSON(g *Graph) JSONGraph {
	jg := JSONGraph{Index: g.Index, Kind: g.Kind.String(), Name: g.Name, Legacy: g.Legacy,
		Sink: g.Sink, Inputs: append([]int{}, g.Inputs...), Outputs: append([]int{}, g.Outputs...),
		Nodes: []JSONNode{}}
	for _, n := range g.Nodes {
		jn := JSONNode{ID: n.ID, Op: n.Op.String(), Operands: []*jsonRef{}, Pins: []jsonPin{},
			Props: []jsonProp{}, Outputs: []jsonOutput{}, Debug: n.Debug, Role: roleNames[n.Role],
			Pos: fmt.Sprintf("%d:%d", n.Span.Line, n.Span.Col), Line: NodeLine(n)}
		if n.Op.HasClass() {
			jn.Class = n.Class
		}
		for _, r := range n.Operands {
			if r.Valid() {
				jn.Operands = append(jn.Operands, &jsonRef{r.Node, r.Out})
			} else {
				jn.Operands = append(jn.Operands, nil)
			}
		}
		for _, p := range n.Pins {
			jn.Pins = append(jn.Pins, jsonPin{p.Name, jsonRef{p.Ref.Node, p.Ref.Out}})
		}
		for _, p := range n.SortedProps() {
			jn.Props = append(jn.Props, jsonProp{p.Name, p.Value.String()})
		}
		for _, o := range n.Outputs {
			jn.Outputs = append(jn.Outputs, jsonOutput{o.Name, o.Type})
		}
		jg.Nodes = append(jg.Nodes, jn)
	}
	return jg
}
