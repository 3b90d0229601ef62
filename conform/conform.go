// Package conform runs the upstream golden files (`*.expected.json`,
// GOLDENS.md) against reuselab: the `legacy` entry point through the front
// end, `legacy-ir` through the compiler and the reference passes, comparing
// outcome, diagnostic codes, node counts and the IR dump byte for byte;
// `ir` (a `.dss` source, LANGUAGE-DSS) through the 2.0 front end against
// upstream's test catalog, comparing the same plus the raw builder node
// counts of error goldens (`.dsi`/`.dsp` goldens have no graph: skipped);
// and `compile` (Legacy/Compile) through the compiler, the 2.0 passes and
// the emitter, comparing outcome, codes, the asset node counts
// (`assets[].nodeCount`, ThinCustom: every material input through a named
// reroute pair) and the graphDump's classes and edges.
package conform

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"reuselab/compiler"
	"reuselab/compiler/dss"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/pipeline"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/sourcefile"
)

//go:embed known-failures.txt
var knownFailuresText string

// KnownFailures maps a fixture stem (path relative to the corpus root,
// without extension) to why it knowingly fails.
func KnownFailures() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(knownFailuresText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		stem, why, _ := strings.Cut(line, "\t")
		m[strings.TrimSpace(stem)] = strings.TrimSpace(why)
	}
	return m
}

// Options configure a run.
type Options struct {
	// CorpusRoot is the directory the IR dump's source markers print as
	// `<corpus>/…` (upstream's Tests/Corpus). Empty: the nearest ancestor
	// named Corpus under Tests, else the directory given.
	CorpusRoot string
	// Root is the folder goldens may not leave (symlinks resolved); Run
	// sets it to each path it walks, RunOne defaults to the golden's
	// folder. Sources are read under their front end's own root.
	Root string
	// SourceDirs are folders a golden's source is looked for in, by its
	// file name, when none stands beside the golden (upstream's index
	// lacks some sources that a fork keeps under an older layer name).
	SourceDirs []string
	// GraphBytes fails a compile golden whose graphDump, written from the
	// emitted assets, agrees field by field but not byte for byte.
	GraphBytes bool
}

// Status of one fixture.
type Status uint8

const (
	Pass Status = iota
	Fail
	Skip
)

func (s Status) String() string { return [...]string{"PASS", "FAIL", "SKIP"}[s] }

// Result is one fixture's verdict.
type Result struct {
	Stem   string // relative to the corpus root
	Entry  string
	Source string // the source file, "" when absent
	Status Status
	Detail string
	Known  string // reason from known-failures.txt
	// DSS marks a fixture whose source is a `.dss` (counted apart, so
	// that the 1.x figures stay comparable).
	DSS bool
	// Instance and Pipeline mark `.dsi` and `.dsp` fixtures (counted
	// apart, as DSS).
	Instance, Pipeline bool
	// What agreed (for the figures): outcome+codes, and the dump.
	CodesOK    bool
	IRCompared bool
	IROK       bool
	// compile goldens: asset node counts and graphDump classes+edges.
	AssetsCompared bool
	AssetsOK       bool
	GraphCompared  bool
	GraphOK        bool
	// The graphDump written whole: compared, equal field by field, equal
	// byte for byte.
	DumpCompared, DumpFieldsOK, DumpBytesOK bool
	// Figure names the entry point a fixture is counted under apart from
	// the figures above (lang, parse, migrate); "" counts it in them.
	Figure string
	// Fork names the sibling repository the source was read from when
	// the golden's own repository lacks it (forkSource).
	Fork string
	// decompile and roundtrip goldens: the printed `.dss` text.
	TextCompared bool
	TextOK       bool
}

// Golden is the subset of an `.expected.json` the runner reads.
type Golden struct {
	EntryPoint      string   `json:"entryPoint"`
	Outcome         string   `json:"outcome"`
	ErrorContains   []string `json:"errorContains"`
	WarningsContain []string `json:"warningsContain"`
	InfosContain    []string `json:"infosContain"`
	Passes          *bool    `json:"passes"`
	// Substrate is the run option that turns the project's Substrate
	// switch on for a `.dss` build (LANGUAGE-DSS §3.0).
	Substrate bool    `json:"substrate"`
	IRPending bool    `json:"irPending"`
	IR        *string `json:"ir"`
	Module    *struct {
		NodeCounts []int `json:"nodeCounts"`
	} `json:"module"`
	// compile goldens.
	Assets []struct {
		Name      string `json:"name"`
		Kind      string `json:"kind"`
		NodeCount int    `json:"nodeCount"`
	} `json:"assets"`
	GraphDump    string `json:"graphDump"`
	GraphPending bool   `json:"graphPending"`
}

