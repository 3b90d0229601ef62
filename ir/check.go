package ir

import (
	"fmt"
	"slices"
	"strconv"
)

// The IR contract as code (ARCHITECTURE.md, "Contracts"), the way Go's
// cmd/compile/internal/ssa checkFunc states what a Func must satisfy
// between passes. Check states what one graph must be; CheckPass what a
// pass may have done to it; CheckResult what an engine's Result must say.
// Each violation names its clause, so a test can break one clause and see
// that one reported.
//
// The graph clauses:
//
//   - ids: Nodes[i] is not nil and has ID i (dense, 0..n-1, build order).
//   - op: every node has a valid Op.
//   - absent: an absent operand slot (`_`) is exactly NoRef; a pin is never
//     absent and always named.
//   - range: every operand and pin reads a node of the graph.
//   - order: every operand and pin reads an earlier node, so build order is
//     topological. One exception: a FunctionInput's Preview pin may read a
//     later node. The input is built when the signature is, before the
//     default's expression (LANGUAGE-2.0 §1.2 FunctionInput row, §7.2
//     example `FunctionInput(Preview=%2, …)`, upstream golden
//     Legacy/IR/Rules/PreviewDefault: `%0 = FunctionInput(Preview=%2, …)`),
//     and the pin is no data dependency of the body: the engine reads it
//     only when a caller leaves the input unconnected.
//   - preview: the reads, Preview pins included, form no cycle: what a
//     later Preview reads never reads the input it serves back, directly or
//     through other Preview pins.
//   - output: every read names an output its node has (0 ≤ Out < len).
//   - types: every output has a type.
//   - roles: the role says what R7 never merges and prune keeps: RoleInput
//     exactly for FunctionInput; RoleStatement exactly for MaterialSink,
//     FunctionOutput and a Reflected custom output (a Reflected without
//     outputs); statements have no outputs, so nothing reads one.
//   - lists: Sink is -1 or the graph's one MaterialSink, and a graph with a
//     MaterialSink names it; Inputs are the FunctionInputs and Outputs the
//     FunctionOutputs, each list in build order and complete.
const (
	ClauseIDs     = "ids"
	ClauseOp      = "op"
	ClauseAbsent  = "absent"
	ClauseRange   = "range"
	ClauseOrder   = "order"
	ClausePreview = "preview"
	ClauseOutput  = "output"
	ClauseTypes   = "types"
	ClauseRoles   = "roles"
	ClauseLists   = "lists"
)

// CheckError is one broken clause of the contract.
type CheckError struct {
	Clause string // one of the Clause constants
	Pass   string // the pass after which it was found; "" outside a pass
	Round  int
	Node   int // the offending node's id (a build id for the pass clauses), -1 for the graph
	Msg    string
}

func (e *CheckError) Error() string {
	s := "ir contract"
	if e.Pass != "" {
		s += " after " + e.Pass
		if e.Round > 0 {
			s += " (round " + strconv.Itoa(e.Round) + ")"
		}
	}
	s += ": " + e.Clause
	if e.Node >= 0 {
		s += ": node %" + strconv.Itoa(e.Node)
	}
	return s + ": " + e.Msg
}

func violation(clause string, node int, format string, args ...any) *CheckError {
	return &CheckError{Clause: clause, Node: node, Msg: fmt.Sprintf(format, args...)}
}

// Check reports the first clause of the graph contract g breaks, or nil.
// It costs O(nodes + reads).
func Check(g *Graph) error {
	if err := checkGraph(g); err != nil {
		return err
	}
	return nil // not a nil *CheckError, which is a non-nil error
}

func checkGraph(g *Graph) *CheckError {
	if err := checkNodes(g); err != nil {
		return err
	}
	return checkLists(g)
}

func checkNodes(g *Graph) *CheckError {
	forward := false // some Preview pin reads a later node
	for i, n := range g.Nodes {
		if n == nil {
			return violation(ClauseIDs, i, "no node in slot %d", i)
		}
		if n.ID != i {
			return violation(ClauseIDs, i, "slot %d holds a node with id %d", i, n.ID)
		}
	}
	for i, n := range g.Nodes {
		if n.Op == OpInvalid || n.Op >= opCount {
			return violation(ClauseOp, i, "invalid op %d", n.Op)
		}
		for k, r := range n.Operands {
			if !r.Valid() {
				if r != NoRef {
					return violation(ClauseAbsent, i, "operand %d is absent but reads %+v, not NoRef", k, r)
				}
				continue
			}
			if err := checkRead(g, n, r, readName{k: k}, false); err != nil {
				return err
			}
		}
		for _, p := range n.Pins {
			if p.Name == "" {
				return violation(ClauseAbsent, i, "a pin without a name")
			}
			if !p.Ref.Valid() {
				return violation(ClauseAbsent, i, "pin %s reads nothing", p.Name)
			}
			preview := n.Op == OpFunctionInput && p.Name == "Preview"
			if err := checkRead(g, n, p.Ref, readName{pin: p.Name}, preview); err != nil {
				return err
			}
			forward = forward || p.Ref.Node >= i
		}
		for k, o := range n.Outputs {
			if o.Type == "" {
				return violation(ClauseTypes, i, "output %d (%q) has no type", k, o.Name)
			}
		}
		if err := checkRole(n); err != nil {
			return err
		}
	}
	if forward {
		return checkCycles(g)
	}
	return nil
}

