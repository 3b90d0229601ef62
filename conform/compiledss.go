package conform

// The `compile` entry point for a `.dss` source (Compile/, Instance/,
// Parity/): upstream compiles through its editor with the engine's
// reflection, the Graph backend pinned, so the source is built against
// the engine catalog (not the IR goldens' test catalog), run through the
// 2.0 passes and emitted; the goldens' assets and graphDump are then
// compared as for Legacy/Compile.

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
)

// compileDSS builds a `.dss` compile golden's source into assets; it
// returns the module after the passes and the diagnostics. No assets come
// out of a build with errors.
func compileDSS(source string, gd Golden, markers func(string) string) (*ir.Module, diag.List, []*emit.Asset) {
	m, ds := dss.CompileFile(source, dss.Options{MarkerPath: markers, Substrate: gd.Substrate})
	if m == nil || ds.HasErrors() {
		return m, ds, nil
	}
	m, results := passes.RunModule(m, passes.Options{Mode: "2.0"})
	for _, res := range results {
		for _, n := range res.Notes {
			ds.Add(diag.Pos{File: source, Line: n.Span.Line, Col: n.Span.Col}, severity(n.Severity), n.Code, "%s", n.Message)
		}
	}
	return m, ds, emit.FromModule(filepath.Base(source), m, results, emit.Options{RerouteFunctionOutputs: true, RerouteRegionExits: true, MaterialAttributeNodes: true, RerouteCallResults: true})
}

// tally adds one compared fixture to an ok/total pair.
func tally(ok, total int, compared, agreed bool) (int, int) {
	if !compared {
		return ok, total
	}
	if agreed {
		ok++
	}
	return ok, total + 1
}

// printDSSCompile adds the `.dss` compile figures to the summary line.
func printDSSCompile(w io.Writer, f Figures) {
	if f.DSSAssetsTotal == 0 && f.DSSGraphTotal == 0 {
		return
	}
	fmt.Fprintf(w, "; .dss compile asset node counts: %d of %d; .dss graphDump classes+edges: %d of %d", f.DSSAssetsOK, f.DSSAssetsTotal, f.DSSGraphOK, f.DSSGraphTotal)
}

// markerPath is how a source path prints in Custom-node markers: under
// the corpus root as `<corpus>/…`.
func markerPath(root, path string) string {
	a, _ := filepath.Abs(path)
	if rp, err := filepath.Rel(root, a); err == nil && !strings.HasPrefix(rp, "..") {
		return "<corpus>/" + filepath.ToSlash(rp)
	}
	return filepath.ToSlash(path)
}

// printInstances adds the `.dsi` figures to the summary line.
func printInstances(w io.Writer, f Figures) {
	if f.InstCodesTotal == 0 {
		return
	}
	fmt.Fprintf(w, "; .dsi outcome+codes: %d of %d; .dsi ir byte-identical: %d of %d; .dsi compile asset node counts: %d of %d", f.InstCodesOK, f.InstCodesTotal, f.InstIROK, f.InstIRTotal, f.InstAssetsOK, f.InstAssetsTotal)
}

// printPipelines adds the `.dsp` figures to the summary line.
func printPipelines(w io.Writer, f Figures) {
	if f.PipeCodesTotal == 0 {
		return
	}
	fmt.Fprintf(w, "; .dsp outcome+codes: %d of %d; .dsp ir byte-identical: %d of %d", f.PipeCodesOK, f.PipeCodesTotal, f.PipeIROK, f.PipeIRTotal)
}

// severity is a pass note's severity as a diagnostic's.
func severity(s string) diag.Severity {
	switch s {
	case "error":
		return diag.Error
	case "warning":
		return diag.Warning
	}
	return diag.Info
}

// compileMarker is how upstream's Compile runner names a golden's source in
// Custom-node markers: it copies the source under the project's DShader
// root as DreamShaderTests/Compile2/<name relative to the Compile layer>/
// <file>.dss before compiling (a Parity golden keeps its own folder name).
func compileMarker(stem string) func(string) string {
	rel := strings.TrimPrefix(stem, "Compile/")
	return func(string) string {
		return "DShader/DreamShaderTests/Compile2/" + rel + "/" + path.Base(rel) + ".dss"
	}
}

// paritySource finds a Parity golden's source: upstream keeps none beside
// those goldens; they are the Examples' sources (IR/Examples, byte copies
// of Lang/Examples) built by the Compile runner, which the goldens' Custom
// markers and parameters show. "" when the stem is no Parity golden or the
// source is absent.
func paritySource(root, stem string) string { return examplesCopy(root, stem, "Parity/") }

// langExampleSource finds a Lang/Examples golden's source where the corpus
// keeps only its copy: IR/Examples holds byte copies of Lang/Examples
// (PROVENANCE.md says so of each). "" when the stem is no Lang/Examples
// golden or the copy is absent.
func langExampleSource(root, stem string) string { return examplesCopy(root, stem, "Lang/Examples/") }

// examplesCopy is IR/Examples/NAME.dss for a stem prefix+NAME, "" when the
// stem has another prefix or the file is absent.
func examplesCopy(root, stem, prefix string) string {
	rest, ok := strings.CutPrefix(stem, prefix)
	if !ok || strings.Contains(rest, "/") {
		return ""
	}
	p := filepath.Join(root, "IR", "Examples", rest+".dss")
	if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
		return p
	}
	return ""
}
