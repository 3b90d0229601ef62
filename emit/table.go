package emit

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"reuselab/printable"
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
			b.WriteString(printable.Text(st.Key) + "=" + quoteUnprintable(st.Value))
		}
		b.WriteString("\n\nGenerated nodes:\n\n")
		l := newLabeler(a)
		classW, keyW := 0, 0
		keys := make([][]string, len(a.Nodes))
		for j := range a.Nodes {
			n := &a.Nodes[j]
			if !listed(n) {
				continue
			}
			keys[j] = wrapKey(l.keyText(n))
			classW = max(classW, len(printable.Text(n.Class)))
			for _, part := range keys[j] {
				if w := utf8.RuneCountInString(part); w <= keyColumn {
					keyW = max(keyW, w)
				}
			}
		}
		for j := range a.Nodes {
			n := &a.Nodes[j]
			if !listed(n) {
				continue
			}
			line := fmt.Sprintf("%-*s  %-*s", classW, printable.Text(n.Class), keyW, keys[j][0])
			if names := l.sourceNames(n); names != "" {
				line += "  -> " + printable.Text(names)
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			for _, part := range keys[j][1:] {
				b.WriteString(strings.Repeat(" ", classW+2) + part + "\n")
			}
		}
		if len(a.Outputs) > 0 {
			b.WriteString("\nOutputs:\n\n")
			for _, o := range a.Outputs {
				b.WriteString(printable.Text(o.Target+l.outputVia(o)) + "\n")
			}
		}
		for _, wmsg := range a.Warnings {
			b.WriteString("warning: " + printable.Text(wmsg) + "\n")
		}
	}
	return b.Flush()
}

// listed says whether the "Generated nodes" listing has a row for n: the
// reroute pairs are listed under "Material inputs".
func listed(n *AssetNode) bool { return n.Role != RoleRerouteIn && n.Role != RoleRerouteTo }

// outputVia is what an output line says after the target: what the material
// input reads, through its reroute pair when it has one.
func (l *labeler) outputVia(o Output) string {
	a := l.a
	n := &a.Nodes[o.Node]
	if n.Role == RoleRerouteTo && n.Decl >= 0 {
		decl := &a.Nodes[n.Decl]
		name, _ := decl.Prop("Name")
		if len(decl.Inputs) > 0 {
			return " <- " + l.label(decl.Inputs[0], nil) + " [" + a.Nodes[decl.Inputs[0].From].Class + "] via " + name
		}
		return " (unconnected) via " + name
	}
	if len(n.Inputs) > 0 {
		return " <- " + l.label(n.Inputs[0], nil)
	}
	return ""
}

// The key column is as wide as its widest line up to keyColumn runes; a
// longer key (a node without properties lists every input it reads) wraps
// at spaces onto lines of its own under the column, so one long key no
// longer pads every row of the asset to its length. A single word longer
// than the column stays whole on its line.
const keyColumn = 60

