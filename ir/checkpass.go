package ir

import (
	"sort"
	"strconv"
)

// Snapshot is an engine's graph between two of its passes: the nodes alive
// at that point, compacted in build order, every read resolved to a live
// node, so that Graph satisfies Check; Build[k] is the build id of
// Graph.Nodes[k]. A pass runner makes one after every pass (the "build"
// snapshot before the first) for CheckPass and for the pass views
// (`compile --passes`).
type Snapshot struct {
	Pass  string // the pass that just ran; "build" for the graph as built
	Round int    // its round; 0 outside the rounds
	Graph *Graph
	Build []int
}

// Label is how the snapshot is headed: "build", "prune", "fold (round 2)".
func (s *Snapshot) Label() string {
	if s.Round > 0 {
		return s.Pass + " (round " + strconv.Itoa(s.Round) + ")"
	}
	return s.Pass
}

// Rewrites are the in-place changes a pass may make besides removing
// nodes and redirecting reads.
type Rewrites uint8

const (
	// RewriteFold: a node may become a Constant in place, same span, debug
	// name and output type (R3).
	RewriteFold Rewrites = 1 << iota
	// RewriteMask: a Swizzle may take a new mask and read its inner mask's
	// source instead (R4: a mask of a mask composed into one).
	RewriteMask
)

// The pass clauses, checked by CheckPass between two snapshots:
//
//   - added: a pass never adds a node and never reorders: the build ids
//     after it are a subsequence of those before it.
//   - kept: statements and FunctionInputs are never removed (R7: never
//     merged; they are prune roots).
//   - changed: a surviving node is the node it was (op, class, properties,
//     outputs, role, span, debug name, its reads' count), except for the
//     rewrites the pass may make.
//   - redirect: a read of a node that survives is unchanged (but the source
//     of a composed mask); a read of a node the pass removed goes to an
//     earlier node, through the same output index, of the same type (the
//     node it was merged into, or an identity mask's source).
//   - graph: the header (index, kind, name, backend, legacy) is unchanged
//     and Sink, Inputs and Outputs name the same build nodes.
const (
	ClauseAdded    = "added"
	ClauseKept     = "kept"
	ClauseChanged  = "changed"
	ClauseRedirect = "redirect"
	ClauseGraph    = "graph"
)

// CheckPass checks after against the graph contract (Check) and against
// before, the snapshot the pass started from, given the rewrites the pass
// may make. Node ids in its errors are build ids.
func CheckPass(before, after *Snapshot, may Rewrites) error {
	err := checkGraph(after.Graph)
	if err != nil {
		// Report build ids, which is what the runner's passes know; the
		// message's own ids are the compacted snapshot's.
		if err.Node >= 0 && err.Node < len(after.Build) {
			err.Node = after.Build[err.Node]
			err.Msg += " (ids of the compacted graph)"
		}
	} else {
		err = checkDelta(before, after, may)
	}
	if err != nil {
		err.Pass, err.Round = after.Pass, after.Round
		return err
	}
	return nil
}

func checkDelta(before, after *Snapshot, may Rewrites) *CheckError {
	bg, ag := before.Graph, after.Graph
	if len(before.Build) != len(bg.Nodes) || len(after.Build) != len(ag.Nodes) {
		return violation(ClauseGraph, -1, "a snapshot's build list does not match its nodes")
	}
	if bg.Index != ag.Index || bg.Kind != ag.Kind || bg.Name != ag.Name || bg.Backend != ag.Backend || bg.Legacy != ag.Legacy {
		return violation(ClauseGraph, -1, "the graph's header changed")
	}
	// at[b] is the index of build node b in before, or -1.
	maxID := 0
	for _, b := range before.Build {
		maxID = max(maxID, b+1)
	}
	for _, b := range after.Build {
		maxID = max(maxID, b+1)
	}
	beforeAt, afterAt := indexOf(before.Build, maxID), indexOf(after.Build, maxID)

	prev := -1
	for k, b := range after.Build {
		if b <= prev {
			return violation(ClauseAdded, b, "build ids out of order after the pass (%d after %d)", b, prev)
		}
		prev = b
		if b < 0 || beforeAt[b] < 0 {
			return violation(ClauseAdded, b, "a node the graph did not have before (%s)", ag.Nodes[k].Op)
		}
	}
	for k, n := range bg.Nodes {
		if b := before.Build[k]; n.Role != RoleValue && afterAt[b] < 0 {
			return violation(ClauseKept, b, "%s removed", n.Op)
		}
	}
	for k, n := range ag.Nodes {
		b := after.Build[k]
		if err := checkSurvivor(before, after, bg.Nodes[beforeAt[b]], n, b, afterAt, may); err != nil {
			return err
		}
	}
	buildOf := func(s *Snapshot, i int) int {
		if i < 0 || i >= len(s.Build) {
			return -1
		}
		return s.Build[i]
	}
	if buildOf(before, bg.Sink) != buildOf(after, ag.Sink) {
		return violation(ClauseGraph, -1, "the sink moved")
	}
	for _, l := range [...]struct {
		name string
		b, a []int
	}{{"inputs", bg.Inputs, ag.Inputs}, {"outputs", bg.Outputs, ag.Outputs}} {
		if len(l.b) != len(l.a) {
			return violation(ClauseGraph, -1, "%d %s before, %d after", len(l.b), l.name, len(l.a))
		}
		for i := range l.b {
			if buildOf(before, l.b[i]) != buildOf(after, l.a[i]) {
				return violation(ClauseGraph, -1, "%s %d moved", l.name, i)
			}
		}
	}
	return nil
}

