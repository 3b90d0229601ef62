package ir

import (
	"io"
	"sort"
	"strconv"
	"strings"
)

// Dump prints m as upstream's DumpDreamShaderIRText (LANGUAGE-2.0 §1.3, §7),
// byte for byte: the text the `ir` goldens hold.
func Dump(m *Module) string {
	var b strings.Builder
	WriteDump(&b, m)
	return b.String()
}

// WriteDump writes the dump of m to w.
func WriteDump(w io.Writer, m *Module) {
	var b strings.Builder
	b.WriteString("module " + QuoteString(m.Leaf) + "\n")
	for _, inc := range m.Includes {
		b.WriteString("include " + QuoteString(inc) + "\n")
	}
	for _, g := range m.Products {
		b.WriteString("\n")
		writeProduct(&b, g, dumpName)
	}
	io.WriteString(w, b.String())
}

// DumpGraph prints one product as it stands in a module dump.
func DumpGraph(g *Graph) string {
	var b strings.Builder
	writeProduct(&b, g, dumpName)
	return b.String()
}

// DumpGraphNamed is DumpGraph with every node named by name instead of
// `%n`: a pass view names nodes by build id, the same in every pass.
func DumpGraphNamed(g *Graph, name func(id int) string) string {
	var b strings.Builder
	writeProduct(&b, g, name)
	return b.String()
}

// dumpName is how the dump names node id: `%id`.
func dumpName(id int) string { return "%" + strconv.Itoa(id) }

func writeProduct(b *strings.Builder, g *Graph, name func(int) string) {
	b.WriteString("product ")
	b.WriteString(strconv.Itoa(g.Index))
	b.WriteString(" " + g.Kind.String() + " " + QuoteString(g.Name) + " backend=")
	if g.Backend == "" {
		b.WriteString("Graph")
	} else {
		b.WriteString(g.Backend)
	}
	if g.Substrate != "" {
		b.WriteString(" substrate=" + g.Substrate)
	}
	if len(g.Settings) > 0 {
		b.WriteString(" settings{")
		for i, s := range sortedSettings(g.Settings) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(s.Key + "=" + s.Value)
		}
		b.WriteString("}")
	}
	b.WriteString("\n")
	if g.Legacy {
		b.WriteString("  legacy root " + QuoteString(g.LegacyRoot) + "\n")
	}
	if g.Library != "" {
		b.WriteString("  library " + QuoteString(g.Library) + "\n")
	}
	if g.Desc != "" {
		b.WriteString("  desc " + QuoteString(g.Desc) + "\n")
	}
	for i, r := range g.Regions {
		b.WriteString("  region " + strconv.Itoa(i) + " " + QuoteString(r.Name) + " parent=" + strconv.Itoa(r.Parent) + "\n")
	}
	for _, l := range g.Layout {
		if l.Comment {
			b.WriteString("  layout Comment name=" + QuoteString(l.Name) +
				" x=" + strconv.Itoa(l.X) + " y=" + strconv.Itoa(l.Y) +
				" w=" + strconv.Itoa(l.W) + " h=" + strconv.Itoa(l.H) + "\n")
		} else {
			b.WriteString("  layout Node var=" + l.Name + " x=" + strconv.Itoa(l.X) + " y=" + strconv.Itoa(l.Y) + "\n")
		}
	}
	for _, n := range g.Nodes {
		b.WriteString("  ")
		b.WriteString(nodeLine(n, name))
		b.WriteString("\n")
	}
	switch {
	case g.Kind == Material:
		if g.Sink >= 0 {
			b.WriteString("  sink " + name(g.Sink) + "\n")
		}
	default:
		// Upstream prints each list only when the product has one (IRDump.cpp).
		if len(g.Inputs) > 0 {
			b.WriteString("  inputs " + refList(g.Inputs, name) + "\n")
		}
		if len(g.Outputs) > 0 {
			b.WriteString("  outputs " + refList(g.Outputs, name) + "\n")
		}
	}
}

