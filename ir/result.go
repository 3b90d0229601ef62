package ir

import "time"

// FateKind is what a reuse engine did to one build node.
type FateKind uint8

const (
	// Kept: the node survives as itself (possibly re-indexed).
	Kept FateKind = iota
	// Merged: the node was merged into an equal, earlier node (R5, R6).
	Merged
	// Folded: the node was rewritten in place into a Constant (R3); it then
	// survives (or is merged or pruned later, which a later fate records).
	Folded
	// Rewritten: a swizzle rewritten into one mask on the inner source (R4).
	Rewritten
	// Pruned: nothing reaches the node any more.
	Pruned
)

func (k FateKind) String() string {
	switch k {
	case Kept:
		return "kept"
	case Merged:
		return "merged"
	case Folded:
		return "folded"
	case Rewritten:
		return "rewritten"
	case Pruned:
		return "pruned"
	}
	return "?"
}

// Fate records, for one build node, the node it became (D4). There is one
// per build node in every Result, so it is kept to 12 bytes: ids as int32
// (a graph of 2^31 nodes would not fit in memory), the pass as a PassID.
type Fate struct {
	Final int32 // index in Result.Graph, -1 if pruned
	Into  int32 // build id of the node it was merged into (Merged), else itself
	Kind  FateKind
	Pass  PassID // the pass that decided the fate (NoPass when Kept untouched)
	Round uint16 // 0 for the prune passes outside the rounds
}

// PassStat is what one run of one pass did.
type PassStat struct {
	Pass    string `json:"name"`
	Round   int    `json:"round"`
	Changed int    `json:"changed"` // folded, rewritten, merged or pruned nodes
}

// Note is a diagnostic a pass raises (DSH4390 for a pruned parameter). The
// passes know no file names, so the compiler turns notes into diagnostics.
type Note struct {
	Code     string
	Severity string // "info", "warning", "error"
	Node     int    // build id
	Span     Span
	// File is where the note points when that is not the asset's source: a
	// rule pack's own diagnostic names the pack (Span is then its line).
	File    string
	Message string
}

// Result is what a reuse engine made of one graph (ARCHITECTURE: contracts).
// Both the reference passes and the Datalog driver return it, so validate
// can compare them without knowing either.
type Result struct {
	Engine string // "reference", "datalog"
	Mode   string // "2.0", "1x", "none", or a rule pack name
	Build  *Graph // the graph as built, untouched
	// Graph is the surviving graph, re-indexed. Its nodes are its own, but
	// a node may share its Props (with their values' Nums) and Outputs
	// slices with a node of Build, or with other nodes of Graph (the
	// reference passes do, instead of copying them): both are read-only
	// once a Result exists. To change a node, replace the slice, or take
	// Node.Clone first.
	Graph *Graph
	// Fates is indexed by build node id. What each survivor was made from,
	// and so its spans (SpanLists), follows from them.
	Fates  []Fate
	Passes []PassStat
	// Rounds counts the reference's {fold, swizzles, dedupe} rounds that ran
	// (R2); Levels the DAG levels a rule pack was evaluated by (a wide level
	// counts once per chunk). Each is 0 for the other engine.
	Rounds     int
	Levels     int
	StopReason StopReason
	Limits     Limits // what the run was bounded by, as the caller gave them
	Notes      []Note
	Wall       time.Duration
}

// Partition returns, for every build node, the final index it maps to (-1
// when pruned). Two engines agree when their partitions and surviving graphs
// are equal.
func (r *Result) Partition() []int {
	p := make([]int, len(r.Fates))
	for i, f := range r.Fates {
		p[i] = int(f.Final)
	}
	return p
}

// SpanLists gives, for every node of Graph, its own span first, then the
// spans of every build node merged into it (by dedupe, or an identity mask
// into its source), in build order (D4). They are derived from Fates when
// asked, rather than kept in every Result: only the emitter and the tests
// read them, and a list per survivor would cost more than the Fates do.
func (r *Result) SpanLists() [][]Span {
	if r.Graph == nil {
		return nil
	}
	count := make([]int32, len(r.Graph.Nodes))
	total := len(r.Graph.Nodes)
	for _, f := range r.Fates {
		if f.Kind == Merged && f.Final >= 0 && int(f.Final) < len(count) {
			count[f.Final]++
			total++
		}
	}
	slab := make([]Span, 0, total)
	lists := make([][]Span, len(r.Graph.Nodes))
	for k, n := range r.Graph.Nodes {
		start := len(slab)
		slab = append(slab, n.Span)
		lists[k] = slab[start : start+1 : start+1+int(count[k])]
		slab = slab[:start+1+int(count[k])]
	}
	for i, f := range r.Fates {
		if f.Kind == Merged && f.Final >= 0 && int(f.Final) < len(lists) && r.Build != nil && i < len(r.Build.Nodes) {
			lists[f.Final] = append(lists[f.Final], r.Build.Nodes[i].Span)
		}
	}
	return lists
}

// Untouched is the Result of a run that stopped before its answer: the
// surviving graph is the build graph, every node kept as itself, so that no
// caller can take it for a merge; why says what stopped the run.
func Untouched(g *Graph, why StopReason) *Result {
	res := &Result{Build: g, Graph: g.Clone(), StopReason: why, Fates: make([]Fate, len(g.Nodes))}
	for i := range g.Nodes {
		res.Fates[i] = Fate{Kind: Kept, Final: int32(i), Into: int32(i)}
	}
	return res
}
