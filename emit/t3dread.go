package emit

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// T3DNode is one MaterialGraphNode read back from T3D text. The reader
// knows only what WriteT3D writes; it exists so tests can check that the
// text says what the asset says (nodes, edges, output indices).
type T3DNode struct {
	Graph    string // MaterialGraphNode_N
	Class    string // expression class without the MaterialExpression prefix
	Expr     string // MaterialExpression<Class>_K
	Props    []Prop // expression properties other than inputs and editor fields
	Inputs   []T3DInput
	Pins     []T3DPin
	X, Y     int
	Comment  bool
	exprPath string
}

// T3DInput is an expression input: the property it is written under, the
// source graph node and expression, and the output index.
type T3DInput struct {
	Prop        string // "A", "Inputs(0)", "FunctionInputs(1)"
	Name        string // InputName, when the property carries one
	FromGraph   string
	FromExpr    string
	OutputIndex int
}

// T3DPin is one graph pin.
type T3DPin struct {
	ID       string
	Name     string
	Output   bool
	LinkedTo [][2]string // (graph node, pin id)
	// NotConnectable marks a property shown as a pin (a Constant's Value,
	// a ComponentMask's R…A): no link can reach it.
	NotConnectable bool
}

var (
	reBegin    = regexp.MustCompile(`^Begin Object (?:Class=(\S+) )?Name="([^"]+)"`)
	reExprRef  = regexp.MustCompile(`Expression="[^']*'([^.']+)\.([^']+)'"(?:,OutputIndex=(\d+))?`)
	reInName   = regexp.MustCompile(`InputName="((?:[^"\\]|\\.)*)"`)
	rePinField = regexp.MustCompile(`(PinId|PinName|Direction|bNotConnectable)=("(?:[^"\\]|\\.)*"|[^,]*)`)
	reLinked   = regexp.MustCompile(`LinkedTo=\(([^)]*)\)`)
)

