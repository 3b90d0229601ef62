package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// noSubtract has no Subtract: unsound.mg's two clauses cannot fire on it.
const noSubtract = "Shader(Name=\"M_NoSub\")\n{\n    Properties = {\n        float A = 0.5;\n    }\n\n" +
	"    Outputs = {\n        float Alpha;\n        Base.Opacity = Alpha;\n    }\n\n" +
	"    Graph = {\n        Alpha = A * 2.0 + A;\n    }\n}\n"

// unsoundMG is declared in view_verdicts_test.go.

// benchRun runs bench into a fresh folder and returns its exit code, its
// stdout, report.md and summary.json (validated against its schema).
func benchRun(t *testing.T, args ...string) (code int, stdout, report string, summary map[string]any) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "bench")
	code, stdout, errs := runCLI(t, append([]string{"bench", "--out", out}, args...)...)
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatalf("bench %v: exit %d, no report.md (%v)\n%s%s", args, code, err, stdout, errs)
	}
	doc := readJSONValue(t, filepath.Join(out, "summary.json"))
	validate(t, loadSchemas(t), "bench-summary.schema.json", "summary.json", doc)
	return code, stdout, string(md), doc.(map[string]any)
}

// verdictIn is the verdict object of variant in summary.json.
func verdictIn(t *testing.T, summary map[string]any, variant string) map[string]any {
	t.Helper()
	vs, _ := summary["verdicts"].([]any)
	for _, v := range vs {
		if m := v.(map[string]any); m["variant"] == variant {
			return m
		}
	}
	t.Fatalf("summary.json has no verdict of %s: %v", variant, summary["verdicts"])
	return nil
}

