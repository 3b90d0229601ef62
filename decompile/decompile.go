package decompile

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"reuselab/ir"
)

// maxInlineDepth bounds how deep an expression is printed inline; a deeper
// value is given a local of its own, so that printing recurses no deeper
// than this however long the graph is.
const maxInlineDepth = 40

// Note is a diagnostic of the decompile itself, with upstream's code: a
// name written otherwise than the graph suggested, a prototype inferred.
type Note struct {
	Severity string // "info" or "warning"
	Code     string
	Message  string
}

// Module prints m as `.dss` source: the material pragma, the uniforms, the
// extern and `@custom` functions the graphs call, then one export per
// product.
// It returns the notes the decompile raised, in the order it raised them,
// and an error when the raise rules fail.
func Module(m *ir.Module, opt Options) (string, []Note, error) {
	p := &printer{}
	reads := make([]readings, len(m.Products))
	for i, g := range m.Products {
		r, err := readGraph(g, opt)
		if err != nil {
			return "", nil, err
		}
		reads[i] = r
	}
	for _, g := range m.Products {
		if g.Kind == ir.Material && len(g.Settings) > 0 {
			var parts []string
			ss := append([]ir.Setting(nil), g.Settings...)
			sort.SliceStable(ss, func(i, j int) bool { return ss[i].Key < ss[j].Key })
			for _, s := range ss {
				parts = append(parts, s.Key+" = "+s.Value)
			}
			p.line("#pragma material(" + strings.Join(parts, ", ") + ")")
			break
		}
	}
	us := collectUniforms(m, reads)
	p.writeUniforms(us)
	uniformNames := map[string]string{}
	for _, u := range us {
		uniformNames[u.param] = u.name
	}
	p.writeExterns(m)
	p.writeCustoms(m)
	for i, g := range m.Products {
		p.blank()
		newBody(g, reads[i], uniformNames, &p.notes).write(p)
	}
	var layout []string
	for _, g := range m.Products {
		for _, h := range g.Layout {
			if h.Comment {
				layout = append(layout, "#pragma layout(Comment, Name = "+ir.QuoteString(h.Name)+", X = "+strconv.Itoa(h.X)+", Y = "+strconv.Itoa(h.Y)+", W = "+strconv.Itoa(h.W)+", H = "+strconv.Itoa(h.H)+commentColor(h)+")")
			} else {
				layout = append(layout, "#pragma layout(Node, Var = "+h.Name+", X = "+strconv.Itoa(h.X)+", Y = "+strconv.Itoa(h.Y)+")")
			}
		}
	}
	if len(layout) > 0 {
		p.blank()
		for _, l := range layout {
			p.line(l)
		}
	}
	return p.b.String(), p.notes, nil
}

// printer writes lines with at most one blank line between blocks.
type printer struct {
	b         strings.Builder
	needBlank bool
	notes     []Note
}

func (p *printer) line(s string) {
	if p.needBlank && p.b.Len() > 0 {
		p.b.WriteString("\n")
	}
	p.needBlank = false
	p.b.WriteString(s)
	p.b.WriteString("\n")
}

func (p *printer) blank() { p.needBlank = true }

