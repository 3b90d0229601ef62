package eval

import (
	"strconv"

	"github.com/google/mangle/ast"

	"reuselab/ir"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// What the driver feeds a level (the pack interface, rules/pack/iface.go):
// cur/3 and arg/5 always; argstr/2, keyargs/2 and constop/3 only to a
// program that reads them. Those three exist to spare a rule joins: each
// costs a fact (and a string) a node, which a pack that never reads it
// should not pay for.
//
// keyargs/2 is key/2 and argstr/2 concatenated, the whole R5 signature:
// the dedupe clause reads one fact instead of two and a concatenation (a
// substitution copied per premise, MANGLE.md §4). constop/3 is operand/4
// through output 0 joined with constant/2: the fold checks start from it,
// so a level's nodes without a constant operand (nearly all) are never
// unified, where starting from the op table unified every node of the
// level whose op folds.

// levelReads says which of the optional level predicates a program reads.
type levelReads struct{ argStr, keyArgs, constOp bool }

// readsOf scans the program's premises; a few hundred, once a level chunk,
// which is cheaper than a cache keyed by program that lives as long as the
// process.
func readsOf(pr *pack.Program) levelReads {
	var r levelReads
	if pr != nil && pr.Info != nil {
		for _, c := range pr.Info.Rules {
			for _, t := range c.Premises {
				sym, _ := premisePredicate(t)
				switch sym {
				case pack.PredArgStr:
					r.argStr = true
				case pack.PredKeyArgs:
					r.keyArgs = true
				case pack.PredConstOp:
					r.constOp = true
				}
			}
		}
	}
	return r
}

// feedLevel feeds round the level facts of the nodes ids.
func (e *evaluator) feedLevel(pr *pack.Program, round *facts.Tee, ids []int) {
	want := readsOf(pr)
	var joined []byte
	for _, i := range ids {
		n := e.g.Nodes[i]
		e.lv.kindOf(e.g, i, n)
		slots := facts.Slots(n)
		round.Fed.Add(ast.Atom{Predicate: pack.PredCur, Args: []ast.BaseTerm{e.num(i), e.base.Str(n.Op.String()), e.num(len(slots))}})
		joined = joined[:0]
		for k, s := range slots {
			r := e.resolve(facts.RefNode(s.Ref), s.Ref.Out)
			round.Fed.Add(ast.Atom{Predicate: pack.PredArg, Args: []ast.BaseTerm{e.num(i), e.num(k), e.base.Str(s.Name), e.num(r.Node), e.num(r.Out)}})
			joined = appendSlot(joined, s.Name, r)
		}
		if want.argStr {
			round.Fed.Add(ast.Atom{Predicate: pack.PredArgStr, Args: []ast.BaseTerm{e.num(i), ast.String(string(joined))}})
		}
		if want.keyArgs {
			round.Fed.Add(ast.Atom{Predicate: pack.PredKeyArgs, Args: []ast.BaseTerm{e.num(i), ast.String(facts.StaticKey(n) + string(joined))}})
		}
		if want.constOp {
			for k, r := range n.Operands {
				if x := facts.RefNode(r); r.Out == 0 && e.base.IsConstant(x) {
					round.Fed.Add(ast.Atom{Predicate: pack.PredConstOp, Args: []ast.BaseTerm{e.num(i), e.num(k), e.num(x)}})
				}
			}
		}
	}
}

// appendSlot appends one slot as argstr/2 joins it: "|Label=R#Q".
func appendSlot(b []byte, name string, r ir.Ref) []byte {
	b = append(append(append(b, '|'), name...), '=')
	b = append(strconv.AppendInt(b, int64(r.Node), 10), '#')
	return strconv.AppendInt(b, int64(r.Out), 10)
}
