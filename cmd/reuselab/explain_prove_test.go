package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mZero has the patterns of two prove packs and nothing else: b3 = A * 0.0
// (mulzero folds it), b4 = 0.0, b6 = A * 1.0 (mulone reads it as b1, A);
// no Add of two constants, which would fold b3's away.
const mZero = "Shader(Name=\"M_Zero\")\n{\n    Properties = {\n        float A = 0.5;\n    }\n\n" +
	"    Outputs = {\n        float Alpha;\n        Base.Opacity = Alpha;\n    }\n\n" +
	"    Graph = {\n        float m0 = A * 0.0;\n        float z = 0.0;\n        float m1 = A * 1.0;\n        Alpha = m0 + A + z + m1;\n    }\n}\n"

func mZeroFile(t *testing.T) string {
	t.Helper()
	return filepath.Join(filesIn(t, map[string]string{"M_Zero.dsm": mZero}), "M_Zero.dsm")
}

// explainOK runs explain and checks that it explained the nodes the test
// means (the fixture's build ids), so that a renumbering fails loudly.
func explainOK(t *testing.T, heads []string, args ...string) string {
	t.Helper()
	code, out, errs := runCLI(t, append([]string{"explain"}, args...)...)
	if code != 0 {
		t.Fatalf("explain %v: exit %d\n%s%s", args, code, out, errs)
	}
	for _, h := range heads {
		if !strings.Contains(out, h+"\n") {
			t.Fatalf("explain %v does not explain %s:\n%s", args, h, out)
		}
	}
	return out
}

// x*0 → 0 is wrong for ±Inf and NaN: under the fold's derivation, explain
// --prove says refuted, with the input that makes it so and ir/interp's
// replay confirming it; without --prove it says the fold is not proved.
func TestExplainProveRefutesFold(t *testing.T) {
	z3OrSkip(t)
	src := mZeroFile(t)
	heads := []string{"b3 = Multiply(b1, b2)", "b4 = Constant(Value=(0))"}
	out := explainOK(t, heads, "--prove", "--rules", "testdata/prove/mulzero.mg", src, "b3", "b4")
	fold := strings.Index(out, "b3 folds to Constant(Value=(0))")
	derivation := strings.Index(out, "fold(3,0,0)  by testdata/prove/mulzero.mg:6:")
	proof := strings.Index(out, "proof: refuted in float32")
	if fold < 0 || derivation < fold || proof < derivation {
		t.Fatalf("want the fold, its derivation, then the refutation under it:\n%s", out)
	}
	witness := regexp.MustCompile(`\n +b1 Parameter A \(input\) = \[(\S+)\]\n +left = \[(\S+)\], right = \[0\]\n +ir/interp: confirmed`).FindStringSubmatch(out[proof:])
	if witness == nil {
		t.Fatalf("no witness for A, the two sides and a confirmed replay under the proof:\n%s", out[proof:])
	}
	// the only inputs on which A * 0 is not 0: ±Inf and NaN
	if a := witness[1]; a != "+Inf" && a != "-Inf" && a != "NaN" {
		t.Errorf("witness A = %s, which A * 0 maps to 0", a)
	}
	if witness[2] != "NaN" {
		t.Errorf("left side %s on the witness, want NaN", witness[2])
	}
	out = explainOK(t, heads, "--rules", "testdata/prove/mulzero.mg", src, "b3", "b4")
	if !strings.Contains(out, "    proof: not proved; run with --prove\n") || strings.Contains(out, "refuted") {
		t.Errorf("without --prove: want the fold said not proved, and nothing refuted:\n%s", out)
	}
}

