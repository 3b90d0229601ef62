package eval_test

import (
	"maps"
	"strings"
	"testing"
	"time"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// The parent applies no outcome it has not checked: each way an outcome
// can fail to fit its graph ends in a diagnostic and the build graph
// untouched, never a panic, and whatever Build returns passes the IR
// contract (issue 28, attack 2).

// reference is reuse-2.0's outcome on g, in this process: one the check
// must accept, for the cases below to spoil one thing of.
func reference(t *testing.T, g *ir.Graph) *eval.Outcome {
	t.Helper()
	o := eval.Evaluate(g, rulestest.MustPack(t, "reuse-2.0"), eval.Options{})
	if !o.Stop.Answered() {
		t.Fatalf("reuse-2.0 stopped on %s: %v", g.Name, o.Diags)
	}
	return o
}

func cloneOutcome(o *eval.Outcome) *eval.Outcome {
	c := *o
	c.Live, c.Keep, c.Class = append([]bool(nil), o.Live...), append([]bool(nil), o.Keep...), append([]int32(nil), o.Class...)
	c.Alias, c.Fold, c.Rewrite = maps.Clone(o.Alias), maps.Clone(o.Fold), maps.Clone(o.Rewrite)
	c.Diags = append(c.Diags[:0:0], o.Diags...)
	return &c
}

// pick is the first node of g that ok accepts.
func pick(t *testing.T, g *ir.Graph, what string, ok func(i int, n *ir.Node) bool) int {
	t.Helper()
	for i, n := range g.Nodes {
		if ok(i, n) {
			return i
		}
	}
	t.Fatalf("%s has no %s", g.Name, what)
	return -1
}

// mustRefuse builds o and asserts the refusal: a stopped result that is
// the build graph untouched, and the diagnostic, of code, at the pack.
func mustRefuse(t *testing.T, g *ir.Graph, o *eval.Outcome, code, says string) {
	t.Helper()
	res := eval.Build(g, "spoiled", o)
	if err := ir.CheckResult(res); err != nil {
		t.Errorf("the result breaks the IR contract: %v", err)
	}
	if res.StopReason != ir.StopError || o.Stop != ir.StopError {
		t.Fatalf("applied: result %s, outcome %s", res.StopReason, o.Stop)
	}
	for i, f := range res.Fates {
		if f.Kind != ir.Kept || int(f.Final) != i {
			t.Fatalf("b%d is %s (final %d): the refused outcome was applied", i, f.Kind, f.Final)
		}
	}
	if len(o.Diags) == 0 {
		t.Fatal("no diagnostic")
	}
	d := o.Diags[len(o.Diags)-1]
	if d.Code != code || d.Pos.File != "spoiled" || !strings.Contains(d.Message, says) {
		t.Errorf("got %s\nwant %s …%s…", d, code, says)
	}
	if o.Live != nil || o.Fold != nil || o.Alias != nil {
		t.Error("the refused outcome still holds its decisions")
	}
}

func TestBuildRefusesAnOutcomeThatDoesNotFit(t *testing.T) {
	g := irgen.Generate(irgen.Config{Seed: 11, Nodes: 120, DupRate: 0.3})
	ref := reference(t, g)
	if res := eval.Build(g, "reuse-2.0", cloneOutcome(ref)); !res.StopReason.Answered() || ir.CheckResult(res) != nil {
		t.Fatalf("the reference outcome itself is refused: %s %v", res.StopReason, res.Notes)
	}
	n := len(g.Nodes)
	members := map[int32]int{}
	for _, c := range ref.Class {
		members[c]++
	}
	// a live value node alone in its class, neither folded nor rewritten
	value := func(i int, nd *ir.Node) bool {
		_, f := ref.Fold[i]
		_, r := ref.Rewrite[i]
		return i > 0 && ref.Live[i] && ref.Class[i] == int32(i) && members[int32(i)] == 1 && ref.Keep[i] &&
			nd.Role == ir.RoleValue && len(nd.Outputs) == 1 && !f && !r
	}
	v := pick(t, g, "a value node alone in its class", value)
	later := pick(t, g, "a later value node alone in its class", func(i int, nd *ir.Node) bool { return i > v+1 && value(i, nd) })
	sink := pick(t, g, "MaterialSink", func(_ int, nd *ir.Node) bool { return nd.Op == ir.OpMaterialSink })
	notSwizzle := pick(t, g, "a later Add alone in its class", func(i int, nd *ir.Node) bool { return i > v && nd.Op == ir.OpAdd && value(i, nd) })
	// unclass makes node i a node that is no class's: aliased, or dead
	unclass := func(o *eval.Outcome, ids ...int) {
		for _, i := range ids {
			o.Class[i], o.Keep[i] = -1, false
		}
	}
	for _, c := range []struct {
		name, code, says string
		spoil            func(o *eval.Outcome)
	}{
		{"foldtype without fold/3", eval.CodePackOutput, "with 0 components", func(o *eval.Outcome) { o.Fold[v] = eval.FoldOut{Type: "float"} }},
		{"a fold too narrow for its type", eval.CodePackOutput, "with 1 components (fold/3), not 3", func(o *eval.Outcome) { o.Fold[v] = eval.FoldOut{Type: "float3", Vals: []float64{1}} }},
		{"a fold to no value type", eval.CodePackOutput, `type "Texture2D"`, func(o *eval.Outcome) { o.Fold[v] = eval.FoldOut{Type: "Texture2D", Vals: []float64{1}} }},
		{"a bool fold of 2", eval.CodePackOutput, "not 0 or 1", func(o *eval.Outcome) { o.Fold[v] = eval.FoldOut{Type: "bool", Vals: []float64{2}} }},
		{"a fold of an id past the graph", eval.CodeChild, "a fold of b", func(o *eval.Outcome) { o.Fold[n+5] = eval.FoldOut{Type: "float", Vals: []float64{1}} }},
		{"a live node in no class", eval.CodeChild, "in no class", func(o *eval.Outcome) { o.Class[v] = -1 }},
		{"a class past the graph", eval.CodeChild, "past the nodes", func(o *eval.Outcome) { o.Class[v] = 1 << 20 }},
		{"a class whose root is elsewhere", eval.CodeChild, "whose root", func(o *eval.Outcome) { o.Class[v] = int32(later); o.Class[later] = int32(v) }},
		{"one live entry too few", eval.CodeChild, "live", func(o *eval.Outcome) { o.Live = o.Live[1:] }},
		{"an alias to itself", eval.CodeChild, "aliased itself", func(o *eval.Outcome) { unclass(o, v); o.Alias[v] = ir.Ref{Node: v} }},
		{"two aliases in a cycle", eval.CodeChild, "aliased itself", func(o *eval.Outcome) {
			unclass(o, v, later)
			o.Alias[v], o.Alias[later] = ir.Ref{Node: later}, ir.Ref{Node: v}
		}},
		{"an alias to a later node", eval.CodePackOutput, "not an earlier node", func(o *eval.Outcome) { unclass(o, v); o.Alias[v] = ir.Ref{Node: later} }},
		{"an alias through an output the node lacks", eval.CodePackOutput, "reads output 7", func(o *eval.Outcome) { unclass(o, later); o.Alias[later] = ir.Ref{Node: v, Out: 7} }},
		{"an alias past the graph", eval.CodeChild, "past the nodes", func(o *eval.Outcome) { unclass(o, v); o.Alias[v] = ir.Ref{Node: -3} }},
		{"a rewrite of an Add", eval.CodePackOutput, "not a Swizzle", func(o *eval.Outcome) {
			o.Rewrite[notSwizzle] = eval.SwzOut{Src: ir.Ref{Node: v}, Mask: "x"}
		}},
		{"a keep of a merged node", eval.CodeChild, "not the survivor", func(o *eval.Outcome) { o.Class[later] = int32(v); o.Keep[later] = true }},
		{"a stop reason no evaluation ends with", eval.CodeChild, "stop reason", func(o *eval.Outcome) { o.Stop = "sideways" }},
		{"a merge of the MaterialSink (R7)", eval.CodePackOutput, "IR contract", func(o *eval.Outcome) { o.Class[sink] = int32(v); o.Keep[sink] = false }},
		{"a fold of the MaterialSink", eval.CodePackOutput, "IR contract", func(o *eval.Outcome) { o.Fold[sink] = eval.FoldOut{Type: "float", Vals: []float64{1}} }},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := cloneOutcome(ref)
			c.spoil(o)
			mustRefuse(t, g, o, c.code, c.says)
		})
	}
}

