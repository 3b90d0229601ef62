// Package decompile raises a compiled IR module back to readable `.dss`
// source, as upstream's decompiler does (RaiseDreamShaderIR, then the AST
// built from the IR, then the printer): what a reuse pack did, read as a
// program. The text recompiles to the same graph (Equivalent).
//
// Which node prints as which sugar is the raise rules' call: a Datalog
// pack (rules/pack/raise/raise.mg, its sugar/4 facts) the caller runs
// and hands in through Options.Raise; the printer itself is Go.
package decompile

import "reuselab/ir"

// Sugar says node N prints as Form (sugar/4 of the raise rules): for a
// Compare, `A Form B ? operand I : operand J`; "bool" declares a float
// Parameter a bool uniform; "truth" prints a test of one against 0 as
// its name.
type Sugar struct {
	N, I, J int
	Form    string
}

// Options configure a decompile.
type Options struct {
	// Raise returns the raise rules' sugar for one graph; nil or no
	// facts: every node prints as its own op.
	Raise func(g *ir.Graph) ([]Sugar, error)
}

// readings indexes one graph's sugar by node.
type readings map[int]Sugar

func readGraph(g *ir.Graph, opt Options) (readings, error) {
	r := readings{}
	if opt.Raise == nil {
		return r, nil
	}
	ss, err := opt.Raise(g)
	if err != nil {
		return nil, err
	}
	for _, s := range ss {
		if s.N >= 0 && s.N < len(g.Nodes) {
			if _, dup := r[s.N]; !dup {
				r[s.N] = s
			}
		}
	}
	return r, nil
}

// operandAt is operand k of n, or an absent slot.
func operandAt(n *ir.Node, k int) ir.Ref {
	if k >= 0 && k < len(n.Operands) {
		return n.Operands[k]
	}
	return ir.NoRef
}