// x*1 → x holds for every float32 input: proved under the alias's
// derivation, and over the reals with --semantics real. Without --prove,
// the merge reuse-2.0 makes as well is said to be the reference's.
func TestExplainProveProvesAlias(t *testing.T) {
	z3OrSkip(t)
	src := mZeroFile(t)
	heads := []string{"b6 = Multiply(b1, b5)", "one node under mulone: both become b1"}
	out := explainOK(t, heads, "--prove", "--semantics", "real", "--rules", "testdata/prove/mulone.mg", src, "b6", "b1")
	want := regexp.MustCompile(`b6 goes and its readers read b1 \(alias/3\)\n +alias\(6,1,0\)  by testdata/prove/mulone.mg:5: [^\n]*(?:\n +[^\n]*  (?:fed|schema))+\n +proof: proved for every float32 input \([^)]+\)\n +over the reals: proved\n`)
	if !want.MatchString(out) {
		t.Errorf("want the alias, its derivation, and proved under it, over the reals too:\n%s", out)
	}
	if strings.Contains(out, "refuted") || strings.Contains(out, "unknown") {
		t.Errorf("a sound alias refuted or unknown:\n%s", out)
	}
	// z = A * 1.0 and m1 = A * 1.0 are one node under reuse-2.0 itself
	dup := filepath.Join(filesIn(t, map[string]string{"M_Dup.dsm": strings.Replace(mZero, "float z = 0.0;", "float z = A * 1.0;", 1)}), "M_Dup.dsm")
	out = explainOK(t, []string{"b5 = Multiply(b1, b4)", "b7 = Multiply(b1, b6)"}, dup, "b5", "b7")
	if !strings.Contains(out, "proof: not proved (the reference makes it too); run with --prove") {
		t.Errorf("reuse-2.0's own merge is not said to be the reference's:\n%s", out)
	}
}

// The JSON form carries each claim and its evidence, validates against the
// schema, and the schema rejects a refutation without its witness, a merge
// without its other node, and an evidence verdict verify has no word for.
func TestExplainProveJSON(t *testing.T) {
	z3OrSkip(t)
	schemas := loadSchemas(t)
	src := mZeroFile(t)
	_, out, errs := runCLI(t, "explain", "--prove", "--format", "json", "--rules", "testdata/prove/mulzero.mg", src, "b3", "b4")
	doc := parseOneJSON(t, "explain", []byte(out))
	validate(t, schemas, "explain-json.schema.json", "explain --prove --format json", doc)
	var got struct {
		Because []*jsonLine
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, errs)
	}
	var fold *jsonLine
	for _, l := range flatten(got.Because) {
		if l.Claim != nil && l.Claim.Kind == "fold" && l.Claim.Node == 3 {
			fold = l
		}
	}
	if fold == nil || fold.Evidence == nil || fold.Evidence.Verdict != "refuted" || len(fold.Evidence.Witness) < 3 ||
		!strings.HasPrefix(fold.Evidence.Witness[len(fold.Evidence.Witness)-1], "ir/interp: confirmed") {
		t.Fatalf("no refuted fold of b3 with a replayed witness:\n%s", out)
	}
	s := schemas["explain-json.schema.json"]
	evidenceOf := func(d map[string]any) map[string]any {
		var find func(ls []any) map[string]any
		find = func(ls []any) map[string]any {
			for _, l := range ls {
				m := l.(map[string]any)
				if e, ok := m["evidence"].(map[string]any); ok {
					return e
				}
				if b, ok := m["because"].([]any); ok {
					if e := find(b); e != nil {
						return e
					}
				}
			}
			return nil
		}
		return find(d["because"].([]any))
	}
	broken := map[string]func(map[string]any){
		"a refutation without its witness": func(d map[string]any) { delete(evidenceOf(d), "witness") },
		"a verdict verify does not give":   func(d map[string]any) { evidenceOf(d)["verdict"] = "sound" },
		"a witness beside a proof": func(d map[string]any) {
			evidenceOf(d)["verdict"] = "proved"
		},
	}
	for what, breakIt := range broken {
		d := parseOneJSON(t, "explain", []byte(out)).(map[string]any)
		breakIt(d)
		if s.Validate(d) == nil {
			t.Errorf("explain-json.schema.json accepts %s", what)
		}
	}
	// a merge claim without its other node
	_, out, _ = runCLI(t, "explain", "--format", "json", "--rules", "../../rules/examples/unsound.mg", "../../rules/examples/M_Subtract.dsm", "b3", "b4")
	if !strings.Contains(out, `"kind": "merge"`) || !strings.Contains(out, `"other": 3`) {
		t.Fatalf("the merge of b3 and b4 is not a claim:\n%s", out)
	}
	d := parseOneJSON(t, "explain", []byte(out)).(map[string]any)
	validate(t, schemas, "explain-json.schema.json", "explain --format json (unsound)", d)
	claim := d["because"].([]any)[2].(map[string]any)["because"].([]any)[0].(map[string]any)["claim"].(map[string]any)
	delete(claim, "other")
	if s.Validate(d) == nil {
		t.Error("explain-json.schema.json accepts a merge without its other node")
	}
}

