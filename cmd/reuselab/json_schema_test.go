package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"reuselab/internal/shared"
)

// schemaDir holds the JSON Schemas of every JSON file reuselab writes.
const schemaDir = "../../schema"

// loadSchemas compiles every schema in schemaDir, each registered under its
// $id so that one may refer to another without a network.
func loadSchemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(schemaDir, "*.schema.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no schema in %s (%v)", schemaDir, err)
	}
	c := jsonschema.NewCompiler()
	ids := map[string]string{}
	for _, p := range paths {
		doc := readJSONValue(t, p)
		id, _ := doc.(map[string]any)["$id"].(string)
		if !strings.HasSuffix(id, "/"+filepath.Base(p)) {
			t.Fatalf("%s: $id %q does not end in its file name", p, id)
		}
		if err := c.AddResource(id, doc); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		ids[filepath.Base(p)] = id
	}
	out := map[string]*jsonschema.Schema{}
	for name, id := range ids {
		s, err := c.Compile(id)
		if err != nil {
			t.Fatalf("%s does not compile: %v", name, err)
		}
		out[name] = s
	}
	return out
}

func readJSONValue(t *testing.T, path string) any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseOneJSON(t, path, data)
}

// parseOneJSON parses data as exactly one JSON value, as json.load does:
// a second document after the first is an error.
func parseOneJSON(t *testing.T, what string, data []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // integers stay integers for the schema's "integer"
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s is not JSON: %v", what, err)
	}
	if dec.More() {
		t.Fatalf("%s holds more than one JSON document", what)
	}
	return v
}

func validate(t *testing.T, schemas map[string]*jsonschema.Schema, schema, what string, v any) {
	t.Helper()
	s := schemas[schema]
	if s == nil {
		t.Fatalf("no schema %s for %s", schema, what)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("%s does not validate against %s:\n%v", what, schema, err)
	}
}

// The sources of the schema tests: two real-corpus materials and the
// bundled example; the first is skipped with a message when ../shared is
// absent.
func schemaTestSources(t *testing.T) []string {
	example := "../../bench/corpus/examples/M_Reuse.dsm"
	dir := filepath.Join(shared.Corpus(), "TypeDreamMoon__MoonToon/DShader/Materials/Core")
	corpusFiles := []string{filepath.Join(dir, "M_MoonToonOutline.dsm"), filepath.Join(dir, "M_MoonToon.dsm")}
	for _, p := range corpusFiles {
		if _, err := os.Stat(p); err != nil {
			t.Logf("real corpus not present (%v): the example alone", err)
			return []string{example}
		}
	}
	return append(corpusFiles, example)
}

// Every --format that writes JSON has a schema, and compile over several
// files writes one document (json.load reads it) that validates, listing
// the files in order.
func TestCompileJSONMatchesSchema(t *testing.T) {
	schemas := loadSchemas(t)
	srcs := schemaTestSources(t)
	for format := range jsonFormats {
		schema := "compile-" + format + ".schema.json"
		args := append([]string{"compile", "--format", format}, srcs...)
		code, out, errs := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", format, code, errs)
		}
		doc := parseOneJSON(t, format, []byte(out))
		validate(t, schemas, schema, "compile --format "+format, doc)
		files, _ := doc.(map[string]any)["files"].([]any)
		if len(files) != len(srcs) {
			t.Fatalf("%s: %d files in the document for %d sources", format, len(files), len(srcs))
		}
		for i, f := range files {
			name, _ := f.(map[string]any)["file"].(string)
			if filepath.Base(name) != filepath.Base(srcs[i]) {
				t.Errorf("%s: files[%d] is %q, want %s", format, i, name, filepath.Base(srcs[i]))
			}
		}
	}
}

