package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// explain --format json --profile validates against its schema and carries
// the commutative merge's derivation (the clause by file and line, its
// premises) and the profile of every clause.
func TestExplainJSONSchema(t *testing.T) {
	schemas := loadSchemas(t)
	src := "../../bench/corpus/examples/M_Reuse.dsm"
	code, out, errs := runCLI(t, "explain", "--rules", "commutative", "--format", "json", "--profile", src, "b5", "b11")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	validate(t, schemas, "explain-json.schema.json", "explain --format json", parseOneJSON(t, "explain", []byte(out)))
	var doc struct {
		Same    bool
		Into    int
		Because []json.RawMessage
		Profile []struct {
			Head, File, Clause string
			Line, Facts, Evals int
			TimeNs             int64
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.Same || doc.Into != 5 {
		t.Errorf("same %v into %d, want b5 and b11 one node as b5", doc.Same, doc.Into)
	}
	for _, want := range []string{`"file": "packs/commutative.mg"`, `"line": 14`, `"line": 17`, `"fact": "cur(11,\"Multiply\",2)"`, `"how": "fed"`} {
		if !strings.Contains(out, want) {
			t.Errorf("explain json lacks %s", want)
		}
	}
	clauses, commutes := 0, 0
	for _, c := range doc.Profile {
		clauses++
		if c.File == "packs/commutative.mg" && c.Head == "sig/2" {
			commutes += c.Facts
		}
		if c.Evals == 0 || c.Line == 0 {
			t.Errorf("profile row without evaluations or a line: %+v", c)
		}
	}
	// M_Reuse's Multiplies with two distinct operands each get one
	// commutes signature, from the R0 < R1 or the R1 < R0 clause
	if clauses < 50 || commutes < 2 {
		t.Errorf("profile: %d clauses, %d commutes signatures:\n%s", clauses, commutes, out)
	}
	// two nodes kept apart: the contrasts validate too, and name the failing premise
	code, out, errs = runCLI(t, "explain", "--format", "json", src, "b5", "b11")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	validate(t, schemas, "explain-json.schema.json", "explain --format json (apart)", parseOneJSON(t, "explain", []byte(out)))
	if !strings.Contains(out, `"contrasts"`) || !strings.Contains(out, `"how": "failed"`) || !strings.Contains(out, `"same": false`) {
		t.Errorf("explain json of two nodes kept apart has no failed premise:\n%s", out)
	}
	if code, _, errs := runCLI(t, "explain", "--format", "xml", src, "b5", "b11"); code != 2 || !strings.Contains(errs, "--format") {
		t.Errorf("--format xml: exit %d, want 2 with a message\n%s", code, errs)
	}
}

// explain --profile (text) follows the explanation with the clause table.
func TestExplainProfileText(t *testing.T) {
	code, out, errs := runCLI(t, "explain", "--profile", "../../bench/corpus/examples/M_Reuse.dsm", "b5", "b11")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	i := strings.Index(out, "profile of reuse-2.0 on")
	if i < 0 || !strings.Contains(out[i:], "packs/reuse-2.0.mg:") || !strings.Contains(out[i:], "evaluation time") {
		t.Errorf("no profile table after the explanation:\n%s", out)
	}
	if !strings.Contains(out[:max(i, 0)], "the clause that gave b") {
		t.Errorf("b5 and b11 are not one node under reuse-2.0: explain should name the premise that failed:\n%s", out)
	}
}

// The explain schema is not a formality: a document with a step of an
// unknown kind, a derivation without its fact, or a field explain never
// writes is rejected.
func TestExplainSchemaRejectsBrokenDocuments(t *testing.T) {
	schemas := loadSchemas(t)
	s := schemas["explain-json.schema.json"]
	_, out, errs := runCLI(t, "explain", "--rules", "commutative", "--format", "json", "../../bench/corpus/examples/M_Reuse.dsm", "b5", "b11")
	good := func() map[string]any { return parseOneJSON(t, "explain", []byte(out)).(map[string]any) }
	if s.Validate(good()) != nil {
		t.Fatalf("the unbroken document does not validate\n%s", errs)
	}
	derivation := func(d map[string]any) map[string]any {
		top := d["because"].([]any)[2].(map[string]any)
		return top["because"].([]any)[0].(map[string]any)["derivation"].(map[string]any)
	}
	broken := map[string]func(map[string]any){
		"schemaVersion 2":         func(d map[string]any) { d["schemaVersion"] = json.Number("2") },
		"a guessed step":          func(d map[string]any) { derivation(d)["how"] = "guessed" },
		"a step without its fact": func(d map[string]any) { delete(derivation(d), "fact") },
		"line 0":                  func(d map[string]any) { derivation(d)["line"] = json.Number("0") },
		"an unknown field":        func(d map[string]any) { d["rule"] = "sig/2" },
		"one argument":            func(d map[string]any) { d["args"] = d["args"].([]any)[:1] },
	}
	for what, breakIt := range broken {
		doc := good()
		breakIt(doc)
		if s.Validate(doc) == nil {
			t.Errorf("explain-json.schema.json accepts a document with %s", what)
		}
	}
}