// floatLit prints a number as a float literal: `1.0`, `0.25`; a value no
// literal writes as the division that makes it.
func floatLit(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "(1.0 / 0.0)"
	case math.IsInf(v, -1):
		return "(-1.0 / 0.0)"
	case math.IsNaN(v):
		return "(0.0 / 0.0)"
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

// vectorLit prints one to four numbers as a float or a constructor.
func vectorLit(nums []float64) string {
	if len(nums) == 1 {
		return floatLit(nums[0])
	}
	parts := make([]string, len(nums))
	for i, v := range nums {
		parts[i] = floatLit(v)
	}
	return floatType(len(nums)) + "(" + strings.Join(parts, ", ") + ")"
}

// typeName is how an IR type is written in a declaration.
func typeName(t string) string {
	if strings.HasPrefix(t, "[") || t == "" {
		return "float4"
	}
	return t
}

// callName is the function a FunctionCall calls: its asset's leaf name.
func callName(n *ir.Node) string {
	name := n.Class
	if i := strings.LastIndexAny(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		name = name[:i]
	}
	return sourceIdent(name, "Function")
}

// sourceIdent makes s an identifier the language takes: every other
// character becomes '_', a leading digit gets one before it; "" is
// fallback.
func sourceIdent(s, fallback string) string {
	if isIdent(s) {
		return s
	}
	var b strings.Builder
	for _, c := range s {
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if out == "" || strings.Trim(out, "_") == "" {
		return fallback
	}
	if out[0] >= '0' && out[0] <= '9' {
		out = "_" + out
	}
	return out
}

// hasResult reports whether a call's only output is its return value.
func hasResult(n *ir.Node) bool {
	return len(n.Outputs) == 1 && (n.Outputs[0].Name == "Result" || n.Outputs[0].Name == "")
}

// signature prints `ret Name(params)` from a call node's pins and outputs:
// the pins as parameters typed by what feeds them, a lone Result as the
// return type, other outputs as out parameters.
func signature(g *ir.Graph, n *ir.Node, name string) string {
	var params []string
	for _, pin := range n.Pins {
		t := "float"
		if pin.Ref.Valid() {
			t = typeName(g.Nodes[pin.Ref.Node].Type(pin.Ref.Out))
		}
		params = append(params, t+" "+sourceIdent(pin.Name, "Input"))
	}
	ret := "void"
	if hasResult(n) {
		ret = typeName(n.Outputs[0].Type)
	} else {
		for _, o := range n.Outputs {
			params = append(params, "out "+typeName(o.Type)+" "+sourceIdent(o.Name, "Output"))
		}
	}
	return ret + " " + name + "(" + strings.Join(params, ", ") + ")"
}

// writeExterns declares every material function the graphs call by asset
// path, once.
func (p *printer) writeExterns(m *ir.Module) {
	seen := map[string]bool{}
	for _, g := range m.Products {
		for _, n := range g.Nodes {
			path, _ := n.Prop("FunctionPath")
			if n.Op != ir.OpFunctionCall || path.Str == "" || seen[path.Str] {
				continue
			}
			seen[path.Str] = true
			// The IR keeps the call, not the function's interface: the
			// prototype says only what the call wires.
			p.notes = append(p.notes, Note{Severity: "warning", Code: "DSH9081", Message: "'" + path.Str + "' is called and its interface was not available, so its 'extern' prototype is written from the calls alone: pins no call connects are missing from it, and their order is the order the calls wire them in."})
			p.blank()
			p.line("/// @asset " + path.Str)
			p.line("extern " + signature(g, n, callName(n)) + ";")
		}
	}
}

// customBody is the HLSL between a Custom node's source markers, the
// function body as written.
func customBody(code string) string {
	_, rest, ok := strings.Cut(code, "// DreamShader custom:")
	if !ok {
		return code
	}
	_, rest, _ = strings.Cut(rest, "\n")
	rest = strings.TrimPrefix(rest, "\n")
	if i := strings.Index(rest, "// End DreamShader source"); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// writeCustoms prints every Custom node's function once, as `/// @custom`.
func (p *printer) writeCustoms(m *ir.Module) {
	seen := map[string]bool{}
	for _, g := range m.Products {
		for _, n := range g.Nodes {
			if n.Op != ir.OpCustom || seen[sourceIdent(n.Class, "Custom")] {
				continue
			}
			seen[sourceIdent(n.Class, "Custom")] = true
			code, _ := n.Prop("Code")
			p.blank()
			p.line("/// @custom")
			p.line(signature(g, n, sourceIdent(n.Class, "Custom")))
			p.line("{")
			p.b.WriteString(customBody(code.Str))
			p.line("}")
		}
	}
}

// commentColor is a Comment hint's `, Color = "…"` when it has one.
func commentColor(h ir.LayoutHint) string {
	if h.Color == "" {
		return ""
	}
	return ", Color = " + ir.QuoteString(h.Color)
}