func indexOf(build []int, size int) []int {
	at := make([]int, size)
	for i := range at {
		at[i] = -1
	}
	for k, b := range build {
		if b >= 0 && b < size {
			at[b] = k
		}
	}
	return at
}

// checkSurvivor compares node n (build id b) after the pass with what it
// was, was, before it.
func checkSurvivor(before, after *Snapshot, was, n *Node, b int, afterAt []int, may Rewrites) *CheckError {
	if n.Role != was.Role || n.Span != was.Span || n.Debug != was.Debug {
		return violation(ClauseChanged, b, "its role, span or debug name changed")
	}
	folded := n.Op == OpConstant && was.Op != OpConstant
	if folded {
		if may&RewriteFold == 0 {
			return violation(ClauseChanged, b, "%s became a Constant in a pass that does not fold", was.Op)
		}
		if len(n.Operands) != 0 || len(n.Pins) != 0 || len(n.Props) != 1 || n.Props[0].Name != "Value" ||
			len(n.Outputs) != 1 || len(was.Outputs) != 1 || n.Outputs[0] != was.Outputs[0] {
			return violation(ClauseChanged, b, "%s folded into something other than a Constant of its type: %s : %s, was %s",
				was.Op, buildExpr(after, n), FormatType(n.Outputs), FormatType(was.Outputs))
		}
		return nil
	}
	if n.Op != was.Op || n.Class != was.Class || !sameOutputs(n.Outputs, was.Outputs) ||
		len(n.Operands) != len(was.Operands) || len(n.Pins) != len(was.Pins) {
		return violation(ClauseChanged, b, "%s changed into %s", buildExpr(before, was), buildExpr(after, n))
	}
	composed := may&RewriteMask != 0 && composedMask(before, after, was, n)
	if len(n.Props) != len(was.Props) {
		return violation(ClauseChanged, b, "its properties changed (%s, was %s)", buildExpr(after, n), buildExpr(before, was))
	}
	for k, p := range n.Props {
		w := was.Props[k]
		if p.Name == w.Name && sameValue(p.Value, w.Value) {
			continue
		}
		if !composed || p.Name != "Mask" || w.Name != "Mask" || p.Value.Kind != KindString {
			return violation(ClauseChanged, b, "its properties changed (%s, was %s)", buildExpr(after, n), buildExpr(before, was))
		}
	}
	for k := range n.Operands {
		if err := checkRedirect(before, after, b, was.Operands[k], n.Operands[k], afterAt, composed && k == 0, readName{k: k}); err != nil {
			return err
		}
	}
	for k := range n.Pins {
		if n.Pins[k].Name != was.Pins[k].Name {
			return violation(ClauseChanged, b, "pin %d renamed %s", k, n.Pins[k].Name)
		}
		if err := checkRedirect(before, after, b, was.Pins[k].Ref, n.Pins[k].Ref, afterAt, false, readName{pin: n.Pins[k].Name}); err != nil {
			return err
		}
	}
	return nil
}

