package eval

import (
	"encoding/gob"
	"io"
	"os"
	"strings"

	"reuselab/diag"
	"reuselab/ir"
)

// A lying child: the parent must hold whatever a child sends to the graph
// it asked about. When the test binary runs as the evaluation child and
// FakeChildEnv names a lie, FakeChild answers every evaluation request
// with that lie (a load request gets an honest "loads"), so that the tests
// can send the parent what no correct driver sends.
const FakeChildEnv = "REUSELAB_RULES_TEST_LIE"

// The lies.
const (
	LieNoFold    = "nofold"    // a fold without components: the index -1 of issue 28
	LieFlood     = "flood"     // 20,000 diagnostics, the first with a 100 KB message
	LieHuge      = "huge"      // a message past the outcome cap
	LieBadLength = "badlength" // one live entry too few
	// LieBatchCount answers a batch with an outcome too few (and one
	// graph with the truth of a pack that merges nothing)
	LieBatchCount = "batchcount"
)

// ChildRequests is how many requests serving children were sent so far.
func ChildRequests() int64 { return childRequests.Load() }

// FakeChild serves the lie and exits, or returns when this process is not
// a lying child.
func FakeChild() {
	lie := os.Getenv(FakeChildEnv)
	if os.Getenv(childEnv) != "1" || lie == "" {
		return
	}
	dec, enc := gob.NewDecoder(os.Stdin), gob.NewEncoder(os.Stdout)
	for {
		var req childRequest
		if err := dec.Decode(&req); err != nil {
			if err == io.EOF {
				os.Exit(0)
			}
			os.Exit(3)
		}
		var reply any = &Outcome{Stop: ir.StopSaturated}
		switch {
		case req.Graphs != nil:
			reply = lieAboutBatch(req.Graphs, lie)
		case !req.Check:
			reply = lieAbout(req.Graph, lie)
		}
		if err := enc.Encode(reply); err != nil {
			os.Exit(3)
		}
	}
}

// honest is the outcome of a pack that merges nothing: every node live,
// its own class, kept.
func honest(g *ir.Graph) *Outcome {
	n := len(g.Nodes)
	o := &Outcome{Stop: ir.StopSaturated, Live: make([]bool, n), Keep: make([]bool, n), Class: make([]int32, n),
		Alias: map[int]ir.Ref{}, Fold: map[int]FoldOut{}, Rewrite: map[int]SwzOut{}}
	for i := range n {
		o.Live[i], o.Keep[i], o.Class[i] = true, true, int32(i)
	}
	return o
}

// lieAboutBatch tells a batch the lie it tells of each graph, and
// LieBatchCount.
func lieAboutBatch(gs []*ir.Graph, lie string) *batchReply {
	r := &batchReply{Whole: []*Outcome{{Stop: ir.StopSaturated}}}
	for _, g := range gs {
		r.Outcomes = append(r.Outcomes, lieAbout(g, lie))
	}
	if lie == LieBatchCount {
		r.Outcomes = r.Outcomes[:len(r.Outcomes)-1]
	}
	return r
}

func lieAbout(g *ir.Graph, lie string) *Outcome {
	o := honest(g)
	switch lie {
	case LieNoFold:
		for i, nd := range g.Nodes {
			if nd.Op == ir.OpMultiply {
				o.Fold[i] = FoldOut{Type: "float"}
			}
		}
	case LieFlood:
		for k := range 20_000 {
			msg := strings.Repeat("m", 1<<10)
			if k == 0 {
				msg = strings.Repeat("m", 100<<10)
			}
			o.Diags = append(o.Diags, diag.Diagnostic{Pos: diag.Pos{File: "lie.mg", Line: k + 1, Col: 1}, Severity: diag.Warning, Code: CodePackOutput, Message: msg})
		}
	case LieHuge:
		o.Sigs = make([][]string, len(g.Nodes))
		o.Sigs[0] = []string{strings.Repeat("s", int(outcomeCap(len(g.Nodes))))}
	case LieBadLength:
		o.Live = o.Live[1:]
	}
	return o
}

// StopIdleChildren stops and reaps every idle serving child, so that the
// CPU they spent counts among the process's children's.
func StopIdleChildren() {
	servers.Lock()
	var all []*server
	for k, idle := range servers.idle {
		all = append(all, idle...)
		delete(servers.idle, k)
	}
	servers.Unlock()
	for _, s := range all {
		s.kill()
	}
}
