package dss

import (
	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/ir"
)

// constEval folds an expression made only of literals, constants and
// their operators (the binder's constant, §6 Q4). env maps extra names
// (a loop variable) to values.
func (c *compiler) constEval(e syntax.Expr, env map[string][]float64) ([]float64, bool) {
	// An explicit stack would be needed only for pathological nesting, which
	// the parser's depth limit already bounds.
	switch e := e.(type) {
	case *syntax.NumberLit:
		return []float64{e.Value}, true
	case *syntax.BoolLit:
		return []float64{front.Truth(e.Value)}, true
	case *syntax.Paren:
		return c.constEval(e.X, env)
	case *syntax.Name:
		if v, ok := env[e.Text]; ok {
			return v, true
		}
		if g := c.globals[e.Text]; g != nil && g.konst != nil {
			return g.konst, true
		}
		return nil, false
	case *syntax.Unary:
		x, ok := c.constEval(e.X, env)
		if !ok {
			return nil, false
		}
		out := make([]float64, len(x))
		for i, v := range x {
			switch e.Op {
			case "-":
				out[i] = -v
			case "+":
				out[i] = v
			case "!":
				out[i] = front.Truth(v == 0)
			default:
				return nil, false
			}
		}
		return out, true
	case *syntax.Binary:
		// A left-deep chain folds in a loop, as it lowers.
		x, spine := syntax.LeftSpine(e)
		acc, ok := c.constEval(x, env)
		for i := len(spine) - 1; i >= 0 && ok; i-- {
			op, known := binaryOps[spine[i].Op]
			if !known {
				return nil, false
			}
			var r []float64
			if r, ok = c.constEval(spine[i].R, env); ok {
				acc, ok = front.FoldBinary(op, acc, r)
			}
		}
		return acc, ok
	case *syntax.Call:
		n, ok := e.Fn.(*syntax.Name)
		if !ok {
			return nil, false
		}
		t := front.ParseType2(n.Text)
		if !t.Numeric() {
			return nil, false
		}
		var out []float64
		for _, a := range e.Args {
			v, ok := c.constEval(a.Value, env)
			if !ok {
				return nil, false
			}
			out = append(out, v...)
		}
		if len(out) == 1 && t.Width > 1 {
			for len(out) < t.Width {
				out = append(out, out[0])
			}
		}
		if len(out) != t.Width {
			return nil, false
		}
		return out, true
	case *syntax.Member:
		x, ok := c.constEval(e.X, env)
		if !ok {
			return nil, false
		}
		idx, ok := front.MaskIndices(e.Name)
		if !ok {
			return nil, false
		}
		var out []float64
		for _, i := range idx {
			out = append(out, x[i])
		}
		return out, true
	}
	return nil, false
}

var binaryOps = map[string]ir.Op{
	"+": ir.OpAdd, "-": ir.OpSubtract, "*": ir.OpMultiply, "/": ir.OpDivide, "%": ir.OpFmod,
	">": ir.OpGreater, ">=": ir.OpGreaterEqual, "<": ir.OpLess, "<=": ir.OpLessEqual,
	"==": ir.OpEqual, "!=": ir.OpNotEqual, "&&": ir.OpLogicalAnd, "||": ir.OpLogicalOr,
}

func isComparison(op ir.Op) bool {
	switch op {
	case ir.OpGreater, ir.OpGreaterEqual, ir.OpLess, ir.OpLessEqual, ir.OpEqual, ir.OpNotEqual:
		return true
	}
	return false
}