// ReadT3D parses material-editor clipboard text into its graph nodes.
func ReadT3D(text string) ([]T3DNode, error) {
	var nodes []T3DNode
	var cur *T3DNode
	depth := 0
	for ln, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		switch {
		case line == "" || strings.HasPrefix(line, "//"):
		case strings.HasPrefix(line, "Begin Object"):
			m := reBegin.FindStringSubmatch(line)
			if m == nil {
				return nil, fmt.Errorf("line %d: bad Begin Object", ln+1)
			}
			depth++
			if depth == 1 {
				nodes = append(nodes, T3DNode{Graph: m[2], Comment: strings.Contains(m[1], "Comment")})
				cur = &nodes[len(nodes)-1]
			} else if m[1] != "" && cur != nil {
				cur.Class = strings.TrimPrefix(m[1][strings.LastIndexByte(m[1], '.')+1:], "MaterialExpression")
				cur.Expr = m[2]
				cur.exprPath = m[1]
			}
		case line == "End Object":
			depth--
			if depth < 0 {
				return nil, fmt.Errorf("line %d: End Object without Begin", ln+1)
			}
		case cur == nil:
			return nil, fmt.Errorf("line %d: text outside an object", ln+1)
		case strings.HasPrefix(line, "CustomProperties Pin "):
			cur.Pins = append(cur.Pins, readPin(line))
		case depth == 2:
			name, val, ok := strings.Cut(line, "=")
			if !ok {
				return nil, fmt.Errorf("line %d: property without '='", ln+1)
			}
			switch name {
			case "MaterialExpressionEditorX":
				cur.X, _ = strconv.Atoi(val)
			case "MaterialExpressionEditorY":
				cur.Y, _ = strconv.Atoi(val)
			case "MaterialExpressionGuid":
			default:
				if m := reExprRef.FindStringSubmatch(val); m != nil && name != "Declaration" {
					in := T3DInput{Prop: name, FromGraph: m[1], FromExpr: m[2]}
					if m[3] != "" {
						in.OutputIndex, _ = strconv.Atoi(m[3])
					}
					if n := reInName.FindStringSubmatch(val); n != nil {
						in.Name = unquoteT3D(n[1])
					}
					cur.Inputs = append(cur.Inputs, in)
				} else {
					cur.Props = append(cur.Props, Prop{Name: name, Value: val})
				}
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("unbalanced Begin/End Object")
	}
	return nodes, nil
}

func readPin(line string) T3DPin {
	var p T3DPin
	for _, m := range rePinField.FindAllStringSubmatch(line, -1) {
		v := m[2]
		if strings.HasPrefix(v, `"`) {
			v = unquoteT3D(v[1 : len(v)-1])
		}
		switch m[1] {
		case "PinId":
			if p.ID == "" {
				p.ID = v
			}
		case "PinName":
			p.Name = v
		case "Direction":
			p.Output = v == "EGPD_Output"
		case "bNotConnectable":
			p.NotConnectable = v == "True"
		}
	}
	if m := reLinked.FindStringSubmatch(line); m != nil {
		for _, l := range strings.Split(m[1], ",") {
			if f := strings.Fields(l); len(f) == 2 {
				p.LinkedTo = append(p.LinkedTo, [2]string{f[0], f[1]})
			}
		}
	}
	return p
}

func unquoteT3D(s string) string {
	r := strings.NewReplacer(`\\`, `\`, `\"`, `"`, `\n`, "\n", `\r`, "\r", `\t`, "\t")
	return r.Replace(s)
}

// Prop returns the raw text of an expression property.
func (n *T3DNode) Prop(name string) (string, bool) {
	for _, p := range n.Props {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// InputPins are the connectable input pins, OutputPins the outputs, in
// order.
func (n *T3DNode) InputPins() []T3DPin  { return n.pinsDir(false) }
func (n *T3DNode) OutputPins() []T3DPin { return n.pinsDir(true) }

func (n *T3DNode) pinsDir(out bool) []T3DPin {
	var ps []T3DPin
	for _, p := range n.Pins {
		if p.Output == out && !p.NotConnectable {
			ps = append(ps, p)
		}
	}
	return ps
}

// CheckT3D (test support, also for conform) writes a as T3D, reads it
// back and checks what a T3D reader cannot judge without the asset:
// ueblueprint (the real client, t3d_ueb_test.go) checks that the text
// parses, every node has a title and every LinkedTo names a pin that
// exists; this checks that the text says what the asset says — its nodes
// (class, position), its edges with their output indices both as
// expression inputs and as graph-pin links at both ends, and its reroute
// declarations.
func CheckT3D(a *Asset) error {
	var buf bytes.Buffer
	if err := WriteT3D(&buf, []*Asset{a}); err != nil {
		return err
	}
	all, err := ReadT3D(buf.String())
	if err != nil {
		return err
	}
	var nodes []T3DNode
	for _, n := range all {
		if !n.Comment {
			nodes = append(nodes, n)
		}
	}
	if len(nodes) != len(a.Nodes) {
		return fmt.Errorf("%d graph nodes read back, asset has %d", len(nodes), len(a.Nodes))
	}
	index := map[string]int{}
	for i, n := range nodes {
		index[n.Graph] = i
	}
	for i, an := range a.Nodes {
		tn := nodes[i]
		if tn.Class != an.Class || tn.X != an.Pos.X || tn.Y != an.Pos.Y {
			return fmt.Errorf("node %d: read %s at (%d,%d), asset has %s at (%d,%d)", i, tn.Class, tn.X, tn.Y, an.Class, an.Pos.X, an.Pos.Y)
		}
		if len(tn.Inputs) != len(an.Inputs) {
			return fmt.Errorf("node %d %s: %d expression inputs read, %d in the asset", i, an.Class, len(tn.Inputs), len(an.Inputs))
		}
		want := map[string]int{}
		for _, in := range an.Inputs {
			want[fmt.Sprintf("%d#%d", in.From, in.OutputIndex)]++
		}
		for _, in := range tn.Inputs {
			k := fmt.Sprintf("%d#%d", index[in.FromGraph], in.OutputIndex)
			if want[k] == 0 {
				return fmt.Errorf("node %d %s: input %s reads %s, not in the asset", i, an.Class, in.Prop, k)
			}
			want[k]--
			if nodes[index[in.FromGraph]].Expr != in.FromExpr {
				return fmt.Errorf("node %d: input %s names expression %s of %s", i, in.Prop, in.FromExpr, in.FromGraph)
			}
		}
		ins, outs := tn.InputPins(), tn.OutputPins()
		// The writer's pin list says which inputs have a pin (a
		// TextureSample shows its mip pins only for the mode that reads
		// them) and under which name.
		pinOf := map[int]int{} // AssetNode.Pins index → ins index
		for _, gp := range GraphPins(&an) {
			if gp.Input >= 0 {
				pinOf[gp.Input] = len(pinOf)
			}
		}
		if len(ins) != len(pinOf) || len(outs) != len(an.Outs) {
			return fmt.Errorf("node %d %s: pins %d in/%d out, asset %d/%d", i, an.Class, len(ins), len(outs), len(pinOf), len(an.Outs))
		}
		linked := 0
		for _, p := range ins {
			linked += len(p.LinkedTo)
		}
		if linked != len(an.Inputs) {
			return fmt.Errorf("node %d %s: %d pin links, %d inputs", i, an.Class, linked, len(an.Inputs))
		}
		for _, in := range an.Inputs {
			k, ok := pinOf[pinIndex(&an, in.Pin)]
			if !ok {
				return fmt.Errorf("node %d %s: input %s has no graph pin", i, an.Class, in.Pin)
			}
			p := ins[k]
			src := nodes[in.From].OutputPins()
			if len(p.LinkedTo) != 1 || p.LinkedTo[0][0] != nodes[in.From].Graph || in.OutputIndex >= len(src) || p.LinkedTo[0][1] != src[in.OutputIndex].ID {
				return fmt.Errorf("node %d %s: pin %s links %v, want %s output pin %d", i, an.Class, in.Pin, p.LinkedTo, nodes[in.From].Graph, in.OutputIndex)
			}
			back := false
			for _, l := range src[in.OutputIndex].LinkedTo {
				back = back || l[0] == tn.Graph && l[1] == p.ID
			}
			if !back {
				return fmt.Errorf("node %d %s: output pin of %s does not link back", i, an.Class, nodes[in.From].Graph)
			}
		}
		if an.Class == "NamedRerouteUsage" {
			d, _ := tn.Prop("Declaration")
			if !strings.Contains(d, "'"+nodes[an.Decl].Graph+"."+nodes[an.Decl].Expr+"'") {
				return fmt.Errorf("node %d: usage declares %s", i, d)
			}
		}
	}
	return nil
}
