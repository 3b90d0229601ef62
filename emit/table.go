package emit

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// WriteTable prints each asset as node-reuse.txt's "Generated nodes"
// listing: class, key properties, and the source names that map to the node
// (the survivor's debug name first, then those of the nodes merged into it).
// The reroute pairs that carry the material inputs are listed under
// "Material inputs" rather than among the generated nodes: the spec's
// listing shows the graph the user wrote, and its count of nine for the
// example is of those nodes (SEMANTICS D2 asks for both counts, so the
// header gives both).
func WriteTable(w io.Writer, assets []*Asset) error {
	b := bufio.NewWriterSize(w, 64<<10) // streamed: the text is linear in the graph, memory need not be
	for i, a := range assets {
		if i > 0 {
			b.WriteString("\n")
		}
		graph, pairs := 0, 0
		for _, n := range a.Nodes {
			if n.Role == RoleRerouteIn {
				pairs++
			} else if n.Role != RoleRerouteTo {
				graph++
			}
		}
		fmt.Fprintf(b, "%s %q: %d asset nodes (%d graph + %d reroute pair(s)); IR %d built, %d final",
			a.Kind, a.Name, len(a.Nodes), graph, pairs, a.Stats.Built, a.Stats.Final)
		if a.Stats.Rounds > 0 {
			fmt.Fprintf(b, ", %d rounds", a.Stats.Rounds)
		}
		for k, st := range a.Settings {
			if k == 0 {
				b.WriteString("\nSettings: ")
			} else {
				b.WriteString(", ")
			}
			b.WriteString(st.Key + "=" + printable(st.Value))
		}
		b.WriteString("\n\nGenerated nodes:\n\n")
		classW, keyW := 0, 0
		keys := make([]string, len(a.Nodes))
		for j := range a.Nodes {
			n := &a.Nodes[j]
			if n.Role == RoleRerouteIn || n.Role == RoleRerouteTo {
				continue
			}
			keys[j] = keyText(a, n)
			classW = max(classW, len(n.Class))
			keyW = max(keyW, len(keys[j]))
		}
		for j := range a.Nodes {
			n := &a.Nodes[j]
			if n.Role == RoleRerouteIn || n.Role == RoleRerouteTo {
				continue
			}
			line := fmt.Sprintf("%-*s  %-*s", classW, n.Class, keyW, keys[j])
			if names := sourceNames(n); names != "" {
				line += "  -> " + names
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
		if len(a.Outputs) > 0 {
			b.WriteString("\nOutputs:\n\n")
			for _, o := range a.Outputs {
				n := &a.Nodes[o.Node]
				via := ""
				if n.Role == RoleRerouteTo && n.Decl >= 0 {
					decl := &a.Nodes[n.Decl]
					name, _ := decl.Prop("Name")
					if len(decl.Inputs) > 0 {
						via = " <- " + label(a, decl.Inputs[0], nil) + " [" + a.Nodes[decl.Inputs[0].From].Class + "] via " + name
					} else {
						via = " (unconnected) via " + name
					}
				} else if len(n.Inputs) > 0 {
					via = " <- " + label(a, n.Inputs[0], nil)
				}
				fmt.Fprintf(b, "%s%s\n", o.Target, via)
			}
		}
		for _, wmsg := range a.Warnings {
			b.WriteString("warning: " + wmsg + "\n")
		}
	}
	return b.Flush()
}

// sourceNames: the names a node stands for; fresh and helper nodes say whose.
func sourceNames(n *AssetNode) string {
	s := strings.Join(n.Names, ", ")
	switch n.Role {
	case RoleFresh:
		return "(fresh, R8) " + s
	case RoleHelper:
		return "(lowered) " + s
	}
	return s
}

var infix = map[string]string{"Add": "+", "Subtract": "-", "Multiply": "*", "Divide": "/"}

// keyText is the node's key column: the value of a constant, the name of a
// parameter, the channels of a mask, the expression of an operator, else
// its properties.
func keyText(a *Asset, n *AssetNode) string {
	return clip(keyTextAt(a, n, 0))
}

// An operator chain of one statement is written inline, so its text grows
// with the chain: a 10,000-operand sum made every key a page and the table
// quadratic in the program. Inline text stops at maxInlineDepth levels
// ("(…)" stands for the rest) and a key at maxKeyRunes runes, so every line
// is bounded and table and dot stay linear in the graph.
const (
	maxInlineDepth = 8
	maxKeyRunes    = 2048
)

// clip shortens s to maxKeyRunes runes and makes it printable.
func clip(s string) string {
	if len(s) > maxKeyRunes {
		if r := []rune(s); len(r) > maxKeyRunes {
			s = string(r[:maxKeyRunes-1]) + "…"
		}
	}
	return printable(s)
}

// printable leaves s alone unless it holds a rune a terminal would act on
// (a source's string property with an ESC in it); then it is quoted with
// those runes escaped, so the table cannot move a cursor or hide a line.
func printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsGraphic(r) && r != ' ' }) < 0 {
		return s
	}
	return strconv.QuoteToGraphic(s)
}