// composedMask reports whether swizzle n now reads, through its operand 0,
// the source of the Swizzle it read before, with the mask of the two
// composed (R4: a mask of a mask made one mask, which may spell the same
// letters). The inner mask may itself have been composed earlier in the
// same visit, so its source and mask are taken as they were before the
// pass or as they are after it.
func composedMask(before, after *Snapshot, was, n *Node) bool {
	if n.Op != OpSwizzle || len(n.Operands) == 0 || len(was.Operands) == 0 || !was.Operands[0].Valid() || !n.Operands[0].Valid() {
		return false
	}
	outer, ok1 := maskProp(was)
	now, ok2 := maskProp(n)
	if !ok1 || !ok2 {
		return false
	}
	if was.Operands[0].Node >= len(before.Build) {
		return false
	}
	innerB := before.Build[was.Operands[0].Node]
	versions := []struct {
		s *Snapshot
		k int
	}{{before, was.Operands[0].Node}}
	if k := sort.SearchInts(after.Build, innerB); k < len(after.Build) && after.Build[k] == innerB {
		versions = append(versions, struct {
			s *Snapshot
			k int
		}{after, k})
	}
	for _, v := range versions {
		inner := v.s.Graph.Nodes[v.k]
		innerMask, ok := maskProp(inner)
		if inner.Op != OpSwizzle || !ok || len(inner.Operands) == 0 || !inner.Operands[0].Valid() {
			continue
		}
		src, read := inner.Operands[0], n.Operands[0]
		if v.s.Build[src.Node] == after.Build[read.Node] && src.Out == read.Out && composeMask(outer, innerMask) == now {
			return true
		}
	}
	return false
}

// buildExpr prints n as the dump does, reads named by build id.
func buildExpr(s *Snapshot, n *Node) string {
	c := *n
	c.Operands = append([]Ref(nil), n.Operands...)
	c.Pins = append([]Pin(nil), n.Pins...)
	c.MapRefs(func(k int) int {
		if k < len(s.Build) {
			return s.Build[k]
		}
		return k
	})
	return NodeExpr(&c)
}

func maskProp(n *Node) (string, bool) {
	v, ok := n.Prop("Mask")
	return v.Str, ok && v.Kind == KindString
}

// composeMask is the mask that reads, of a value, what outer reads of
// inner's view of it; "" when a letter of outer is past inner's width.
func composeMask(outer, inner string) string {
	out := make([]byte, len(outer))
	for i := range len(outer) {
		c := MaskChannel(outer[i])
		if c < 0 || c >= len(inner) {
			return ""
		}
		out[i] = inner[c]
	}
	return string(out)
}

func checkRedirect(before, after *Snapshot, b int, was, now Ref, afterAt []int, composed bool, what readName) *CheckError {
	if was.Valid() != now.Valid() {
		return violation(ClauseRedirect, b, "%s filled or emptied", what)
	}
	if !was.Valid() {
		return nil
	}
	if was.Node >= len(before.Build) {
		return violation(ClauseRedirect, b, "%s read %%%d before the pass, outside that graph", what, was.Node)
	}
	wasB, nowB := before.Build[was.Node], after.Build[now.Node]
	if wasB == nowB && was.Out == now.Out {
		return nil
	}
	if composed {
		return nil // the mask now reads its inner mask's source (composedMask)
	}
	if afterAt[wasB] >= 0 {
		return violation(ClauseRedirect, b, "%s moved from %%%d#%d, which survives, to %%%d#%d", what, wasB, was.Out, nowB, now.Out)
	}
	if nowB >= wasB || now.Out != was.Out {
		return violation(ClauseRedirect, b, "%s moved from the removed %%%d#%d to %%%d#%d, not an earlier node's same output", what, wasB, was.Out, nowB, now.Out)
	}
	wt := before.Graph.Nodes[was.Node].Type(was.Out)
	if nt := after.Graph.Nodes[now.Node].Type(now.Out); nt != wt {
		return violation(ClauseRedirect, b, "%s moved from the removed %%%d (%s) to %%%d (%s)", what, wasB, wt, nowB, nt)
	}
	return nil
}

func sameOutputs(a, b []Output) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameValue compares two property values exactly: a pass copies the
// values it keeps.
func sameValue(a, b Value) bool {
	if a.Kind != b.Kind || a.Str != b.Str || a.Bool != b.Bool || len(a.Nums) != len(b.Nums) {
		return false
	}
	for i := range a.Nums {
		if a.Nums[i] != b.Nums[i] && !(a.Nums[i] != a.Nums[i] && b.Nums[i] != b.Nums[i]) { // NaN is NaN
			return false
		}
	}
	return true
}
