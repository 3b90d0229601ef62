package ir

// ClauseResult is the clause of CheckResult: what an engine says it did to
// every build node agrees with the graph it returns (ARCHITECTURE.md,
// "ir.Result"), the same for the reference passes and the Datalog driver.
const ClauseResult = "result"

// CheckResult checks r: its build and surviving graphs satisfy Check, and
// its fates describe a stable compaction of the build graph:
//
//   - one fate per build node, one span list per surviving node, the
//     survivor's own span first and one more per node merged into it;
//   - a Kept, Folded or Rewritten node survives, and the k-th of them in
//     build order is final node k; a Kept node is its build node (op,
//     class, properties, outputs, role) and a Folded one a Constant;
//   - a Pruned node has no final index; a Merged node has the final index
//     of the node it was merged into, an earlier node that was not merged
//     itself (R6: the earliest survives);
//   - statements and FunctionInputs are never merged or pruned (R7).
//
// An engine that stopped early (a limit) returns the build graph with every
// node Kept, which passes.
func CheckResult(r *Result) error {
	if err := checkResult(r, true); err != nil {
		return err
	}
	return nil
}

// CheckResultOfBuild is CheckResult but for the build graph, which the
// caller checks only when the result fails (a result that breaks the
// contract over an unsound build graph is the compiler's finding, not the
// engine's): reading the build graph of a large result is a cache miss a
// node. A nil build node is still a violation, not a crash.
func CheckResultOfBuild(r *Result) error {
	if err := checkResult(r, false); err != nil {
		return err
	}
	return nil
}

func checkResult(r *Result, build bool) *CheckError {
	if r.Build == nil || r.Graph == nil {
		return violation(ClauseResult, -1, "no build or no surviving graph")
	}
	if build {
		if err := checkGraph(r.Build); err != nil {
			err.Pass = "build"
			return err
		}
	}
	if err := checkGraph(r.Graph); err != nil {
		err.Pass = r.Engine + " " + r.Mode
		return err
	}
	if len(r.Fates) != len(r.Build.Nodes) {
		return violation(ClauseResult, -1, "%d fates for %d build nodes", len(r.Fates), len(r.Build.Nodes))
	}
	next := 0
	for i, f := range r.Fates {
		b := r.Build.Nodes[i]
		if b == nil {
			return violation(ClauseResult, i, "no build node")
		}
		if f.Final < -1 || int(f.Final) >= len(r.Graph.Nodes) {
			return violation(ClauseResult, i, "final index %d out of range", f.Final)
		}
		switch f.Kind {
		case Kept, Folded, Rewritten:
			if int(f.Final) != next {
				return violation(ClauseResult, i, "%s as final %d; the survivors before it make it %d", f.Kind, f.Final, next)
			}
			next++
			n := r.Graph.Nodes[f.Final]
			if f.Kind == Kept && (n.Op != b.Op || n.Class != b.Class || !sameOutputs(n.Outputs, b.Outputs) || len(n.Props) != len(b.Props)) {
				return violation(ClauseResult, i, "kept, but final %d is %s, not %s", f.Final, NodeExpr(n), NodeExpr(b))
			}
			if f.Kind == Folded && n.Op != OpConstant {
				return violation(ClauseResult, i, "folded, but final %d is a %s", f.Final, n.Op)
			}
			if n.Role != b.Role || n.Span != b.Span {
				return violation(ClauseResult, i, "final %d has another role or span", f.Final)
			}
		case Pruned:
			if f.Final != -1 {
				return violation(ClauseResult, i, "pruned, yet final %d", f.Final)
			}
		case Merged:
			if f.Into < 0 || int(f.Into) >= i {
				return violation(ClauseResult, i, "merged into %%%d, not an earlier node", f.Into)
			}
			into := r.Fates[f.Into]
			if into.Kind == Merged {
				return violation(ClauseResult, i, "merged into %%%d, which was merged itself", f.Into)
			}
			if f.Final != into.Final {
				return violation(ClauseResult, i, "merged into %%%d (final %d) but final %d", f.Into, into.Final, f.Final)
			}
		default:
			return violation(ClauseResult, i, "fate kind %d", f.Kind)
		}
		if b.Role != RoleValue && (f.Kind == Merged || f.Kind == Pruned) {
			return violation(ClauseResult, i, "%s %s (R7)", b.Op, f.Kind)
		}
	}
	if next != len(r.Graph.Nodes) {
		return violation(ClauseResult, -1, "%d surviving fates for %d nodes", next, len(r.Graph.Nodes))
	}
	return nil
}
