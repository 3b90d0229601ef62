package passes_test

import (
	"os"
	"path/filepath"
	"testing"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/ir/legacy1x"
)

// counts1x are the node counts of one source in one mode: IR nodes (D2, as
// upstream counts them), asset nodes (as emitted), and asset nodes per class.
type counts1x struct {
	ir, asset int
	classes   map[string]int
	ops       map[string]int
}

func compileCounts(t *testing.T, file, mode string) counts1x {
	t.Helper()
	m, ds := compiler.CompileFile(file, compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatalf("%s does not compile: %v", file, ds.Codes(0))
	}
	out, results := passes.RunModule(m, passes.Options{Mode: mode})
	c := counts1x{classes: map[string]int{}, ops: map[string]int{}}
	for _, g := range out.Products {
		c.ir += g.Len()
		for _, n := range g.Nodes {
			name := n.Op.String()
			if n.Op.HasClass() {
				name += "[" + n.Class + "]"
			}
			c.ops[name]++
		}
	}
	for _, a := range emit.FromModule(filepath.Base(file), m, results, emit.Options{Legacy1x: mode == "1x"}) {
		c.asset += len(a.Nodes)
		for _, n := range a.Nodes {
			c.classes[n.Class]++
		}
	}
	return c
}

// One case per row of SEMANTICS.md "What 2.0 shares that 1.x did not": a
// small .dsm compiled with --reuse 1x and --reuse 2.0, the counts told apart
// as the row says.
func TestLegacy1xRows(t *testing.T) {
	type row struct {
		name, file string
		check      func(t *testing.T, x, y counts1x) // x = 1x, y = 2.0
	}
	// more asserts that 1x has `by` more IR and asset nodes of op/class.
	more := func(op, class string, by int) func(t *testing.T, x, y counts1x) {
		return func(t *testing.T, x, y counts1x) {
			if x.ops[op]-y.ops[op] != by {
				t.Errorf("IR %s: 1x %d, 2.0 %d; want 1x to have %d more", op, x.ops[op], y.ops[op], by)
			}
			if x.classes[class]-y.classes[class] != by {
				t.Errorf("asset %s: 1x %d, 2.0 %d; want 1x to have %d more", class, x.classes[class], y.classes[class], by)
			}
			if x.ir-y.ir != by || x.asset-y.asset != by {
				t.Errorf("totals: IR 1x %d vs 2.0 %d, asset 1x %d vs 2.0 %d; want 1x %d more in both", x.ir, y.ir, x.asset, y.asset, by)
			}
		}
	}
	rows := []row{
		// Function / GraphFunction calls: a new Custom per call site (1.x),
		// one per distinct argument list (2.0). Two calls of each.
		{"Function and GraphFunction calls", "function.dsm", func(t *testing.T, x, y counts1x) {
			for _, op := range []string{"Custom[Scale]", "Custom[Twice]"} {
				if x.ops[op] != 2 || y.ops[op] != 1 {
					t.Errorf("IR %s: 1x %d, 2.0 %d; want 2 and 1", op, x.ops[op], y.ops[op])
				}
			}
			if x.classes["Custom"] != 4 || y.classes["Custom"] != 2 || x.ir-y.ir != 2 || x.asset-y.asset != 2 {
				t.Errorf("Custom nodes 1x %d, 2.0 %d (want 4 and 2); IR %d vs %d, asset %d vs %d (want 2 more in 1x)",
					x.classes["Custom"], y.classes["Custom"], x.ir, y.ir, x.asset, y.asset)
			}
		}},
		// UE.Expression of a Custom class: never shared / shared when equal.
		{"UE.Expression of a Custom class", "customclass.dsm", more("Reflected[Custom]", "Custom", 1)},
		// UE.TexCoord, Time, Panner, TransformVector, TransformPosition and a
		// no-argument state read (WorldPosition), each called twice alike.
		{"registered UE.* calls", "registered.dsm", func(t *testing.T, x, y counts1x) {
			for _, c := range []string{"TextureCoordinate", "Time", "Panner", "WorldPosition", "Transform", "TransformPosition"} {
				if x.ops["Reflected["+c+"]"] != 2 || y.ops["Reflected["+c+"]"] != 1 {
					t.Errorf("IR %s: 1x %d, 2.0 %d; want 2 and 1", c, x.ops["Reflected["+c+"]"], y.ops["Reflected["+c+"]"])
				}
				if x.classes[c] != 2 || y.classes[c] != 1 {
					t.Errorf("asset %s: 1x %d, 2.0 %d; want 2 and 1", c, x.classes[c], y.classes[c])
				}
			}
			if x.ir <= y.ir || x.asset <= y.asset {
				t.Errorf("1x should have more nodes: IR %d vs %d, asset %d vs %d", x.ir, y.ir, x.asset, y.asset)
			}
		}},
		// UE.CollectionParam: a node per call site / one per collection and
		// parameter.
		{"UE.CollectionParam", "collection.dsm", more("Reflected[CollectionParameter]", "CollectionParameter", 1)},
		// Make/Set MaterialAttributes and attribute reads: two sets written
		// alike and read alike are one Make and one Break in 2.0, two each
		// in 1x.
		{"Make/Set MaterialAttributes and attribute reads", "ma.dsm", func(t *testing.T, x, y counts1x) {
			for _, op := range []string{"MakeMaterialAttributes", "GetMaterialAttributes"} {
				if x.ops[op]-y.ops[op] != 1 {
					t.Errorf("IR %s: 1x %d, 2.0 %d; want 1x one more", op, x.ops[op], y.ops[op])
				}
			}
			for _, c := range []string{"MakeMaterialAttributes", "BreakMaterialAttributes"} {
				if x.classes[c]-y.classes[c] != 1 {
					t.Errorf("asset %s: 1x %d, 2.0 %d; want 1x one more", c, x.classes[c], y.classes[c])
				}
			}
			if x.ir-y.ir != 2 || x.asset-y.asset != 2 {
				t.Errorf("IR %d vs %d, asset %d vs %d: want 2 more in 1x", x.ir, y.ir, x.asset, y.asset)
			}
		}},
		// If: one per merged variable (1.x); two variables with the same
		// condition and values share one in 2.0.
		{"If", "if.dsm", more("Compare", "If", 1)},
		// StaticSwitchParameter calls: never shared / one per pair of branches.
		{"StaticSwitchParameter calls", "switch.dsm", more("Reflected[StaticSwitchParameter]", "StaticSwitchParameter", 1)},
		// Parameter nodes: a parameter first read in an if arm is made again
		// by the read after the if (1.x); one node in 2.0.
		{"parameter and property nodes", "param.dsm", more("Parameter", "ScalarParameter", 1)},
		// Swizzles: no node, a mask on each connection (1.x); one
		// ComponentMask per source and mask (2.0; `.rgb` of a vector
		// parameter is its RGB pin). The IR has the Swizzle nodes in both.
		{"swizzles", "swizzle.dsm", func(t *testing.T, x, y counts1x) {
			if x.classes["ComponentMask"] != 0 || y.classes["ComponentMask"] != 3 {
				t.Errorf("ComponentMask: 1x %d, 2.0 %d; want 0 and 3 (uv.x, uv.y, V.a)", x.classes["ComponentMask"], y.classes["ComponentMask"])
			}
			if x.ir != y.ir {
				t.Errorf("IR: 1x %d, 2.0 %d; a swizzle is an IR node in both", x.ir, y.ir)
			}
			if y.asset-x.asset != 3 {
				t.Errorf("asset: 1x %d, 2.0 %d; want 2.0 to have the 3 masks more", x.asset, y.asset)
			}
		}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			file := filepath.Join("testdata", "legacy1x", r.file)
			x, y := compileCounts(t, file, "1x"), compileCounts(t, file, "2.0")
			none := compileCounts(t, file, "none")
			t.Logf("%s: IR none/1x/2.0 = %d/%d/%d, asset = %d/%d/%d", r.file, none.ir, x.ir, y.ir, none.asset, x.asset, y.asset)
			r.check(t, x, y)
		})
	}
}

