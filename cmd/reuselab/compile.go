package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"reuselab/decompile"
	"reuselab/decompile/raiserules"
	"reuselab/diag"
	"reuselab/emit"
	"reuselab/ir"
	"reuselab/ir/passview"
	"reuselab/outfile"
	"reuselab/pipeline"
	"reuselab/printable"
	"reuselab/reuse"
	"reuselab/reuse/engines"
)

func init() {
	register("compile", "compile sources, run the reuse passes, print the IR or the generated assets", runCompile)
}

// irFormats print the IR itself; assetFormats (formats_asset.go) print the
// Unreal assets emitted from it; jsonFormats (formats_asset.go) write one
// JSON document for all the files, ir-json among them.
var irFormats = map[string]func(w io.Writer, m *ir.Module) error{
	"ir": func(w io.Writer, m *ir.Module) error {
		// The dump quotes strings with upstream's escapes only, which
		// leave ESC and the bidi characters raw; escaped here, for the
		// terminal. conform compares ir.Dump itself, as upstream prints it.
		_, err := io.WriteString(w, printable.Block(ir.Dump(m)))
		return err
	},
	// dss is the merged IR raised back to `.dss` source (decompile.go).
	"dss": func(w io.Writer, m *ir.Module) error {
		raise, err := raiserules.Options(ir.Limits{})
		if err != nil {
			return err
		}
		text, _, err := decompile.Module(m, raise)
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, printable.Block(text))
		return err
	},
}

// irJSONSource is one source in the document of `compile --format ir-json`:
// the module's fields (ir.JSONModule, names unchanged) inlined beside the
// file's name and diagnostics; without a module when the file has errors.
type irJSONSource struct {
	File string `json:"file"`
	*ir.JSONModule
	Diagnostics []emit.Diagnostic `json:"diagnostics"`
}

func irJSONFile(file string, m *ir.Module, _ []*ir.Result, ds []emit.Diagnostic) any {
	src := irJSONSource{File: sourceName(file), Diagnostics: append([]emit.Diagnostic{}, rootRelativeDiagnostics(file, ds)...)}
	if m != nil {
		jm := ir.ToJSON(m)
		src.JSONModule = &jm
	}
	return src
}

func formatNames() string {
	var names []string
	for n := range irFormats {
		names = append(names, n)
	}
	for n := range assetFormats {
		names = append(names, n)
	}
	names = append(names, "html", "ir-json") // json is an assetFormat too
	sort.Strings(names)
	return strings.Join(names, "|")
}

func runCompile(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("compile", stdout, stderr,
		[]string{"reuselab compile [--reuse 2.0|1x|none] [--format " + formatNames() + "] [--out DIR] [--passes] [--check-ir] [--catalog engine|test] [-v] [--versions] PATH…"},
		"Compiles each source (a folder: every .dsm/.dsf/.dsh/.dss under it, _versions/ left out unless --versions), runs the\n"+
			"reuse passes and prints the IR (ir is upstream's text dump) or the generated assets on stdout;\n"+
			"diagnostics go to stderr. Exit 1 when a source has an error.",
		"compile --format t3d bench/corpus/examples/M_Reuse.dsm      # paste into the UE5 material editor",
		"compile bench/corpus/examples/M_Reuse.dsm --reuse 1x --format table",
		"compile --passes --format html bench/corpus/examples/M_Reuse.dsm > passes.html")
	reuseMode := fs.String("reuse", "2.0", "reuse mode: 2.0 (every pass), 1x (what the 1.5 generator shared; assets emitted as 1.5 did) or none (raw graph, final prune only)")
	format := fs.String("format", "ir", "output: "+formatNames()+" (ir is upstream's text dump)")
	outDir := fs.String("out", "", "with --format t3d: write one DIR/<asset>.t3d per asset instead of stdout")
	checkIR := fs.Bool("check-ir", false, "check the IR contract (ir.Check) on the graph as built and after every pass; a break is an internal error naming the pass")
	applyCatalog := catalogFlag(fs.FlagSet)
	showPasses := fs.Bool("passes", false, "print the IR after every pass and round (nodes named by build id, b12); with --format html, one page with a column per pass")
	fs.verboseFlag()
	paths, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	catalog, err := applyCatalog()
	if err != nil {
		fmt.Fprintf(stderr, "reuselab compile: %v\n", err)
		return exitUsage
	}
	if len(paths) == 0 {
		return fs.usageError("no PATH")
	}
	if !reuse.IsReferenceMode(*reuseMode) {
		fmt.Fprintf(stderr, "reuselab compile: unknown --reuse %q (2.0, 1x or none)\n", *reuseMode)
		return exitUsage
	}
	passView := *showPasses || *format == "html"
	if passView && *format != "ir" && *format != "html" {
		fmt.Fprintf(stderr, "reuselab compile: --passes prints the IR after every pass: --format ir (text) or html (a page)\n")
		return exitUsage
	}
	printIR, isIR := irFormats[*format]
	printAsset, isAsset := assetFormats[*format]
	jsonSource, isJSON := jsonFormats[*format]
	if !passView && !isIR && !isAsset && !isJSON {
		fmt.Fprintf(stderr, "reuselab compile: unknown --format %q (%s)\n", *format, formatNames())
		return exitUsage
	}
	if *outDir != "" && *format != "t3d" {
		fmt.Fprintf(stderr, "reuselab compile: --out writes T3D files; use it with --format t3d\n")
		return exitUsage
	}
	if *format == "svg" {
		// A tool that is not installed is the machine's problem, not the
		// sources': exit 2, found before any source is compiled.
		if _, err := exec.LookPath("dot"); err != nil {
			fs.errorf("--format svg: %v", emit.ErrNoGraphviz)
			return exitUsage
		}
	}
	files, ok := fs.sources(paths)
	if !ok {
		return exitUsage
	}
	if *outDir != "" {
		if err := outfile.OwnDir(*outDir, "compile"); err != nil {
			fmt.Fprintf(stderr, "reuselab compile: --out: %v\n", err)
			return exitUsage
		}
	}
	ref := engines.Reference{Mode: *reuseMode, CheckIR: *checkIR}
	opt := pipeline.Options{Engine: &ref, Catalog: catalog}
	if passView {
		return compilePassViews(files, opt, ref, *format == "html", stdout, stderr)
	}
	code = exitOK
	var t3dAssets []*emit.Asset // --out: written once every file is compiled, so names stay unique
	var doc *jsonDocument
	if isJSON {
		doc = newJSONDocument(stdout, *format, *reuseMode)
	}
	for _, path := range files {
		m, results, ds := pipeline.Compile(path, opt)
		addNonFinite(&ds, path, m, results)
		fmt.Fprint(stderr, ds.Report())
		if ds.HasErrors() || m == nil {
			code = 1
			if isJSON { // a failed file is listed with its diagnostics
				doc.add(jsonSource(path, nil, nil, emitDiagnostics(ds)))
			}
			continue
		}
		var err error
		switch {
		case isJSON:
			doc.add(jsonSource(path, m, results, emitDiagnostics(ds)))
		case isIR:
			err = printIR(stdout, m)
		case *format == "t3d":
			// Only Begin/End Object text is a paste; what it cannot carry
			// goes to stderr.
			assets := buildAssets(path, m, results)
			for _, a := range assets {
				fmt.Fprintln(stderr, printable.Block(strings.Join(emit.T3DSummary(a), "\n")))
			}
			if *outDir != "" {
				t3dAssets = append(t3dAssets, assets...)
			} else {
				err = emit.WriteT3D(stdout, assets)
			}
		default:
			err = printAsset(stdout, path, m, results, emitDiagnostics(ds))
		}
		if errors.Is(err, emit.ErrNoGraphviz) { // dot went away during the run
			fs.errorf("--format svg: %v", err)
			return exitUsage
		}
		if err != nil {
			fmt.Fprintf(stderr, "reuselab compile: %s: %s\n", printable.Text(path), printable.Text(err.Error()))
			code = 1
		}
	}
	if isJSON {
		if err := doc.close(); err != nil {
			fmt.Fprintf(stderr, "reuselab compile: %v\n", err)
			code = 1
		}
	}
	if *outDir != "" {
		if err := writeT3DFiles(*outDir, t3dAssets, stderr); err != nil {
			fmt.Fprintf(stderr, "reuselab compile: %v\n", err)
			return exitUsage
		}
	}
	return code
}