func keyTextAt(a *Asset, n *AssetNode, depth int) string {
	switch n.Class {
	case "Constant":
		v, _ := n.Prop("R")
		return v
	case "Constant2Vector":
		r, _ := n.Prop("R")
		g, _ := n.Prop("G")
		return "(" + r + ", " + g + ")"
	case "Constant3Vector", "Constant4Vector":
		v, _ := n.Prop("Constant")
		return colorShort(v, n.Class == "Constant3Vector")
	case "ComponentMask":
		s := ""
		for _, c := range []string{"R", "G", "B", "A"} {
			if v, _ := n.Prop(c); v == "True" {
				s += c
			}
		}
		return s
	}
	if p, ok := n.Prop("ParameterName"); ok {
		return p
	}
	if op, ok := infix[n.Class]; ok {
		return infixText(a, n, op, n.Names, depth)
	}
	var parts []string
	for _, p := range n.Props {
		v := p.Value
		if len(v) > 32 {
			v = v[:29] + "..."
		}
		parts = append(parts, p.Name+"="+strings.ReplaceAll(v, "\n", `\n`))
	}
	if len(parts) == 0 {
		// No properties: say what it reads (If A=UV.x B=Threshold …).
		for _, in := range n.Inputs {
			parts = append(parts, in.Pin+"="+labelAt(a, in, n.Names, depth+1))
		}
	}
	return strings.Join(parts, " ")
}

func infixText(a *Asset, n *AssetNode, op string, names []string, depth int) string {
	l, r := "?", "?"
	for _, in := range n.Inputs {
		switch in.Pin {
		case "A":
			l = labelAt(a, in, names, depth+1)
		case "B":
			r = labelAt(a, in, names, depth+1)
		}
	}
	if l == "?" {
		if v, ok := n.Prop("ConstA"); ok {
			l = v
		}
	}
	if r == "?" {
		if v, ok := n.Prop("ConstB"); ok {
			r = v
		}
	}
	return l + " " + op + " " + r
}

// label names what an input reads: a constant's value, a parameter's name,
// `x.r` for a mask, an operator written inline when it belongs to the same
// statement as the reader (so `Tint * ((A + A) + C)`), else the node's
// first source name.
func label(a *Asset, in Input, reader []string) string {
	return clip(labelAt(a, in, reader, 0))
}

func labelAt(a *Asset, in Input, reader []string, depth int) string {
	n := &a.Nodes[in.From]
	suffix := ""
	if in.OutputIndex < len(n.Outs) {
		if o := n.Outs[in.OutputIndex]; o != "" && o != "RGB" && o != "RGBA" {
			suffix = "." + strings.ToLower(o)
		}
	}
	if in.Mask != "" {
		suffix += "." + in.Mask // a 1.x connection mask (Options.Legacy1x)
	}
	switch n.Class {
	case "Constant", "Constant2Vector", "Constant3Vector", "Constant4Vector":
		return keyTextAt(a, n, depth) + suffix
	case "ComponentMask":
		if len(n.Inputs) > 0 && depth < maxInlineDepth {
			return labelAt(a, n.Inputs[0], nil, depth+1) + "." + strings.NewReplacer("R", "x", "G", "y", "B", "z", "A", "w").Replace(keyTextAt(a, n, depth))
		}
	}
	if p, ok := n.Prop("ParameterName"); ok {
		return p + suffix
	}
	if op, ok := infix[n.Class]; ok && (len(n.Names) == 0 || slices.Contains(reader, n.Names[0])) {
		if depth >= maxInlineDepth {
			return "(…)" + suffix
		}
		return "(" + infixText(a, n, op, n.Names, depth) + ")" + suffix
	}
	if len(n.Names) > 0 {
		return n.Names[0] + suffix
	}
	return n.Class + "#" + strconv.Itoa(n.ID) + suffix
}

// colorShort prints "(R=1,G=0.5,B=0.2,A=1)" as "(1, 0.5, 0.2)".
func colorShort(v string, dropAlpha bool) string {
	v = strings.Trim(v, "()")
	var out []string
	for _, part := range strings.Split(v, ",") {
		_, val, _ := strings.Cut(part, "=")
		out = append(out, val)
	}
	if dropAlpha && len(out) == 4 {
		out = out[:3]
	}
	return "(" + strings.Join(out, ", ") + ")"
}