// 1x shares what the 1.x cache shared: literals (1 ≡ 1.0), binary ops on the
// same values, generic UE.<Class> nodes and math builtins, and one −1 for
// every negation in the asset (2.0: a fresh −1 per Negate, R8).
func TestLegacy1xShares(t *testing.T) {
	src := `Shader(Name="T/Shares") {
  Properties { float P = 0.5; float Q = 0.25; }
  Settings { Domain = "UI"; ShadingModel = "Unlit"; }
  Outputs { float O; Base.Opacity = O; }
  Graph {
    float a = P * 2 + P * 2.0;
    float b = UE.Sine(OutputType="float1", Input=a) + UE.Sine(OutputType="float1", Input=a);
    float c = sin(a) + sin(a);
    O = -a + -b + -c + -P + Q;
  }
}`
	file := filepath.Join(t.TempDir(), "shares.dsm")
	writeFile(t, file, src)
	x, y := compileCounts(t, file, "1x"), compileCounts(t, file, "2.0")
	if x.ops["Multiply"] != 1 || x.ops["Reflected[Sine]"] != 1 || x.ops["Sin"] != 1 {
		t.Errorf("1x should share the Multiply, the UE.Sine and the sin: %v", x.ops)
	}
	if x.classes["Constant"] != 2 { // 2 and the one −1
		t.Errorf("1x asset constants: %d, want 2 (the 2 and one shared −1)", x.classes["Constant"])
	}
	if y.classes["Constant"] != 5 { // 2 and four fresh −1s
		t.Errorf("2.0 asset constants: %d, want 5 (the 2 and a fresh −1 per negation)", y.classes["Constant"])
	}
}

// The split keeps the graph topological and the parameter one per scope:
// a read before the if, in its condition and in an arm is one node.
func TestLegacy1xBuildScopes(t *testing.T) {
	src := `Shader(Name="T/Scopes") {
  Properties { float P = 0.5; float R = 0.5; }
  Settings { Domain = "UI"; ShadingModel = "Unlit"; }
  Outputs { float O; Base.Opacity = O; }
  Graph {
    float a = P;
    if (P > 0.5) { a = P * 3; } else { a = R * 2; }
    if (a > 0.5) { a = a + R; } else { a = 1; }
    O = a + P + R;
  }
}`
	file := filepath.Join(t.TempDir(), "scopes.dsm")
	writeFile(t, file, src)
	m, ds := compiler.CompileFile(file, compiler.Options{})
	if m == nil || ds.HasErrors() {
		t.Fatalf("does not compile: %v", ds.Codes(0))
	}
	g := legacy1x.Build(m.Products[0])
	params := map[string]int{}
	for i, n := range g.Nodes {
		if n.ID != i {
			t.Fatalf("node %d has ID %d", i, n.ID)
		}
		n.Inputs(func(r ir.Ref) {
			if r.Node >= i {
				t.Errorf("node %d reads %d: not topological", i, r.Node)
			}
		})
		if n.Op == ir.OpParameter {
			v, _ := n.Prop("ParameterName")
			params[v.Str]++
		}
	}
	// P: read before the first if, one node. R: first read in the else arm
	// of the first if, again in the second if's arm (a new scope), again
	// after it: three nodes.
	if params["P"] != 1 || params["R"] != 3 {
		t.Errorf("parameters %v, want P once and R three times", params)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
