package emit

import (
	"fmt"
	"strconv"
	"strings"

	"reuselab/ir"
)

// parseIRDump reads upstream's IR text dump (LANGUAGE-2.0 §7) back into a
// module, so the emitter can be run on the `ir` of every golden without the
// compiler. Test support only: it accepts what the goldens contain.
func parseIRDump(text string) (*ir.Module, error) {
	m := &ir.Module{}
	var g *ir.Graph
	for ln, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
		case strings.HasPrefix(t, "module "):
			m.Leaf, _ = strconv.Unquote(t[len("module "):])
		case strings.HasPrefix(t, "include "):
			s, _ := strconv.Unquote(t[len("include "):])
			m.Includes = append(m.Includes, s)
		case strings.HasPrefix(t, "product "):
			f := strings.SplitN(t, " ", 4)
			kind := map[string]ir.ProductKind{"Material": ir.Material, "MaterialFunction": ir.MaterialFunction,
				"MaterialLayer": ir.MaterialLayer, "MaterialLayerBlend": ir.MaterialLayerBlend}[f[2]]
			name := f[3][:strings.Index(f[3], `" backend=`)+1]
			uq, err := strconv.Unquote(name)
			if err != nil {
				return nil, fmt.Errorf("line %d: product name %s", ln+1, name)
			}
			g = ir.NewGraph(kind, uq)
			g.Index = len(m.Products)
			m.Products = append(m.Products, g)
		case g == nil:
			return nil, fmt.Errorf("line %d: before any product", ln+1)
		case strings.HasPrefix(t, "legacy root"):
			g.Legacy = true
		case strings.HasPrefix(t, "sink %"):
			g.Sink, _ = strconv.Atoi(t[len("sink %"):])
		case strings.HasPrefix(t, "inputs"), strings.HasPrefix(t, "outputs"),
			strings.HasPrefix(t, "library"), strings.HasPrefix(t, "desc"),
			strings.HasPrefix(t, "region"), strings.HasPrefix(t, "layout"):
		case strings.HasPrefix(t, "%"):
			n, err := parseNodeLine(t)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v: %s", ln+1, err, t)
			}
			g.Add(n)
			switch {
			case n.Op == ir.OpFunctionInput:
				n.Role = ir.RoleInput
				g.Inputs = append(g.Inputs, n.ID)
			case n.Op == ir.OpFunctionOutput:
				n.Role = ir.RoleStatement
				g.Outputs = append(g.Outputs, n.ID)
			case n.Op == ir.OpMaterialSink, n.Op == ir.OpReflected && len(n.Outputs) == 0:
				n.Role = ir.RoleStatement
			}
		default:
			return nil, fmt.Errorf("line %d: unknown line %q", ln+1, t)
		}
	}
	return m, nil
}

// scanTo returns the index of the first top-level stop byte in s from i,
// skipping quoted strings and bracketed groups.
func scanTo(s string, i int, stop byte) int {
	depth := 0
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case c == stop && depth == 0:
			return i
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		}
	}
	return -1
}

func parseNodeLine(t string) (*ir.Node, error) {
	eq := strings.Index(t, " = ")
	rest := t[eq+3:]
	n := &ir.Node{}
	i := strings.IndexAny(rest, "[(")
	op, ok := ir.ParseOp(rest[:i])
	if !ok {
		return nil, fmt.Errorf("op %q", rest[:i])
	}
	n.Op = op
	if rest[i] == '[' {
		j := scanTo(rest, i+1, ']')
		n.Class = rest[i+1 : j]
		i = j + 1
	}
	j := scanTo(rest, i+1, ')')
	if j < 0 {
		return nil, fmt.Errorf("unclosed argument list")
	}
	args, tail := rest[i+1:j], rest[j+1:]
	for len(args) > 0 {
		k := scanTo(args, 0, ',')
		arg := args
		if k >= 0 {
			arg, args = args[:k], strings.TrimPrefix(args[k+1:], " ")
		} else {
			args = ""
		}
		if err := parseArg(n, arg); err != nil {
			return nil, err
		}
	}
	if strings.HasPrefix(tail, " : ") {
		at := strings.Index(tail, " @L")
		n.Outputs = parseType(tail[3:at])
		tail = tail[at:]
	}
	var line, col int
	fmt.Sscanf(tail, " @L%d:C%d", &line, &col)
	n.Span = ir.Span{Line: line, Col: col}
	if strings.HasSuffix(tail, `"`) {
		if q := strings.LastIndex(tail[:len(tail)-1], ` "`); q >= 0 {
			n.Debug, _ = strconv.Unquote(tail[q+1:])
		}
	}
	return n, nil
}

func parseRef(s string) (ir.Ref, bool) {
	if s == "_" {
		return ir.NoRef, true
	}
	if !strings.HasPrefix(s, "%") {
		return ir.Ref{}, false
	}
	id, out, _ := strings.Cut(s[1:], "#")
	n, err := strconv.Atoi(id)
	if err != nil {
		return ir.Ref{}, false
	}
	k := 0
	if out != "" {
		k, _ = strconv.Atoi(out)
	}
	return ir.Ref{Node: n, Out: k}, true
}

func parseArg(n *ir.Node, arg string) error {
	if r, ok := parseRef(arg); ok {
		n.Operands = append(n.Operands, r)
		return nil
	}
	name, val, ok := strings.Cut(arg, "=")
	if !ok {
		return fmt.Errorf("argument %q", arg)
	}
	if r, ok := parseRef(val); ok {
		n.Pins = append(n.Pins, ir.Pin{Name: name, Ref: r})
		return nil
	}
	var v ir.Value
	switch {
	case strings.HasPrefix(val, `"`):
		s, err := strconv.Unquote(val)
		if err != nil {
			return fmt.Errorf("string %s: %v", val, err)
		}
		v = ir.Str(s)
	case val == "true" || val == "false":
		v = ir.Bool(val == "true")
	case strings.HasPrefix(val, "("):
		var nums []float64
		for _, p := range strings.Split(strings.Trim(val, "()"), ", ") {
			f, _ := strconv.ParseFloat(p, 64)
			nums = append(nums, f)
		}
		v = ir.Tuple(nums...)
	default:
		f, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return fmt.Errorf("value %q", val)
		}
		v = ir.Num(f)
	}
	n.Props = append(n.Props, ir.Prop{Name: name, Value: v})
	return nil
}

func parseType(s string) []ir.Output {
	if !strings.HasPrefix(s, "[") {
		return []ir.Output{{Type: s}}
	}
	var outs []ir.Output
	for _, p := range strings.Split(strings.Trim(s, "[]"), ", ") {
		name, typ, _ := strings.Cut(p, ":")
		outs = append(outs, ir.Output{Name: name, Type: typ})
	}
	return outs
}