// Attack 2 at the command's level: the pack that panicked the parent.
func TestFoldTypeWithoutFoldIsADiagnostic(t *testing.T) {
	m, ds := compiler.CompileFile("../examples/M_Double.dsm", compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	file := writePack(t, "foldtype.mg", "# pack: foldtype-only\n# extends: reuse-2.0\nfoldtype(N, \"float\") :- cur(N, \"Multiply\", _).\n")
	p, ds := pack.Load(file, eval.Analyser(ir.Limits{}))
	if p == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := m.Products[0]
	res, _, ds := eval.Run(g, p, eval.Options{})
	if res.StopReason != ir.StopError || len(ds.Items) == 0 {
		t.Fatalf("stop %s, diagnostics %s", res.StopReason, ds.String())
	}
	if d := ds.Items[0]; d.Code != eval.CodePackOutput || d.Pos.File != file || d.Pos.Line != 3 || !strings.Contains(d.Message, "without fold/3") {
		t.Errorf("got %s, want %s:3:1 DSH9307 naming the foldtype clause", d, file)
	}
	if err := ir.CheckResult(res); err != nil {
		t.Error(err)
	}
}

// lyingRun evaluates g under a child that tells lie, through the serving
// child (a user's pack) and the one-shot child (a built-in pack with a
// time limit).
func lyingRun(t *testing.T, g *ir.Graph, lie string) map[string]*eval.Outcome {
	t.Helper()
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	t.Setenv(eval.FakeChildEnv, lie)
	user, ds := pack.Load(writePack(t, "liar.mg", "# pack: liar\n# extends: reuse-2.0\n"), eval.Analyser(ir.Limits{}))
	if user == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	out := map[string]*eval.Outcome{}
	for name, run := range map[string]func() (*ir.Result, *eval.Outcome){
		"serving": func() (*ir.Result, *eval.Outcome) {
			res, o, _ := eval.Run(g, user, eval.Options{})
			return res, o
		},
		"one-shot": func() (*ir.Result, *eval.Outcome) {
			res, o, _ := eval.Run(g, rulestest.MustPack(t, "reuse-2.0"), eval.Options{Limits: ir.Limits{Timeout: time.Minute}})
			return res, o
		},
	} {
		res, o := run()
		if err := ir.CheckResult(res); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		out[name] = o
	}
	return out
}

func TestParentRefusesWhatAChildLies(t *testing.T) {
	m, ds := compiler.CompileFile("../examples/M_Double.dsm", compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	g := m.Products[0]
	for _, c := range []struct{ lie, code, says string }{
		{eval.LieNoFold, eval.CodePackOutput, "with 0 components"},
		{eval.LieBadLength, eval.CodeChild, "live"},
		{eval.LieHuge, eval.CodeChild, "more than the 64 MiB"},
	} {
		for path, o := range lyingRun(t, g, c.lie) {
			if o.Stop != ir.StopError || len(o.Diags) == 0 {
				t.Errorf("%s, %s: stop %s, %v", c.lie, path, o.Stop, o.Diags)
				continue
			}
			if d := o.Diags[len(o.Diags)-1]; d.Code != c.code || !strings.Contains(d.Message, c.says) {
				t.Errorf("%s, %s: got %s, want %s …%s…", c.lie, path, d, c.code, c.says)
			}
		}
	}
}

// A flood of diagnostics is cut on receipt to the first ones and one
// "N more", each message shortened.
func TestParentCapsAChildsDiagnostics(t *testing.T) {
	g := rulestest.SinkGraph(&ir.Node{Op: ir.OpMaterialSink, Role: ir.RoleStatement})
	for path, o := range lyingRun(t, g, eval.LieFlood) {
		if len(o.Diags) != 200 {
			t.Errorf("%s: %d diagnostics, want 199 and one more", path, len(o.Diags))
			continue
		}
		last := o.Diags[len(o.Diags)-1]
		if last.Code != "DSH8293" || !strings.HasPrefix(last.Message, "19801 more diagnostics") {
			t.Errorf("%s: last %s", path, last)
		}
		if m := o.Diags[0].Message; len(m) > 8<<10 || !strings.Contains(m, "[102400 bytes, sha256 ") {
			t.Errorf("%s: a 100 KB message kept as %d bytes: %.80q…", path, len(m), m)
		}
	}
}

// A pack of thousands of arity mistakes: the child that loads it sends
// back the first diagnostics and one "N more", not every one (a 4 MB pack
// of them shipped 1.16M back, 1.28 GB in the parent).
func TestLoadSendsBackBoundedDiagnostics(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a child process")
	}
	src := "# pack: flood\n# extends: reuse-2.0\na(1).\n" + strings.Repeat("a().\n", 5000)
	p, ds := pack.Load(writePack(t, "flood.mg", src), eval.Analyser(ir.Limits{}))
	if p != nil || !ds.HasErrors() {
		t.Fatalf("loaded: %s", ds.String())
	}
	if len(ds.Items) != 200 {
		t.Fatalf("%d diagnostics, want 199 and one more", len(ds.Items))
	}
	if last := ds.Items[len(ds.Items)-1]; last.Code != "DSH8293" || !strings.HasPrefix(last.Message, "4801 more diagnostics") {
		t.Errorf("last: %s", last)
	}
}