// ReadGolden reads a `*.expected.json` file that may not leave its folder.
func ReadGolden(path string) (Golden, error) { return readGolden(path, filepath.Dir(path)) }

// readGolden reads a golden under root with the careful read: a golden
// that is a FIFO, a device or a link out of the corpus is an error with its
// read code (sourcefile.Code), not a hang or a read of /dev/zero.
func readGolden(path, root string) (Golden, error) {
	var gd Golden
	data, err := sourcefile.Read(path, root, sourcefile.MaxFileBytes)
	if err != nil {
		return gd, err
	}
	if err := json.Unmarshal(sourcefile.TrimBOM(data), &gd); err != nil {
		return gd, fmt.Errorf("bad golden: %v", err)
	}
	return gd, nil
}

var sourceExts = []string{".dsm", ".dsf", ".dsh", ".dss", ".dsi", ".dsp"}

// Find lists every golden under the paths, sorted.
func Find(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		err := filepath.Walk(p, func(path string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			if !info.IsDir() && strings.HasSuffix(path, ".expected.json") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

// walkedRoot is the path of paths a golden Find found was found under: the
// folder walked, or a golden's own folder when it was named itself.
func walkedRoot(paths []string, golden string) string {
	for _, p := range paths {
		if p == golden {
			return filepath.Dir(p)
		}
		if sourcefile.Within(p, golden) {
			return p
		}
	}
	return filepath.Dir(golden)
}

// corpusRoot finds the directory `<corpus>` stands for.
func corpusRoot(golden string, opts Options) string {
	if opts.CorpusRoot != "" {
		abs, _ := filepath.Abs(opts.CorpusRoot)
		return abs
	}
	abs, _ := filepath.Abs(golden)
	dir := filepath.Dir(abs)
	for d := dir; d != filepath.Dir(d); d = filepath.Dir(d) {
		if filepath.Base(d) == "Corpus" && filepath.Base(filepath.Dir(d)) == "Tests" {
			return d
		}
	}
	return dir
}

// Run checks every golden under paths.
func Run(paths []string, opts Options) ([]Result, error) {
	goldens, err := Find(paths)
	if err != nil {
		return nil, err
	}
	known := KnownFailures()
	var rs []Result
	for _, g := range goldens {
		o := opts
		if o.Root == "" {
			o.Root = walkedRoot(paths, g)
		}
		r := RunOne(g, o)
		if r.Status == Fail {
			r.Known = known[r.Stem]
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// RunOne checks one golden file.
func RunOne(golden string, opts Options) (r Result) {
	root := corpusRoot(golden, opts)
	base := strings.TrimSuffix(golden, ".expected.json")
	abs, _ := filepath.Abs(base)
	rel, err := filepath.Rel(root, abs)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = filepath.Base(base)
	}
	r.Stem = filepath.ToSlash(rel)
	defer func() {
		if p := recover(); p != nil {
			r.Status, r.Detail = Fail, fmt.Sprintf("panic: %v", p)
		}
	}()
	groot := opts.Root
	if groot == "" {
		groot = filepath.Dir(golden)
	}
	gd, err := readGolden(golden, groot)
	if err != nil {
		r.Status, r.Detail = Fail, fmt.Sprintf("%s: cannot read the golden: %v", sourcefile.Code(err), err)
		return r
	}
	r.Entry = gd.EntryPoint
	for _, ext := range sourceExts {
		if _, err := os.Stat(base + ext); err == nil {
			r.Source = base + ext
			break
		}
	}
	if gd.EntryPoint == "decompile" || gd.EntryPoint == "roundtrip" {
		return runTextGolden(r, gd, golden, groot)
	}
	if run := entryRunners[gd.EntryPoint]; run != nil {
		if r.Source == "" {
			r.Source, r.Fork = forkSource(root, r.Stem)
		}
		fromIRExamples := false
		if r.Source == "" {
			r.Source = langExampleSource(root, r.Stem)
			fromIRExamples = r.Source != ""
		}
		if r.Source == "" {
			r.Figure, r.Status, r.Detail = gd.EntryPoint, Skip, "source file absent"
			return r
		}
		if fromIRExamples {
			groot = root // the copy lies outside the golden's own folder
		}
		run(&r, gd, golden, groot)
		if fromIRExamples {
			r.Detail += " (source from IR/Examples, the byte copy of Lang/Examples)"
		}
		return r
	}
	defer lookForSource(&r, root, filepath.Base(base), opts.SourceDirs)()
	switch {
	case gd.EntryPoint != "legacy" && gd.EntryPoint != "legacy-ir" && gd.EntryPoint != "compile" && gd.EntryPoint != "ir":
		r.Status, r.Detail = Skip, "entry point "+quoteOr(gd.EntryPoint, "(none)")+" is not run by reuselab"
		return r
	case r.Source == "":
		r.Status, r.Detail = Skip, "source file absent"
		return r
	case strings.HasSuffix(r.Source, ".dsi"):
		return runInstance(r, gd, func(p string) string { return markerPath(root, p) }, opts.GraphBytes)
	case strings.HasSuffix(r.Source, ".dsp"):
		return runPipeline(r, gd)
	case gd.EntryPoint == "ir" && !strings.HasSuffix(r.Source, ".dss"):
		r.Status, r.Detail = Skip, "entry point \"ir\" with a 1.x source is not run by reuselab"
		return r
	}
	r.DSS = strings.HasSuffix(r.Source, ".dss")
	markers := func(path string) string { return markerPath(root, path) }
	var ds diag.List
	var m *ir.Module
	var raw *ir.Module // the builder's graph, before the passes
	var assets []*emit.Asset
	if r.DSS && gd.EntryPoint == "legacy" {
		ds = dss.ParseFile(r.Source, dss.Options{})
	} else if r.DSS && gd.EntryPoint == "compile" {
		m, ds, assets = compileDSS(r.Source, gd, compileMarker(r.Stem))
	} else if r.DSS {
		// The goldens are built against upstream's test catalog (LANGUAGE-DSS §3.1).
		m, ds = dss.CompileFile(r.Source, dss.Options{MarkerPath: markers, Substrate: gd.Substrate, Catalog: dss.TestCatalog})
		raw = m
		m = runGoldenPasses(m, gd, r.Source, &ds)
	} else if gd.EntryPoint == "compile" {
		m, ds = compiler.CompileFile(r.Source, compiler.Options{MarkerPath: markers})
		if m != nil && !ds.HasErrors() {
			var results []*ir.Result
			m, results = runReference(m, "2.0", r.Source, &ds)
			assets = pipeline.Assets(filepath.Base(r.Source), m, results)
		}
	} else if gd.EntryPoint == "legacy" {
		_, ds = syntax.Load(r.Source, syntax.LoadOptions{})
	} else {
		m, ds = compiler.CompileFile(r.Source, compiler.Options{MarkerPath: markers})
		m = runGoldenPasses(m, gd, r.Source, &ds)
	}
	wantErr := strings.EqualFold(gd.Outcome, "error")
	problems := codeProblems(&r, gd, ds)
	if r.DSS && gd.EntryPoint != "legacy" && gd.EntryPoint != "compile" {
		problems = append(problems, compareDSSModule(&r, gd, wantErr, m, raw)...)
	} else if gd.EntryPoint == "legacy-ir" && !wantErr {
		if gd.Module != nil && gd.Module.NodeCounts != nil && m != nil {
			var got []int
			for _, g := range m.Products {
				got = append(got, g.Len())
			}
			if fmt.Sprint(got) != fmt.Sprint(gd.Module.NodeCounts) {
				problems = append(problems, fmt.Sprintf("nodeCounts %v, want %v", got, gd.Module.NodeCounts))
			}
		}
		if gd.IR != nil && *gd.IR != "" && !gd.IRPending {
			problems = r.compareIR(m, *gd.IR, problems)
		}
	}
	if gd.EntryPoint == "compile" && !wantErr && len(gd.Assets) > 0 {
		problems = append(problems, compareAssets(&r, gd, assets, compileDumpContext(r, m, opts))...)
	}
	if len(problems) == 0 {
		r.Status, r.Detail = Pass, "ok"
		return r
	}
	r.Status, r.Detail = Fail, strings.Join(problems, "; ")
	return r
}

// runGoldenPasses runs the 2.0 passes over a module that built without
// errors ("passes": false turns them off) and adds their notes to ds.
func runGoldenPasses(m *ir.Module, gd Golden, source string, ds *diag.List) *ir.Module {
	if m == nil || ds.HasErrors() {
		return m
	}
	mode := "2.0"
	if gd.Passes != nil && !*gd.Passes {
		mode = "off"
	}
	m, _ = runReference(m, mode, source, ds)
	return m
}

// runReference runs the reference engine in mode over every product of m
// (reuse.RunModule, as every tool does) and adds its notes to ds.
func runReference(m *ir.Module, mode, source string, ds *diag.List) (*ir.Module, []*ir.Result) {
	out, results, nds := reuse.RunModule(m, &engines.Reference{Mode: mode}, ir.Limits{}, source)
	ds.Items = append(ds.Items, nds.Items...)
	return out, results
}

func quoteOr(s, or string) string {
	if s == "" {
		return or
	}
	return fmt.Sprintf("%q", s)
}

func missing(ds diag.List, sev diag.Severity, what string, want []string) []string {
	have := map[string]bool{}
	for _, d := range ds.Items {
		if d.Severity == sev {
			have[d.Code] = true
		}
	}
	var miss []string
	seen := map[string]bool{}
	for _, w := range want {
		if !have[w] && !seen[w] {
			seen[w] = true
			miss = append(miss, w)
		}
	}
	if len(miss) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("missing %s %s", what, strings.Join(miss, ","))}
}

func firstErrors(ds diag.List, n int) string {
	var out []string
	for _, d := range ds.Sorted() {
		if d.Severity == diag.Error && len(out) < n {
			out = append(out, fmt.Sprintf("%d:%d %s %s", d.Pos.Line, d.Pos.Col, d.Code, d.Message))
		}
	}
	return strings.Join(out, " | ")
}

// FirstDiff describes the first line where got and want differ.
func FirstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, gl, wl)
		}
	}
	return "equal"
}

