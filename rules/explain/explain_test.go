package explain_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/rules/eval"
	"reuselab/rules/explain"
	"reuselab/rules/pack"
	"reuselab/rules/rulestest"
)

// The spec's example (node-reuse.txt): UV1.x * 2.0 and UV3.x * 2.0 are one
// node; 2.0 * UV1.x is not (operands in order), except under commutative.
func explainGraph() *ir.Graph {
	f := []ir.Output{{Type: "float"}}
	return rulestest.SinkGraph(
		&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate", Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("x")}}, Outputs: f},
		&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(2)}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 1}, {Node: 2}}, Outputs: f},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("x")}}, Outputs: f},
		&ir.Node{Op: ir.OpConstant, Props: []ir.Prop{{Name: "Value", Value: ir.Tuple(2.0)}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 4}, {Node: 5}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 5}, {Node: 4}}, Outputs: f},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 3}}, {Name: "B", Ref: ir.Ref{Node: 6}}, {Name: "C", Ref: ir.Ref{Node: 7}}}, Role: ir.RoleStatement})
}

func explainOf(t *testing.T, g *ir.Graph, packName string, a, b int) (string, *explain.Report) {
	t.Helper()
	p := rulestest.MustPack(t, packName)
	o := eval.Evaluate(g, p, explain.Options(ir.Limits{}, a, b))
	if !o.Stop.Answered() {
		t.Fatalf("%s stopped: %v", packName, o.Diags)
	}
	r := explain.New(g, p, o, a, b)
	return r.String(), r
}

// citedClause is the clause a derivation line cites ("… by FILE:LINE:
// TEXT"), checked against the pack's source: TEXT must be the statement
// that starts at LINE of FILE (blanks collapsed), so a wrong line or a
// guessed clause fails.
var cite = regexp.MustCompile(`(?m)^\s*(\S.*?)  by (packs/[\w.-]+\.mg):(\d+): (.*?)(?: \(derived above\))?$`)

func checkCitations(t *testing.T, out string) int {
	t.Helper()
	n := 0
	for _, m := range cite.FindAllStringSubmatch(out, -1) {
		src, err := os.ReadFile(filepath.Join("../pack", m[2]))
		if err != nil {
			t.Fatal(err)
		}
		line, _ := strconv.Atoi(m[3])
		lines := strings.Split(string(src), "\n")
		if line < 1 || line > len(lines) {
			t.Fatalf("%s:%d is outside the file", m[2], line)
		}
		from := strings.Join(strings.Fields(strings.Join(lines[line-1:], "\n")), " ")
		if !strings.HasPrefix(from, m[4]) {
			t.Errorf("%s:%d does not start the clause cited for %s:\n  cited: %s\n  there: %.120s", m[2], line, m[1], m[4], from)
		}
		n++
	}
	return n
}

func TestExplain(t *testing.T) {
	g := explainGraph()
	same, _ := explainOf(t, g, "reuse-2.0", 3, 6)
	for _, want := range []string{"one node under reuse-2.0", "share the signature", "operand 0: b1 and b4 are one node",
		// the dedupe clause and its premises, instantiated for b3
		`sig(3,"Multiply||:float||=1#0|=2#0")  by packs/reuse-2.0.mg:`, `keyargs(3,"Multiply||:float||=1#0|=2#0")  fed`, `!folds(3)  absent`, `role(3,"value")  schema`,
		// why operand 0 is one node: the swizzle clause, through swz0/4
		`swz0(4,0,0,"x")  by packs/reuse-2.0.mg:`, `cur(4,"Swizzle",1)  fed`} {
		if !strings.Contains(same, want) {
			t.Errorf("explain b3 b6 lacks %q:\n%s", want, same)
		}
	}
	if n := checkCitations(t, same); n < 4 {
		t.Errorf("explain b3 b6 cites %d clauses, want the sig and swz0 clauses of both sides:\n%s", n, same)
	}
	diff, _ := explainOf(t, g, "reuse-2.0", 3, 7)
	for _, want := range []string{"not one node", "operation: Swizzle vs Constant",
		// the first premise that failed: the dedupe clause of b3, tried for
		// b7, fails at the fed key and slots (b7's slots differ)
		`tried for b7:`, `fails: premise 1, keyargs(7,"Multiply||:float||=1#0|=2#0") (no such fact)`,
		"operand 0: b3 reads b1, b7 reads b5"} {
		if !strings.Contains(diff, want) {
			t.Errorf("explain b3 b7 lacks %q:\n%s", want, diff)
		}
	}
}