type jsonLine struct {
	Text  string
	Claim *struct {
		Kind  string
		Node  int
		Other *int
	}
	Evidence *struct {
		Verdict, Text string
		Witness       []string
	}
	Because []*jsonLine
}

func flatten(ls []*jsonLine) []*jsonLine {
	var out []*jsonLine
	for _, l := range ls {
		out = append(out, l)
		out = append(out, flatten(l.Because)...)
	}
	return out
}

// A material without Subtract never fires unsound's two clauses: explain
// --profile lists both as not exercised, and so does its JSON.
func TestExplainProfileNotExercised(t *testing.T) {
	src := filepath.Join(filesIn(t, map[string]string{"M_NoSub.dsm": strings.Replace(mZero, "M_Zero", "M_NoSub", 1)}), "M_NoSub.dsm")
	mg := "../../rules/examples/unsound.mg"
	out := explainOK(t, []string{"b3 = Multiply(b1, b2)"}, "--profile", "--rules", mg, src, "b3", "b6")
	for _, want := range []string{"clause coverage of unsound: 0 of 2 merging clauses fired on 1 asset\n",
		"0  not exercised  " + mg + ":10: sig(N, S)", "0  not exercised  " + mg + ":13: sig(N, S)",
		`verdict of unsound on "M_NoSub": not exercised (a merging clause of its own never fired on this input)`} {
		if !strings.Contains(out, want) {
			t.Errorf("explain --profile lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = runCLI(t, "explain", "--profile", "--format", "json", "--rules", mg, src, "b3", "b6")
	validate(t, loadSchemas(t), "explain-json.schema.json", "explain --profile --format json", parseOneJSON(t, "explain", []byte(out)))
	var doc struct {
		Coverage struct {
			Verdict        string
			Clauses        int
			Fired          int `json:"clausesFired"`
			ClauseVerdicts []struct {
				At, Verdict string
				Fired       int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	c := doc.Coverage
	if c.Verdict != "not-exercised" || c.Clauses != 2 || c.Fired != 0 || len(c.ClauseVerdicts) != 2 {
		t.Fatalf("coverage %+v, want 2 clauses, none fired, not-exercised", c)
	}
	for _, cl := range c.ClauseVerdicts {
		if cl.Verdict != "not-exercised" || cl.Fired != 0 || !strings.HasPrefix(cl.At, mg+":") {
			t.Errorf("clause %+v", cl)
		}
	}
}

// Where the clauses fire, --profile judges them as validate does: the
// evaluation fails, and both clauses behind its culprit (one signature
// each side of the merge) are refuted; with --prove too, and the merge's
// refutation is under its derivation.
func TestExplainProfileJudgesFiredClauses(t *testing.T) {
	mg := "../../rules/examples/unsound.mg"
	src := "../../rules/examples/M_Subtract.dsm"
	out := explainOK(t, []string{"b3 = Subtract(b1, b2)"}, "--profile", "--rules", mg, src, "b3", "b4")
	if strings.Count(out, "1  refuted        "+mg) != 2 || !strings.Contains(out, `verdict of unsound on "M_Subtract": refuted`) {
		t.Errorf("want both clauses fired once and refuted by evaluation:\n%s", out)
	}
	z3OrSkip(t)
	out = explainOK(t, nil, "--profile", "--prove", "--rules", mg, src, "b3", "b4")
	if strings.Count(out, "1  refuted        "+mg) != 2 || !strings.Contains(out, "proof: refuted in float32") {
		t.Errorf("with --prove: want both clauses refuted, and the merge's refutation under its derivation:\n%s", out)
	}
}

func TestExplainProveFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--semantics", "real"},
		{"--prove", "--semantics", "rational"},
		{"--prove", "--prove-timeout", "0"},
		{"--prove-all", "--prove"},
	} {
		args = append(args, reuseExample, "b5", "b11")
		if code, out, errs := runCLI(t, append([]string{"explain"}, args...)...); code != exitUsage {
			t.Errorf("explain %v: exit %d, want %d\n%s%s", args, code, exitUsage, out, errs)
		}
	}
}