// Figures are the agreement rates of a run.
type Figures struct {
	Passed, Failed, Skipped   int
	UnknownFailures           int
	CodesOK, CodesTotal       int // fixtures with a .dsm/.dsf/.dsh source, run
	DSSCodesOK, DSSCodesTotal int // fixtures with a .dss source, run
	DSSIROK, DSSIRTotal       int // .dss fixtures whose dump was compared
	IROK, IRTotal             int // legacy-ir fixtures whose dump was compared
	AssetsOK, AssetsTotal     int // compile fixtures whose asset node counts were compared
	GraphOK, GraphTotal       int // compile fixtures whose graphDump classes+edges were compared
	// PerEntry counts the fixtures of each Result.Figure, skipped ones
	// apart.
	PerEntry map[string]*EntryFigures
	// .dss compile fixtures (Compile/, Instance/, Parity/), apart so
	// that the Legacy/Compile figures stay comparable.
	DSSAssetsOK, DSSAssetsTotal int
	DSSGraphOK, DSSGraphTotal   int
	// .dsi fixtures: outcome+codes, dumps and compile assets.
	InstCodesOK, InstCodesTotal   int
	InstIROK, InstIRTotal         int
	InstAssetsOK, InstAssetsTotal int
	// .dsp fixtures: outcome+codes and dumps.
	PipeCodesOK, PipeCodesTotal int
	PipeIROK, PipeIRTotal       int
	TextOK, TextTotal           int // decompile and roundtrip fixtures whose text was compared
	// compile fixtures whose whole graphDump was written and compared.
	DumpFieldsOK, DumpBytesOK, DumpTotal int
}