// readName names a read in a message, built only when one is printed:
// "operand 1", "pin Preview".
type readName struct {
	k   int
	pin string
}

func (r readName) String() string {
	if r.pin != "" {
		return "pin " + r.pin
	}
	return "operand " + strconv.Itoa(r.k)
}

// checkRead checks one read of n: in range, earlier unless it is a
// Preview pin (cycles are checkCycles'), of an output the node has.
func checkRead(g *Graph, n *Node, r Ref, what readName, preview bool) *CheckError {
	if r.Node >= len(g.Nodes) {
		return violation(ClauseRange, n.ID, "%s reads %%%d, past the last node %%%d", what, r.Node, len(g.Nodes)-1)
	}
	if r.Node >= n.ID && !preview {
		return violation(ClauseOrder, n.ID, "%s reads %%%d, which is not earlier", what, r.Node)
	}
	if t := g.Nodes[r.Node]; r.Out < 0 || r.Out >= len(t.Outputs) {
		return violation(ClauseOutput, n.ID, "%s reads output %d of %%%d, which has %d", what, r.Out, r.Node, len(t.Outputs))
	}
	return nil
}

// checkCycles runs when some Preview pin reads forward: Kahn's algorithm
// over every read, O(nodes + reads). Whatever it cannot order lies on a
// cycle or after one; the first FunctionInput left is reported.
func checkCycles(g *Graph) *CheckError {
	n := len(g.Nodes)
	pending := make([]int, n) // reads of each node not yet ordered
	start := make([]int, n+1) // readers of node i: readers[start[i]:start[i+1]]
	for _, nd := range g.Nodes {
		nd.Inputs(func(r Ref) {
			pending[nd.ID]++
			start[r.Node+1]++
		})
	}
	for i := range n {
		start[i+1] += start[i]
	}
	readers := make([]int, start[n])
	fill := append([]int(nil), start[:n]...)
	for _, nd := range g.Nodes {
		nd.Inputs(func(r Ref) {
			readers[fill[r.Node]] = nd.ID
			fill[r.Node]++
		})
	}
	var ready []int
	for i := range n {
		if pending[i] == 0 {
			ready = append(ready, i)
		}
	}
	for len(ready) > 0 {
		i := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		for _, rd := range readers[start[i]:start[i+1]] {
			if pending[rd]--; pending[rd] == 0 {
				ready = append(ready, rd)
			}
		}
	}
	for i, nd := range g.Nodes {
		if pending[i] > 0 && nd.Op == OpFunctionInput {
			return violation(ClausePreview, i, "its Preview default reads the input back (a cycle)")
		}
	}
	for i := range g.Nodes {
		if pending[i] > 0 {
			return violation(ClausePreview, i, "on a cycle through a Preview pin")
		}
	}
	return nil
}

// isStatementOp reports whether n is one of the nodes R7 calls statements.
func isStatementOp(n *Node) bool {
	switch n.Op {
	case OpMaterialSink, OpFunctionOutput:
		return true
	case OpReflected:
		return len(n.Outputs) == 0
	}
	return false
}

func checkRole(n *Node) *CheckError {
	want := RoleValue
	switch {
	case n.Op == OpFunctionInput:
		want = RoleInput
	case isStatementOp(n):
		want = RoleStatement
	}
	if n.Role != want {
		return violation(ClauseRoles, n.ID, "%s has role %s, want %s", n.Op, roleName(n.Role), roleName(want))
	}
	if n.Role == RoleStatement && len(n.Outputs) > 0 {
		return violation(ClauseRoles, n.ID, "statement %s has outputs", n.Op)
	}
	return nil
}

func roleName(r Role) string {
	switch r {
	case RoleValue:
		return "value"
	case RoleStatement:
		return "statement"
	case RoleInput:
		return "input"
	}
	return "role(" + strconv.Itoa(int(r)) + ")"
}

func checkLists(g *Graph) *CheckError {
	sinks, inputs, outputs := 0, []int(nil), []int(nil)
	for i, n := range g.Nodes {
		switch n.Op {
		case OpMaterialSink:
			sinks++
			if g.Sink != i {
				return violation(ClauseLists, i, "a MaterialSink the graph does not name (sink is %%%d)", g.Sink)
			}
		case OpFunctionInput:
			inputs = append(inputs, i)
		case OpFunctionOutput:
			outputs = append(outputs, i)
		}
	}
	if g.Sink >= 0 && sinks == 0 {
		return violation(ClauseLists, -1, "sink %%%d is not a MaterialSink", g.Sink)
	}
	if g.Sink < -1 {
		return violation(ClauseLists, -1, "sink %d", g.Sink)
	}
	if !slices.Equal(g.Inputs, inputs) {
		return violation(ClauseLists, -1, "inputs %v, but the FunctionInputs are %v", g.Inputs, inputs)
	}
	if !slices.Equal(g.Outputs, outputs) {
		return violation(ClauseLists, -1, "outputs %v, but the FunctionOutputs are %v", g.Outputs, outputs)
	}
	return nil
}