// writeT3DFiles writes each asset to dir/<name>.t3d, each file whole or
// not at all, and names the files on stderr. The names are the assets',
// made unique and portable (outfile.FileNames): no asset overwrites
// another's file, on a file system that folds case too. runCompile has
// made dir reuselab's (outfile.OwnDir) before the work.
func writeT3DFiles(dir string, assets []*emit.Asset, stderr io.Writer) error {
	names := make([]string, len(assets))
	for i, a := range assets {
		names[i] = a.Name
	}
	for i, name := range outfile.FileNames(names, ".t3d") {
		var b bytes.Buffer
		if err := emit.WriteT3D(&b, assets[i:i+1]); err != nil {
			return err
		}
		p := filepath.Join(dir, name)
		if err := outfile.WriteFile(p, b.Bytes()); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s\n", printable.Text(p))
	}
	return nil
}

func emitDiagnostics(ds diag.List) []emit.Diagnostic {
	var out []emit.Diagnostic
	shown := ds.Capped(diag.MaxPerFile)
	for _, d := range shown.Sorted() {
		out = append(out, emit.Diagnostic{Pos: d.Pos.String(), Severity: d.Severity.String(), Code: d.Code, Message: d.Message})
	}
	return out
}

// compilePassViews is `compile --passes`: every file compiled and run with
// an observer on the passes, then the text (GOSSAFUNC-like) or one page.
func compilePassViews(files []string, opt pipeline.Options, ref engines.Reference, page bool, stdout, stderr io.Writer) int {
	code := 0
	var runs []*passview.Run
	var names []string
	for _, path := range files {
		var snaps [][]*ir.Snapshot
		observe := func(s *ir.Snapshot) {
			if s.Pass == "build" {
				snaps = append(snaps, nil)
			}
			snaps[len(snaps)-1] = append(snaps[len(snaps)-1], s)
		}
		r := ref
		r.Observe = observe
		o := opt
		o.Engine = &r
		m, results, ds := pipeline.Compile(path, o)
		fmt.Fprint(stderr, ds.Report())
		if ds.HasErrors() || m == nil || len(snaps) != len(results) {
			code = 1
			continue
		}
		names = append(names, filepath.Base(path))
		for i, r := range results {
			runs = append(runs, &passview.Run{File: filepath.Base(path), Snapshots: snaps[i], Result: r})
		}
	}
	var err error
	if page {
		err = passview.WriteHTML(stdout, "reuselab passes: "+strings.Join(names, ", ")+" (--reuse "+ref.Mode+")", runs)
	} else if len(runs) > 0 {
		err = passview.WriteText(stdout, runs)
	}
	if err != nil {
		fmt.Fprintf(stderr, "reuselab compile: %v\n", err)
		return 1
	}
	return code
}