// TestExplainCommutative pins the derivation of a commutative merge: b3 =
// b1 * b2 and b7 = b5 * b4 are one node by two different clauses of
// commutative.mg (R0 < R1 for b3, R1 < R0 for b7), each with the facts it
// matched.
func TestExplainCommutative(t *testing.T) {
	c, rep := explainOf(t, explainGraph(), "commutative", 3, 7)
	for _, want := range []string{"compared as a set",
		`sig(3,"commutes|Multiply||:float||1#0|2#0")  by packs/commutative.mg:14: sig(N, S) :- cur(N, Op, 2), commutes(Op),`,
		`sig(7,"commutes|Multiply||:float||1#0|2#0")  by packs/commutative.mg:17: sig(N, S) :- cur(N, Op, 2), commutes(Op),`,
		`cur(7,"Multiply",2)  fed`, `commutes("Multiply")  table`, `role(7,"value")  schema`, `!folds(7)  absent`,
		`arg(7,0,"",2,0)  fed`, `arg(7,1,"",1,0)  fed`, `1 < 2  builtin`,
		`"commutes|Multiply||:float||1#0|2#0" = fn:string:concat("commutes|","Multiply||:float|","|",1,"#",0,"|",2,"#",0)  builtin`} {
		if !strings.Contains(c, want) {
			t.Errorf("explain under commutative lacks %q:\n%s", want, c)
		}
	}
	if n := checkCitations(t, c); n < 2 {
		t.Errorf("cites %d clauses:\n%s", n, c)
	}
	// The JSON form carries the same derivation as a tree.
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Same    bool
		Into    int
		Because []struct {
			Because []struct {
				Text       string
				Derivation struct {
					Fact, How, File, Clause string
					Line                    int
					Premises                []struct{ Fact, How string }
				}
			}
		}
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Same || back.Into != 3 {
		t.Fatalf("json: same %v into %d, want true 3:\n%s", back.Same, back.Into, js)
	}
	var d *struct {
		Fact, How, File, Clause string
		Line                    int
		Premises                []struct{ Fact, How string }
	}
	for _, l := range back.Because {
		for k := range l.Because {
			if strings.Contains(l.Because[k].Text, "share the signature") {
				d = &l.Because[k].Derivation
			}
		}
	}
	if d == nil || d.How != "clause" || d.File != "packs/commutative.mg" || d.Line != 14 || len(d.Premises) != 9 || d.Premises[0].Fact != `cur(3,"Multiply",2)` || d.Premises[0].How != "fed" {
		t.Errorf("json derivation of the shared signature: %+v\n%s", d, js)
	}
}

// Without provenance the report says so and names no clause (no guess).
func TestExplainWithoutProvenance(t *testing.T) {
	g := explainGraph()
	p := rulestest.MustPack(t, "commutative")
	o := eval.Evaluate(g, p, eval.Options{Record: true})
	out := explain.Explain(g, p, o, 3, 7)
	if !strings.Contains(out, "one node under commutative") || !strings.Contains(out, "kept no provenance") || strings.Contains(out, ".mg:") {
		t.Errorf("explain without provenance:\n%s", out)
	}
}