// A source with an error is still in the document, with its diagnostic
// and nothing else, and the document still validates.
func TestCompileJSONListsFailedFiles(t *testing.T) {
	schemas := loadSchemas(t)
	bad := filepath.Join(t.TempDir(), "M_Broken.dsm")
	if err := os.WriteFile(bad, []byte("Shader(Name=\"M_Broken\") {\n  Graph = { X = ; }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for format := range jsonFormats {
		code, out, errs := runCLI(t, "compile", "--format", format, "../../bench/corpus/examples/M_Reuse.dsm", bad)
		if code != 1 {
			t.Errorf("%s: exit %d with a broken source, want 1\n%s", format, code, errs)
		}
		doc := parseOneJSON(t, format, []byte(out))
		validate(t, schemas, "compile-"+format+".schema.json", format+" with a failed file", doc)
		files, _ := doc.(map[string]any)["files"].([]any)
		if len(files) != 2 {
			t.Fatalf("%s: %d files, want the good one and the broken one", format, len(files))
		}
		broken := files[1].(map[string]any)
		diags, _ := broken["diagnostics"].([]any)
		hasError := false
		for _, d := range diags {
			hasError = hasError || d.(map[string]any)["severity"] == "error"
		}
		if broken["file"] != "M_Broken.dsm" || !hasError {
			t.Errorf("%s: the broken file is listed as %v, without its error", format, broken)
		}
		if assets, ok := broken["assets"].([]any); format == "json" && (!ok || len(assets) != 0) {
			t.Errorf("json: a file with errors has assets %v", broken["assets"])
		}
		if _, ok := broken["products"]; ok {
			t.Errorf("%s: a file with errors has products", format)
		}
	}
}

// bench's JSON files over a small folder (and --scaling on its smallest
// graphs) validate against their schemas.
func TestBenchJSONMatchesSchema(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bench twice")
	}
	schemas := loadSchemas(t)
	out := t.TempDir()
	// commutative is a research pack: the summary gets its "research" part.
	if code, _, errs := runCLI(t, "bench", "--rules", "reuse-2.0", "--rules", "commutative", "--out", out, "../../bench/corpus/examples"); code != 0 {
		t.Fatalf("bench: exit %d\n%s", code, errs)
	}
	summary := readJSONValue(t, filepath.Join(out, "summary.json"))
	validate(t, schemas, "bench-summary.schema.json", "summary.json", summary)
	if r, _ := summary.(map[string]any)["research"].([]any); len(r) != 1 {
		t.Errorf("summary.json has %d research packs, want commutative's", len(r))
	}
	if v, _ := summary.(map[string]any)["verdicts"].([]any); len(v) != 2 {
		t.Errorf("summary.json has %d verdicts, want reuse-2.0's and commutative's", len(v))
	}
	metrics := readJSONValue(t, filepath.Join(out, "metrics.json"))
	validate(t, schemas, "bench-metrics.schema.json", "metrics.json", metrics)
	if m, _ := metrics.([]any); len(m) == 0 {
		t.Errorf("metrics.json lists no asset")
	}
	scaling := t.TempDir()
	if code, _, errs := runCLI(t, "bench", "--scaling", "--scaling-max", "1000", "--scaling-datalog-max", "1000", "--out", scaling); code != 0 {
		t.Fatalf("bench --scaling: exit %d\n%s", code, errs)
	}
	points := readJSONValue(t, filepath.Join(scaling, "scaling.json"))
	validate(t, schemas, "bench-scaling.schema.json", "scaling.json", points)
	if p, _ := points.([]any); len(p) < 2 {
		t.Errorf("scaling.json has %d points, want one per engine", len(p))
	}
}

// The schemas reject what they should: a document without its version, a
// node id that is not an integer, a field no schema names, a second
// schema version, a summary without its version.
func TestSchemasRejectBrokenDocuments(t *testing.T) {
	schemas := loadSchemas(t)
	_, out, errs := runCLI(t, "compile", "--format", "json", "../../bench/corpus/examples/M_Reuse.dsm")
	good := func() map[string]any { return parseOneJSON(t, "json", []byte(out)).(map[string]any) }
	firstNode := func(doc map[string]any) map[string]any {
		file := doc["files"].([]any)[0].(map[string]any)
		return file["assets"].([]any)[0].(map[string]any)["nodes"].([]any)[0].(map[string]any)
	}
	if doc := good(); schemas["compile-json.schema.json"].Validate(doc) != nil {
		t.Fatalf("the unbroken document does not validate\n%s", errs)
	}
	broken := map[string]func(map[string]any){
		"no schemaVersion":   func(d map[string]any) { delete(d, "schemaVersion") },
		"schemaVersion 2":    func(d map[string]any) { d["schemaVersion"] = json.Number("2") },
		"string node id":     func(d map[string]any) { firstNode(d)["id"] = "0" },
		"unknown node field": func(d map[string]any) { firstNode(d)["colour"] = "red" },
		"file without name":  func(d map[string]any) { delete(d["files"].([]any)[0].(map[string]any), "file") },
		"bare file object":   func(d map[string]any) { d["files"] = d["files"].([]any)[0] },
	}
	for what, breakIt := range broken {
		doc := good()
		breakIt(doc)
		if schemas["compile-json.schema.json"].Validate(doc) == nil {
			t.Errorf("compile-json.schema.json accepts a document with %s", what)
		}
	}
	summary := map[string]any{"counts": "", "variants": []any{}, "baseline": "none", "target": "2.0"}
	if schemas["bench-summary.schema.json"].Validate(summary) == nil {
		t.Errorf("bench-summary.schema.json accepts a summary without schemaVersion")
	}
}
