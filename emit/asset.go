// Package emit turns the merged IR of one product into the Unreal asset it
// generates — the material expressions, their wiring and the material's
// inputs — and prints that asset as a table (node-reuse.txt's "Generated
// nodes" listing), JSON (ARCHITECTURE.md), T3D (the material editor's
// clipboard text), DOT and SVG. Emission leaves every node at (0, 0) and
// makes no comment boxes: emit/layout places the nodes afterwards (it needs
// the emitted nodes' pins to size them, so it cannot run before), and
// every caller that prints positions runs it.
//
// The mapping from IR operations to engine classes is LANGUAGE-2.0 §1.2: most
// ops are one node; Convert/Broadcast and a swizzle that an engine output pin
// already provides are no node; Negate, Select, comparisons and a few math
// builtins are small subgraphs with constants of their own ("fresh", R8); and
// every material input goes through a named reroute pair, the way the
// upstream goldens count them (GOLDENS §2: nodeCount includes the pairs).
// The package imports only ir, so bench and conform can count asset nodes
// (SEMANTICS D2) without the compiler.
package emit

import "reuselab/ir"

// Prop is one property of an asset node. Value is the text the property has
// in the engine's export format, without quotes; Quoted says the T3D writer
// quotes it (strings and names), so JSON and the table show it plain.
type Prop struct {
	Name   string
	Value  string
	Quoted bool
}

// Input is one connected input: the engine pin, the asset node it reads and
// that node's engine output index.
type Input struct {
	Pin         string
	From        int
	OutputIndex int
	// Mask is the channel mask the input applies (`x`, `xyz`, `yw`…), set
	// only when emitting as 1.x did (Options.Legacy1x): 1.5 made no node for
	// a swizzle. Empty: the whole output.
	Mask string
}

// Pos is a node position in material-editor units, set by emit/layout.
type Pos struct{ X, Y int }

// Node roles: what made an asset node. Only RoleValue nodes correspond one to
// one with IR nodes; the others are the emitter's own (fresh constants,
// reroutes, the extra nodes of a lowered builtin).
const (
	RoleValue     = "value"     // the IR node's own node
	RoleFresh     = "fresh"     // a constant made per IR node (R8)
	RoleHelper    = "helper"    // another node of a lowered builtin (Fwidth, Reflect, …)
	RoleRerouteIn = "reroute"   // NamedRerouteDeclaration of a material input
	RoleRerouteTo = "usage"     // NamedRerouteUsage feeding the material input
	RoleStatement = "statement" // FunctionOutput or a custom-output class
)

// AssetNode is one material expression.
type AssetNode struct {
	ID      int
	Class   string // engine class without the MaterialExpression prefix
	Props   []Prop // in emission order
	Inputs  []Input
	Pos     Pos
	Sources []string // "file:line:col" of every build node this node stands for
	Names   []string // debug names of those build nodes, first-seen order
	IR      int      // node of the final IR graph it was made for; -1 for reroute pairs
	Role    string
	// Pins lists every input pin of the class in engine order, connected or
	// not: the T3D writer writes one graph pin per entry, and the editor maps
	// pins to inputs by position.
	Pins []string
	// Outs names the outputs in engine order ("" = unnamed).
	Outs []string
	// Decl is the NamedRerouteDeclaration a NamedRerouteUsage refers to.
	Decl int
}

// Prop returns the value of the named property.
func (n *AssetNode) Prop(name string) (string, bool) {
	for _, p := range n.Props {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// Input returns the first input connected to the named pin.
func (n *AssetNode) Input(pin string) (Input, bool) {
	for _, in := range n.Inputs {
		if in.Pin == pin {
			return in, true
		}
	}
	return Input{}, false
}

// Output is one material input (or function output) and what feeds it.
type Output struct {
	Target string // material attribute or function output name
	Node   int
	Pin    int // output index of Node
}

// Comment is a comment box: a #Region, or a Layout Comment hint (emit/layout
// makes them).
type Comment struct {
	Text       string
	X, Y, W, H int
}

// Stats are the reuse figures of the product (ARCHITECTURE: JSON stats).
type Stats struct {
	Built  int
	Final  int
	Rounds int
	Passes []ir.PassStat
}

// Asset is one generated asset.
type Asset struct {
	Kind     string // Material, MaterialFunction, MaterialLayer, MaterialLayerBlend
	Name     string
	Nodes    []AssetNode
	Outputs  []Output
	Comments []Comment
	Stats    Stats
	Warnings []string
	// Settings are the material's settings (Domain, BlendMode, …): a paste
	// does not carry them, so T3D and the table say what to set.
	Settings []ir.Setting
}

// CountAssetNodes is the asset node count of SEMANTICS D2: every expression
// the emitter makes for g, reroute pairs and custom-output nodes included,
// the material root excluded — what the compile goldens call nodeCount.
func CountAssetNodes(g *ir.Graph) int {
	return len(FromGraph(g, nil, Options{}).Nodes)
}

// FromModule emits every product of m. results[i], when present, is the
// reuse result for m.Products[i]; its surviving graph is emitted and its
// fates name the source of every node. Without a result the product's graph
// is emitted as it stands.
func FromModule(file string, m *ir.Module, results []*ir.Result, opt Options) []*Asset {
	opt.File = file
	var out []*Asset
	for i, g := range m.Products {
		var res *ir.Result
		if i < len(results) && results[i] != nil {
			res = results[i]
			if res.Graph != nil {
				g = res.Graph
			}
		}
		out = append(out, FromGraph(g, res, opt))
	}
	return out
}