// Summarise counts a run.
func Summarise(rs []Result) Figures {
	var f Figures
	for _, r := range rs {
		f.countDump(r)
		if r.Figure != "" {
			f.countEntry(r)
		}
		switch r.Status {
		case Pass:
			f.Passed++
		case Fail:
			f.Failed++
			if r.Known == "" {
				f.UnknownFailures++
			}
		case Skip:
			f.Skipped++
			continue
		}
		if r.Entry == "decompile" || r.Entry == "roundtrip" {
			// Counted apart, so that the compile figures stay comparable.
			if r.TextCompared {
				f.TextTotal++
				if r.TextOK {
					f.TextOK++
				}
			}
			continue
		}
		if r.Figure != "" {
			continue
		}
		if summariseInstance(&f, r) || summarisePipeline(&f, r) {
			continue
		}
		if r.DSS {
			f.DSSCodesTotal++
			if r.CodesOK {
				f.DSSCodesOK++
			}
			if r.IRCompared {
				f.DSSIRTotal++
				if r.IROK {
					f.DSSIROK++
				}
			}
			f.DSSAssetsOK, f.DSSAssetsTotal = tally(f.DSSAssetsOK, f.DSSAssetsTotal, r.AssetsCompared, r.AssetsOK)
			f.DSSGraphOK, f.DSSGraphTotal = tally(f.DSSGraphOK, f.DSSGraphTotal, r.GraphCompared, r.GraphOK)
			continue
		}
		f.CodesTotal++
		if r.CodesOK {
			f.CodesOK++
		}
		if r.Entry == "legacy-ir" && r.IRCompared {
			f.IRTotal++
			if r.IROK {
				f.IROK++
			}
		}
		if r.AssetsCompared {
			f.AssetsTotal++
			if r.AssetsOK {
				f.AssetsOK++
			}
		}
		if r.GraphCompared {
			f.GraphTotal++
			if r.GraphOK {
				f.GraphOK++
			}
		}
	}
	return f
}