// packSections is what report.md says under the headings that name
// variant: the pack's verdict section and its research section.
func packSections(report, variant string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(report, "\n") {
		if strings.HasPrefix(l, "#") {
			in = strings.HasPrefix(l, "### ") && strings.Contains(l, "`"+variant+"`")
		}
		if in {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// A research pack whose clauses never fire on the corpus is "not
// exercised" in report.md, summary.json and bench's summary lines, and
// nowhere sound, proved or agreeing; bench's exit status stays what it
// was (it measures, validate gates).
func TestBenchNotExercisedIsNeverSound(t *testing.T) {
	dir := filesIn(t, map[string]string{"M_NoSub.dsm": noSubtract})
	code, stdout, report, summary := benchRun(t, "--rules", unsoundMG, dir)
	if code != 0 {
		t.Errorf("exit %d, want 0: a verdict is reported, not gated on\n%s", code, stdout)
	}
	v := verdictIn(t, summary, "datalog:unsound")
	if v["verdict"] != "not-exercised" || v["clausesFired"] != jsonInt(0) || v["clauses"] != jsonInt(2) || v["assetsCounted"] != jsonInt(1) {
		t.Errorf("summary.json: %v, want not-exercised, 0 of 2 clauses fired on 1 asset", v)
	}
	// the schema knows the verdicts' words: none of them is "sound"
	v["verdict"] = "sound"
	if loadSchemas(t)["bench-summary.schema.json"].Validate(summary) == nil {
		t.Errorf("bench-summary.schema.json accepts a verdict \"sound\"")
	}
	v["verdict"] = "not-exercised"
	cvs, _ := v["clauseVerdicts"].([]any)
	if len(cvs) != 2 {
		t.Fatalf("clauseVerdicts %v, want unsound.mg's two clauses", v["clauseVerdicts"])
	}
	for i, line := range []string{":10", ":13"} {
		cv := cvs[i].(map[string]any)
		if cv["verdict"] != "not-exercised" || cv["fired"] != jsonInt(0) || !strings.HasSuffix(cv["at"].(string), "unsound.mg"+line) {
			t.Errorf("clauseVerdicts[%d] = %v, want unsound.mg%s not exercised, fired 0", i, cv, line)
		}
	}
	sections := packSections(report, "datalog:unsound")
	for _, want := range []string{"### `datalog:unsound`: not exercised", "Verdict: **not exercised** (a merging clause of its own never fired on this input). 0 of 2 merging clauses fired on 1 asset.",
		"| 0 | not exercised | `" + unsoundMG + ":10` | `sig(N, S) :- cur(N, \"Subtract\", 2)", "| 0 | not exercised | `" + unsoundMG + ":13` |"} {
		if !strings.Contains(sections, want) {
			t.Errorf("report.md lacks %q in the pack's sections:\n%s", want, sections)
		}
	}
	said := regexp.MustCompile(`(?i)\bsound\b|proved|agrees|\btested\b`)
	if m := said.FindString(sections); m != "" {
		t.Errorf("report.md says %q of a pack no clause of which fired:\n%s", m, sections)
	}
	var lines []string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.Contains(l, "datalog:unsound") {
			lines = append(lines, l)
		}
	}
	if !strings.Contains(stdout, "verdict of datalog:unsound: not exercised (a merging clause of its own never fired on this input); 0 of 2 merging clauses fired") {
		t.Errorf("stdout lacks the verdict:\n%s", stdout)
	}
	if m := said.FindString(strings.Join(lines, "\n")); m != "" {
		t.Errorf("stdout says %q of the pack:\n%s", m, stdout)
	}
}

// Where unsound.mg's clauses fire, they are counted, and the evaluation
// that bench already makes refutes the pack (and exits 1, as it did).
func TestBenchCountsTheClausesThatFire(t *testing.T) {
	code, stdout, report, summary := benchRun(t, "--rules", unsoundMG, "--rules", "reuse-2.0", "../../rules/examples/M_Subtract.dsm")
	if code != 1 {
		t.Errorf("exit %d, want 1: the research pack fails evaluation\n%s", code, stdout)
	}
	v := verdictIn(t, summary, "datalog:unsound")
	if v["verdict"] != "refuted" || v["clausesFired"] != jsonInt(2) {
		t.Errorf("summary.json: %v, want refuted with both clauses fired", v)
	}
	for _, cv := range v["clauseVerdicts"].([]any) {
		if n := cv.(map[string]any)["fired"]; n == jsonInt(0) {
			t.Errorf("a clause did not fire on M_Subtract: %v", cv)
		}
	}
	if !strings.Contains(packSections(report, "datalog:unsound"), "Verdict: **refuted** (a disagreement or a failed evaluation). 2 of 2 merging clauses fired on 1 asset.") {
		t.Errorf("report.md:\n%s", packSections(report, "datalog:unsound"))
	}
	// the mirroring pack: agreement with 2.0, its clauses not counted
	m := verdictIn(t, summary, "datalog:reuse-2.0")
	if m["verdict"] != "agrees" || m["mirror"] != true || m["assetsCounted"] != jsonInt(0) || m["clauseVerdicts"] != nil {
		t.Errorf("reuse-2.0: %v, want agrees, a mirror, not counted", m)
	}
	if !strings.Contains(stdout, "verdict of datalog:reuse-2.0: agrees with the reference (equal to the reference mode on every asset) (report.md, Verdicts).") {
		t.Errorf("stdout:\n%s", stdout)
	}
}

// bench --prove: x*0 → 0 is refuted by z3 with a witness that ir/interp
// confirms, though bench's evaluation on random inputs passes it; x*1 → x
// is proved. Two copies of the material ask the solver once per claim.
func TestBenchProveRefutesMulZero(t *testing.T) {
	z3OrSkip(t)
	pat, err := os.ReadFile("testdata/prove/M_Pat.dsm")
	if err != nil {
		t.Fatal(err)
	}
	dir := filesIn(t, map[string]string{"M_Pat.dsm": string(pat), "M_Pat2.dsm": strings.Replace(string(pat), `"M_Pat"`, `"M_Pat2"`, 1)})
	code, stdout, report, summary := benchRun(t, "--prove", "--rules", "testdata/prove/mulzero.mg", "--rules", "testdata/prove/mulone.mg", dir)
	if code != 0 {
		t.Errorf("exit %d, want 0: bench's evaluation passes x*0 on random inputs, and a refuted verdict is reported, not gated on\n%s", code, stdout)
	}
	zero := verdictIn(t, summary, "datalog:mulzero")
	proofs, _ := zero["proofs"].(map[string]any)
	fold, _ := proofs["kinds"].(map[string]any)["fold"].(map[string]any)
	if zero["verdict"] != "refuted" || fold["refuted"] != jsonInt(2) || fold["proved"] != jsonInt(0) {
		t.Errorf("mulzero: %v, want refuted, its fold refuted on both assets", zero)
	}
	if proofs["cacheHits"] != jsonInt(1) || proofs["cacheMisses"] != jsonInt(1) || proofs["cacheHitRate"] != jsonNumber("50") {
		t.Errorf("mulzero's proof cache: %v, want the second asset's claim a hit", proofs)
	}
	for _, cv := range zero["clauseVerdicts"].([]any) {
		if cv.(map[string]any)["verdict"] != "refuted" {
			t.Errorf("mulzero clause %v, want refuted: its fold is the refuted claim", cv)
		}
	}
	notes, _ := zero["notes"].([]any)
	if len(notes) != 2 || !strings.Contains(notes[0].(map[string]any)["note"].(string), "refuted") ||
		!strings.Contains(notes[0].(map[string]any)["note"].(string), "ir/interp: confirmed") {
		t.Errorf("mulzero's notes: %v, want each asset's refutation with its confirmed witness", notes)
	}
	if one := verdictIn(t, summary, "datalog:mulone"); one["verdict"] != "proved" {
		t.Errorf("mulone: %v, want proved", one)
	}
	sec := packSections(report, "datalog:mulzero")
	for _, want := range []string{"### `datalog:mulzero`: refuted", "Verdict: **refuted** (a claim refuted with a witness)", "| 2 | refuted | `testdata/prove/mulzero.mg:5` |",
		"fold 0 proved, 2 refuted, 0 unknown; proof cache 1 hits, 1 misses (50% hit rate)", "ir/interp: confirmed"} {
		if !strings.Contains(sec, want) {
			t.Errorf("report.md lacks %q:\n%s", want, sec)
		}
	}
	if regexp.MustCompile(`(?i)\bsound\b|proved\b[^,]`).MatchString(strings.ReplaceAll(sec, "0 proved", "")) {
		t.Errorf("report.md calls mulzero sound or proved:\n%s", sec)
	}
	if !strings.Contains(stdout, "verdict of datalog:mulzero: refuted (a claim refuted with a witness); 2 of 2 merging clauses fired; 2 claims decided by z3, proof cache 50% hits") {
		t.Errorf("stdout:\n%s", stdout)
	}
	if !regexp.MustCompile("(?m)^\\| datalog:mulzero \\| datalog \\| .* \\| [0-9]+\\.[0-9] \\|$").MatchString(report) { // its last cell
		t.Errorf("report.md's Timings have no proving time for mulzero:\n%s", report[strings.Index(report, "## Timings"):])
	}
}

// bench takes validate's proof flags (one definition) but not
// --allow-unverified, since it does not gate on the verdict; --prove and
// --coverage judge packs on a corpus, which --scaling has none of.
func TestBenchVerdictFlags(t *testing.T) {
	dir := filesIn(t, map[string]string{"M_NoSub.dsm": noSubtract})
	for _, args := range [][]string{
		{"--allow-unverified", dir},
		{"--prove-all", dir},
		{"--prove", "--semantics", "rational", dir},
		{"--prove", "--prove-timeout", "0", dir},
		{"--scaling", "--coverage"},
	} {
		out := filepath.Join(t.TempDir(), "b")
		if code, stdout, errs := runCLI(t, append([]string{"bench", "--out", out}, args...)...); code != exitUsage {
			t.Errorf("bench %v: exit %d, want %d\n%s%s", args, code, exitUsage, stdout, errs)
		}
	}
	_, help, _ := runCLI(t, "bench", "-h")
	for _, want := range []string{"-prove-timeout", "-semantics", "-coverage"} {
		if !strings.Contains(help, want) {
			t.Errorf("bench -h lacks %s", want)
		}
	}
}

// evalcheck judges a pack as validate does: the clause coverage, the
// verdict, exit 1 on refuted, and on not exercised unless
// --allow-unverified; the reference passes get no verdict.
func TestEvalCheckVerdict(t *testing.T) {
	src := filepath.Join(filesIn(t, map[string]string{"M_NoSub.dsm": noSubtract}), "M_NoSub.dsm")
	code, out, errs := runCLI(t, "evalcheck", "--rules", unsoundMG, src)
	for _, want := range []string{"clause coverage of unsound: 0 of 2 merging clauses fired on 1 asset",
		"0  not exercised  " + unsoundMG + ":10: sig(N, S)", "verdict of unsound: not exercised (a merging clause of its own never fired on this input)",
		"evalcheck: unsound is not exercised on this input: exit 1 (--allow-unverified accepts it)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code != 1 {
		t.Errorf("not exercised: exit %d, want 1\n%s%s", code, out, errs)
	}
	if code, out, errs := runCLI(t, "evalcheck", "--allow-unverified", "--rules", unsoundMG, src); code != 0 || !strings.Contains(out, "verdict of unsound: not exercised") {
		t.Errorf("--allow-unverified: exit %d, want 0 with the verdict still said\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "evalcheck", "--allow-unverified", "--rules", unsoundMG, "../../rules/examples/M_Subtract.dsm")
	if code != 1 || !strings.Contains(out, "verdict of unsound: refuted") || strings.Count(out, "1  refuted        "+unsoundMG) != 2 {
		t.Errorf("M_Subtract: exit %d, want 1, both clauses fired, refuted\n%s%s", code, out, errs)
	}
	code, out, errs = runCLI(t, "evalcheck", "--coverage", "--rules", "reuse-2.0", src)
	if code != 0 || !strings.Contains(out, "verdict of reuse-2.0: agrees with the reference") ||
		!regexp.MustCompile(`clause coverage of reuse-2.0: [1-9][0-9]* of [0-9]+ merging clauses fired on 1 asset \(a mirroring pack`).MatchString(out) {
		t.Errorf("reuse-2.0 --coverage: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCLI(t, "evalcheck", src); code != 0 || strings.Contains(out, "verdict") || strings.Contains(out, "clause coverage") {
		t.Errorf("the reference passes: exit %d, want 0 and no verdict\n%s%s", code, out, errs)
	}
	if code, _, _ := runCLI(t, "evalcheck", "--prove", "--rules", unsoundMG, src); code != exitUsage {
		t.Errorf("evalcheck --prove: exit %d, want %d (evalcheck evaluates; validate and bench prove)", code, exitUsage)
	}
}

// jsonInt and jsonNumber are numbers as readJSONValue reads them.
func jsonInt(n int) json.Number { return json.Number(strconv.Itoa(n)) }

func jsonNumber(s string) json.Number { return json.Number(s) }