func refList(ids []int, name func(int) string) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = name(id)
	}
	return strings.Join(parts, ", ")
}

// sortedSettings orders settings by key, ordinally, as upstream prints them.
func sortedSettings(ss []Setting) []Setting {
	out := append([]Setting(nil), ss...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// FormatRefNamed prints a value reference as the dump does (`%n`, `%n#k`,
// `_` for none), with nodes named by name instead (BuildName: `b12#1`).
func FormatRefNamed(r Ref, name func(id int) string) string { return formatRef(r, name) }

// BuildName names a node of the graph as built, before any pass: `b12`.
// People see two numberings: the ids of the dump (`%5`, what `compile
// --format ir` prints, after the passes and reindex) and build ids, which
// `compile --passes`, `facts` and the engines' fates use; the prefix keeps
// them apart wherever both can appear.
func BuildName(id int) string { return "b" + strconv.Itoa(id) }

func formatRef(r Ref, name func(int) string) string {
	if !r.Valid() {
		return "_"
	}
	s := name(r.Node)
	if r.Out != 0 {
		s += "#" + strconv.Itoa(r.Out)
	}
	return s
}

// FormatType prints a node's output type: bare for one unnamed output,
// bracketed for named outputs, "" for a statement.
func FormatType(outs []Output) string {
	if len(outs) == 0 {
		return ""
	}
	if len(outs) == 1 && outs[0].Name == "" {
		return outs[0].Type
	}
	parts := make([]string, len(outs))
	for i, o := range outs {
		parts[i] = o.Name + ":" + o.Type
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// NodeLine prints one node line without indent or newline:
// `%n = Op[Class](operands, Pin=%v, Prop=val) : type @Ll:Cc …`.
func NodeLine(n *Node) string { return nodeLine(n, dumpName) }

// NodeLineNamed is NodeLine with the node and the nodes it reads named by
// name.
func NodeLineNamed(n *Node, name func(id int) string) string { return nodeLine(n, name) }

func nodeLine(n *Node, name func(int) string) string {
	var b strings.Builder
	b.WriteString(name(n.ID) + " = ")
	b.WriteString(nodeExpr(n, name))
	if t := FormatType(n.Outputs); t != "" {
		b.WriteString(" : " + t)
	}
	s := n.Span
	b.WriteString(" @L" + strconv.Itoa(s.Line) + ":C" + strconv.Itoa(s.Col))
	if s.File != "" {
		b.WriteString(" in " + QuoteString(s.File))
	}
	if s.ViaLine > 0 {
		b.WriteString(" via L" + strconv.Itoa(s.ViaLine) + ":C" + strconv.Itoa(s.ViaCol))
	}
	if s.Region != "" {
		b.WriteString(" {" + s.Region + "}")
	}
	if n.Debug != "" {
		b.WriteString(" " + QuoteString(n.Debug))
	}
	return b.String()
}

// NodeExpr prints `Op[Class](args)`, the part of a node line that the dedupe
// key also reads.
func NodeExpr(n *Node) string { return nodeExpr(n, dumpName) }

// NodeExprNamed is NodeExpr with nodes named by name (ir.BuildName).
func NodeExprNamed(n *Node, name func(id int) string) string { return nodeExpr(n, name) }

func nodeExpr(n *Node, name func(int) string) string {
	var b strings.Builder
	b.WriteString(n.Op.String())
	if n.Op.HasClass() {
		b.WriteString("[" + n.Class + "]")
	}
	b.WriteString("(")
	first := true
	sep := func() {
		if !first {
			b.WriteString(", ")
		}
		first = false
	}
	for _, r := range n.Operands {
		sep()
		b.WriteString(formatRef(r, name))
	}
	for _, p := range n.Pins {
		sep()
		b.WriteString(p.Name + "=" + formatRef(p.Ref, name))
	}
	for _, p := range n.SortedProps() {
		sep()
		b.WriteString(p.Name + "=" + p.Value.String())
	}
	b.WriteString(")")
	return b.String()
}