func wrapKey(key string) []string {
	if utf8.RuneCountInString(key) <= keyColumn {
		return []string{key}
	}
	var lines []string
	line := ""
	for _, word := range strings.Split(key, " ") {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= keyColumn:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}

// sourceNames: the names a node stands for; fresh and helper nodes say
// whose. A node that labels write Name#ID shows that form here, so the
// label leads to its row.
func (l *labeler) sourceNames(n *AssetNode) string {
	names := n.Names
	if l.ambiguous[n.ID] {
		if len(names) == 0 {
			names = []string{"#" + strconv.Itoa(n.ID)}
		} else {
			names = append([]string{names[0] + "#" + strconv.Itoa(n.ID)}, names[1:]...)
		}
	}
	s := strings.Join(names, ", ")
	switch n.Role {
	case RoleFresh:
		return "(fresh, R8) " + s
	case RoleHelper:
		return "(lowered) " + s
	}
	return s
}

// labeler writes the keys and labels of one asset's nodes. A label names a
// node by its first source name or its parameter name, and several nodes
// can have the same one (every node of a statement carries the statement's
// name; `lerp(Bottom.BaseColor, Top.BaseColor, …)` reads two
// BreakMaterialAttributes both named BaseColor): a label that would stand
// for more than one node of the asset is written Name#ID, ID the node's
// asset id (JSON's "id"). Which labels collide is found by writing every
// key and output label once before any is printed.
type labeler struct {
	a *Asset
	// named maps a label's name to the nodes it stood for while collecting;
	// nil once collected.
	named     map[string]map[int]bool
	shared    map[string]bool // names written Name#ID
	ambiguous map[int]bool    // nodes written Name#ID
}

func newLabeler(a *Asset) *labeler {
	l := &labeler{a: a, named: map[string]map[int]bool{}}
	for j := range a.Nodes {
		if n := &a.Nodes[j]; listed(n) {
			l.keyText(n)
		}
	}
	for _, o := range a.Outputs {
		l.outputVia(o)
	}
	l.shared, l.ambiguous = map[string]bool{}, map[int]bool{}
	for name, ids := range l.named {
		if len(ids) > 1 {
			l.shared[name] = true
			for id := range ids {
				l.ambiguous[id] = true
			}
		}
	}
	l.named = nil
	return l
}

// nameOf is how a label names n by name: name itself, or name#ID when
// labels give that name to more than one node.
func (l *labeler) nameOf(n *AssetNode, name string) string {
	if l.named != nil {
		if l.named[name] == nil {
			l.named[name] = map[int]bool{}
		}
		l.named[name][n.ID] = true
		return name
	}
	if l.shared[name] {
		return name + "#" + strconv.Itoa(n.ID)
	}
	return name
}

var infix = map[string]string{"Add": "+", "Subtract": "-", "Multiply": "*", "Divide": "/"}

// keyText is the node's key column: the value of a constant, the name of a
// parameter, the channels of a mask, the expression of an operator, else
// its properties.
func (l *labeler) keyText(n *AssetNode) string {
	return clip(l.keyTextAt(n, 0))
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
	return quoteUnprintable(s)
}

// quoteUnprintable leaves s alone unless it holds a rune that is not
// graphic (a source's string property with an ESC, a CR LF or a bidi
// override in it); then it is quoted with those runes escaped, so the table
// cannot move a cursor or hide a line, and a key with escapes in it reads
// as one string.
func quoteUnprintable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !unicode.IsGraphic(r) && r != ' ' }) < 0 {
		return s
	}
	return strconv.QuoteToGraphic(s)
}

func (l *labeler) keyTextAt(n *AssetNode, depth int) string {
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
		return l.nameOf(n, p)
	}
	if op, ok := infix[n.Class]; ok {
		return l.infixText(n, op, n.Names, depth)
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
			parts = append(parts, in.Pin+"="+l.labelAt(in, n.Names, depth+1))
		}
	}
	return strings.Join(parts, " ")
}

func (l *labeler) infixText(n *AssetNode, op string, names []string, depth int) string {
	lhs, rhs := "?", "?"
	for _, in := range n.Inputs {
		switch in.Pin {
		case "A":
			lhs = l.labelAt(in, names, depth+1)
		case "B":
			rhs = l.labelAt(in, names, depth+1)
		}
	}
	if lhs == "?" {
		if v, ok := n.Prop("ConstA"); ok {
			lhs = v
		}
	}
	if rhs == "?" {
		if v, ok := n.Prop("ConstB"); ok {
			rhs = v
		}
	}
	return lhs + " " + op + " " + rhs
}

// label names what an input reads: a constant's value, a parameter's name,
// `x.r` for a mask, an operator written inline when it belongs to the same
// statement as the reader (so `Tint * ((A + A) + C)`), else the node's
// first source name (Name#ID when that names more than one node).
func (l *labeler) label(in Input, reader []string) string {
	return clip(l.labelAt(in, reader, 0))
}

func (l *labeler) labelAt(in Input, reader []string, depth int) string {
	n := &l.a.Nodes[in.From]
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
		return l.keyTextAt(n, depth) + suffix
	case "ComponentMask":
		if len(n.Inputs) > 0 && depth < maxInlineDepth {
			return l.labelAt(n.Inputs[0], nil, depth+1) + "." + maskChannels.Replace(l.keyTextAt(n, depth))
		}
	}
	if p, ok := n.Prop("ParameterName"); ok {
		return l.nameOf(n, p) + suffix
	}
	if op, ok := infix[n.Class]; ok && (len(n.Names) == 0 || slices.Contains(reader, n.Names[0])) {
		if depth >= maxInlineDepth {
			return "(…)" + suffix
		}
		return "(" + l.infixText(n, op, n.Names, depth) + ")" + suffix
	}
	if len(n.Names) > 0 {
		return l.nameOf(n, n.Names[0]) + suffix
	}
	return n.Class + "#" + strconv.Itoa(n.ID) + suffix
}

var maskChannels = strings.NewReplacer("R", "x", "G", "y", "B", "z", "A", "w")

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