// Print writes one line per fixture and the summary line.
func Print(w io.Writer, rs []Result) Figures {
	for _, r := range rs {
		status := r.Status.String()
		if r.Status == Fail && r.Known != "" {
			status = "FAIL (known: " + r.Known + ")"
		}
		fmt.Fprintf(w, "%s %s: %s\n", status, r.Stem, r.Detail)
	}
	f := Summarise(rs)
	fmt.Fprintf(w, "outcome+codes: %d of %d; ir byte-identical: %d of %d", f.CodesOK, f.CodesTotal, f.IROK, f.IRTotal)
	if f.AssetsTotal > 0 || f.GraphTotal > 0 {
		fmt.Fprintf(w, "; compile asset node counts: %d of %d; graphDump classes+edges: %d of %d", f.AssetsOK, f.AssetsTotal, f.GraphOK, f.GraphTotal)
	}
	if f.DSSCodesTotal > 0 {
		fmt.Fprintf(w, "; .dss outcome+codes: %d of %d; .dss ir byte-identical: %d of %d", f.DSSCodesOK, f.DSSCodesTotal, f.DSSIROK, f.DSSIRTotal)
	}
	printDSSCompile(w, f)
	printDump(w, f)
	printInstances(w, f)
	printPipelines(w, f)
	if f.TextTotal > 0 {
		fmt.Fprintf(w, "; decompile/roundtrip text byte-identical: %d of %d", f.TextOK, f.TextTotal)
	}
	fmt.Fprintln(w)
	if len(f.PerEntry) > 0 {
		fmt.Fprintln(w, entryLine(f.PerEntry))
	}
	line := fmt.Sprintf("%d passed, %d failed", f.Passed, f.Failed)
	if f.Skipped > 0 {
		line += fmt.Sprintf(", %d skipped", f.Skipped)
	}
	fmt.Fprintln(w, line)
	return f
}

// compareDSSModule checks a `.dss` golden's module: the node counts (of
// the raw builder graph for an error golden, LANGUAGE-DSS §3.16) and, for
// an `ok` golden, the dump byte for byte.
func compareDSSModule(r *Result, gd Golden, wantErr bool, m, raw *ir.Module) []string {
	var problems []string
	counts := func(mod *ir.Module) []int {
		var got []int
		if mod != nil {
			for _, g := range mod.Products {
				got = append(got, g.Len())
			}
		}
		return got
	}
	if gd.Module != nil && gd.Module.NodeCounts != nil {
		src := m
		if wantErr {
			src = raw
		}
		if src != nil || !wantErr {
			if got := counts(src); fmt.Sprint(got) != fmt.Sprint(gd.Module.NodeCounts) {
				problems = append(problems, fmt.Sprintf("nodeCounts %v, want %v", got, gd.Module.NodeCounts))
			}
		} else {
			problems = append(problems, fmt.Sprintf("no module, want nodeCounts %v", gd.Module.NodeCounts))
		}
	}
	if !wantErr && gd.IR != nil && *gd.IR != "" && !gd.IRPending {
		problems = r.compareIR(m, *gd.IR, problems)
	}
	return problems
}

// compareIR compares m's dump with a golden's `ir` text and records the
// outcome in r; a difference is added to problems at its first line.
func (r *Result) compareIR(m *ir.Module, want string, problems []string) []string {
	r.IRCompared = true
	got := ""
	if m != nil {
		got = ir.Dump(m)
	}
	if got == want {
		r.IROK = true
		return problems
	}
	return append(problems, "ir differs: "+FirstDiff(got, want))
}