func compiled(t *testing.T, file string) *ir.Graph {
	t.Helper()
	m, ds := compiler.CompileFile("../../bench/corpus/examples/"+file, compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	return m.Products[0]
}

// A fold: M_Constants' b5 = b3 * b4 of two constants folds to 0.5 and is
// one node with the Constant b2; the fold is derived by the reuse-2.0
// clauses, through fo2/4 and the Go-served mv/6.
func TestExplainFold(t *testing.T) {
	out, _ := explainOf(t, compiled(t, "M_Constants.dsm"), "reuse-2.0", 5, 2)
	for _, want := range []string{"one node under reuse-2.0: both become b2", "b5 folds to Constant(Value=(0.5))",
		`foldtype(5,"float")  by packs/reuse-2.0.mg:`, `fo2(5,"Multiply",3,4)  by packs/reuse-2.0.mg:`, `fold2("Multiply")  table`,
		`cur(5,"Multiply",2)  fed`, `fold(5,0,0.5)  by packs/reuse-2.0.mg:`, `mv("Multiply",3,4,-1,0,0.5)  virtual`,
		`sig(5,"Constant||:float|Value=(0.5)")  by packs/reuse-2.0.mg:`, "(derived above)"} {
		if !strings.Contains(out, want) {
			t.Errorf("explain b5 b2 lacks %q:\n%s", want, out)
		}
	}
	checkCitations(t, out)
}

// A rewrite: M_Swizzles' b6 = b5.x of b5 = b4.xy becomes b4.x and is one
// node with b7 = b4.x; the composition reads the effective swizzle the
// driver published for b5 (eswz/4).
func TestExplainRewrite(t *testing.T) {
	out, _ := explainOf(t, compiled(t, "M_Swizzles.dsm"), "reuse-2.0", 7, 6)
	for _, want := range []string{"one node under reuse-2.0: both become b6", `b6 becomes Swizzle(b4, Mask="x")`,
		`rewrite(6,4,0,"x")  by packs/reuse-2.0.mg:`, `eswz(5,4,0,"xy")  published`, `maskchan("xy",0,0)  virtual`,
		`sig(6,"Swizzle||:float||Mask=x|4#0")  by packs/reuse-2.0.mg:`} {
		if !strings.Contains(out, want) {
			t.Errorf("explain b7 b6 lacks %q:\n%s", want, out)
		}
	}
	checkCitations(t, out)
}

// An alias: an identity swizzle b1 = b0.xy of a float2 goes, and its
// readers read b0.
func TestExplainAlias(t *testing.T) {
	g := rulestest.SinkGraph(
		&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate", Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("xy")}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 1}, {Node: 0}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 2}}}, Role: ir.RoleStatement})
	out, _ := explainOf(t, g, "reuse-2.0", 1, 0)
	for _, want := range []string{"one node under reuse-2.0: both become b0", "b1 goes and its readers read b0 (alias/3)",
		`alias(1,0,0)  by packs/reuse-2.0.mg:`, `ident1(1,0)  by packs/reuse-2.0.mg:`, `identity("xy",2)  table`} {
		if !strings.Contains(out, want) {
			t.Errorf("explain b1 b0 lacks %q:\n%s", want, out)
		}
	}
	checkCitations(t, out)
}

// TestExplainReassociate pins a reassociate merge: (A + B) + C and A + (B +
// C) are one node by the pack's signature clause, whose part/3 premises
// read the multisets carried from the operands' levels (terms/3, `#
// carries:`), each proved at its own level.
func TestExplainReassociate(t *testing.T) {
	m, ds := compiler.CompileFile("testdata/M_Reassoc.dsm", compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	out, _ := explainOf(t, m.Products[0], "reassociate", 5, 7)
	for _, want := range []string{"one node under reassociate: both become b5",
		`b5 and b7 share the signature "Add||:float||reassoc=1#0,2#0,4#0"`,
		`sig(5,"Add||:float||reassoc=1#0,2#0,4#0")  by packs/reassociate.mg:`,
		`sig(7,"Add||:float||reassoc=1#0,2#0,4#0")  by packs/reassociate.mg:`,
		`part(5,0,"1#0,2#0")  by packs/reassociate.mg:`, `part(7,1,"2#0,4#0")  by packs/reassociate.mg:`,
		`terms(3,"Add","1#0,2#0")  carried (carried by the class of b3, derived for b3 at its level)`,
		`terms(6,"Add","2#0,4#0")  by packs/reassociate.mg:`,
		`tjoin("1#0","2#0,4#0","1#0,2#0,4#0")  virtual`, `cur(7,"Add",2)  fed`, `rchain("Add")  table`} {
		if !strings.Contains(out, want) {
			t.Errorf("explain b5 b7 under reassociate lacks %q:\n%s", want, out)
		}
	}
	if n := checkCitations(t, out); n < 6 {
		t.Errorf("cites %d clauses:\n%s", n, out)
	}
}

// A derivation deeper than the bound is cut where it is cut, and the
// report says so.
func TestExplainCut(t *testing.T) {
	src, err := os.ReadFile("testdata/deep.mg")
	if err != nil {
		t.Fatal(err)
	}
	p, ds := pack.ParsePack("testdata/deep.mg", string(src))
	if p == nil || ds.HasErrors() {
		t.Fatal(ds.String())
	}
	f := []ir.Output{{Type: "float"}}
	g := rulestest.SinkGraph(
		&ir.Node{Op: ir.OpReflected, Class: "TextureCoordinate", Props: []ir.Prop{{Name: "CoordinateIndex", Value: ir.Num(0)}}, Outputs: []ir.Output{{Type: "float2"}}},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("x")}}, Outputs: f},
		&ir.Node{Op: ir.OpSwizzle, Operands: []ir.Ref{{Node: 0}}, Props: []ir.Prop{{Name: "Mask", Value: ir.Str("y")}}, Outputs: f},
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 1}, {Node: 2}}, Outputs: f},
		&ir.Node{Op: ir.OpAdd, Operands: []ir.Ref{{Node: 2}, {Node: 1}}, Outputs: f},
		&ir.Node{Op: ir.OpMultiply, Operands: []ir.Ref{{Node: 3}, {Node: 4}}, Outputs: f},
		&ir.Node{Op: ir.OpMaterialSink, Pins: []ir.Pin{{Name: "A", Ref: ir.Ref{Node: 5}}}, Role: ir.RoleStatement})
	o := eval.Evaluate(g, p, explain.Options(ir.Limits{}, 3, 4))
	r := explain.New(g, p, o, 3, 4)
	out := r.String()
	for _, want := range []string{"one node under deep", `sig(3,"deep|Add||:float|")  by testdata/deep.mg:7:`,
		"chain(3,20)  by testdata/deep.mg:6:", "chain(3,19)  by testdata/deep.mg:6:", "  cut (not followed: the proof is bounded in depth and size)",
		"(some derivations are cut where marked"} {
		if !strings.Contains(out, want) {
			t.Errorf("explain under deep lacks %q:\n%s", want, out)
		}
	}
	if !r.Cut {
		t.Error("the report does not say it was cut")
	}
}
