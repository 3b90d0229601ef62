package main

import (
	"encoding/json"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"reuselab/compiler"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/pipeline"
	"reuselab/printable"
)

// assetFormats are the `compile --format` values that print the generated
// assets rather than the IR: the merged graph of each product is emitted
// (emit), laid out (emit/layout, LANGUAGE-2.0 §2.11) and printed.
// results[i] is the reuse result of m.Products[i] (nil: print the graph as
// it stands). Every source path they print is relative to the source root
// (sourceName), so the output is the same in any folder.
var assetFormats = map[string]func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error{
	"table": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteTable(w, buildAssets(file, m, results))
	},
	"json": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		// One file's whole document; compile streams one for all its files.
		doc := newJSONDocument(w, "json", reuseModeOf(results))
		doc.add(jsonFormats["json"](file, m, results, ds))
		return doc.close()
	},
	"t3d": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteT3D(w, buildAssets(file, m, results))
	},
	"dot": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteDOT(w, buildAssets(file, m, results))
	},
	"svg": func(w io.Writer, file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) error {
		return emit.WriteSVG(w, buildAssets(file, m, results))
	},
}

// jsonSchemaVersion is the "schemaVersion" of compile's JSON documents
// (schema/compile-json.schema.json, schema/compile-ir-json.schema.json). It
// goes up when a field is renamed, removed or changes meaning; a new field
// does not raise it.
const jsonSchemaVersion = 1

// jsonFormats are the `compile --format` values that write one JSON
// document for the whole run: {"schemaVersion", "tool", "format", "reuse",
// "files": [...]}, one object per source in the order compiled. Each
// returns the object of one source; m is nil when the source has errors,
// and the object then carries only its name and diagnostics.
var jsonFormats = map[string]func(file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) any{
	"json": func(file string, m *ir.Module, results []*ir.Result, ds []emit.Diagnostic) any {
		var assets []*emit.Asset
		if m != nil {
			assets = buildAssets(file, m, results)
		}
		return emit.ToJSONFile(sourceName(file), assets, rootRelativeDiagnostics(file, ds))
	},
	"ir-json": irJSONFile,
}

// jsonDocument streams one JSON document: the envelope first, each file's
// object as it is compiled (a corpus is never held whole), the closing
// brackets last, so stdout is one value json.load reads even when a file
// fails. Indented as json.MarshalIndent would indent the whole.
type jsonDocument struct {
	w   io.Writer
	n   int
	err error
}

func newJSONDocument(w io.Writer, format, reuse string) *jsonDocument {
	d := &jsonDocument{w: w}
	head, _ := json.Marshal(format) // a string always marshals
	mode, _ := json.Marshal(reuse)
	d.write("{\n  \"schemaVersion\": " + strconv.Itoa(jsonSchemaVersion) + ",\n  \"tool\": \"reuselab compile\",\n  \"format\": " +
		string(head) + ",\n  \"reuse\": " + string(mode) + ",\n  \"files\": [")
	return d
}

func (d *jsonDocument) add(file any) {
	if d.err != nil {
		return
	}
	data, err := json.MarshalIndent(file, "    ", "  ")
	if err != nil {
		d.err = err
		return
	}
	sep := ",\n    "
	if d.n == 0 {
		sep = "\n    "
	}
	d.n++
	// Names stay exact for a JSON reader; the escapes keep the bidi and
	// C1 characters encoding/json writes raw off the terminal.
	d.write(sep + string(printable.JSON(data)))
}

// close ends the document and returns the first error of any write.
func (d *jsonDocument) close() error {
	if d.n > 0 {
		d.write("\n  ")
	}
	d.write("]\n}\n")
	return d.err
}

func (d *jsonDocument) write(s string) {
	if d.err == nil {
		_, d.err = io.WriteString(d.w, s)
	}
}

// reuseModeOf is the mode results ran in ("" when nothing ran).
func reuseModeOf(results []*ir.Result) string {
	for _, r := range results {
		if r != nil {
			return r.Mode
		}
	}
	return ""
}

// buildAssets is pipeline.Assets with the source named as outputs name it.
func buildAssets(file string, m *ir.Module, results []*ir.Result) []*emit.Asset {
	return pipeline.Assets(sourceName(file), m, results)
}

// sourceName is pipeline.SourceName.
func sourceName(file string) string { return pipeline.SourceName(file) }

// rootRelativeDiagnostics rewrites the diagnostics' positions and messages
// so that the source root's folder (as given and absolute) is left out.
func rootRelativeDiagnostics(file string, ds []emit.Diagnostic) []emit.Diagnostic {
	root := compiler.SourceRoot(file, compiler.Options{})
	var prefixes []string
	for _, r := range []string{root, absPath(root)} {
		if r != "" && r != "." && r != string(filepath.Separator) {
			prefixes = append(prefixes, filepath.Clean(r)+string(filepath.Separator))
		}
	}
	strip := func(s string) string {
		for _, p := range prefixes {
			s = strings.ReplaceAll(s, p, "")
		}
		return s
	}
	out := make([]emit.Diagnostic, len(ds))
	for i, d := range ds {
		d.Pos = filepath.ToSlash(strip(d.Pos))
		d.Message = strip(d.Message)
		out[i] = d
	}
	return out
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	return a
}
