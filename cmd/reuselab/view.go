package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"reuselab/emit"
	"reuselab/emit/view"
	"reuselab/ir"
	"reuselab/outfile"
	"reuselab/pipeline"
	"reuselab/printable"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
	"reuselab/verify"
)

func init() {
	register("view", "write an HTML page drawing each asset raw and merged (works offline; --svg: the boards as SVG files)", runView)
}

func runView(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("view", stdout, stderr, []string{"reuselab view PATH… [--asset NAME] [--rules PACK] [--prove [--prove-all] [--semantics float32|real] [--prove-timeout D]] [--out page.html] [--svg DIR] [-v] [--versions]"},
		"Writes one self-contained page: every asset drawn raw (--reuse none) and merged (2.0, or the pack),\n"+
			"each as a board (SVG in the page, there when it loads, fitted to the window; wheel or buttons zoom,\n"+
			"a drag pans) with ueblueprint's drawing of the paste under it, as the material editor draws it;\n"+
			"merged nodes highlighted, the merges listed.\n"+
			"A PATH is a source or a folder of them (_versions/ left out unless --versions). The page works offline.\n"+
			"Each merge is drawn as how well it was checked (a legend says how): a merge the reference passes\n"+
			"make too as the reference's; one a pack makes beyond them as unverified, or with --prove as proved\n"+
			"or refuted by an SMT solver (z3) for every float32 input, the witness in its title; --prove-all\n"+
			"proves every merge.\n"+
			"--svg DIR writes every board as a standalone SVG file into DIR (<asset>.raw.svg, <asset>.merged.svg,\n"+
			"one pixel per editor unit); with --svg and no --out no page is written.",
		"view bench/corpus/examples/M_Reuse.dsm --out M_Reuse.html",
		"view --rules commutative bench/corpus/examples --out examples.html",
		"view --rules rules/examples/unsound.mg --prove rules/examples/M_Subtract.dsm --out unsound.html   # the extra merge refuted",
		"view bench/corpus/examples/M_Reuse.dsm --svg boards   # boards/Docs_M_Reuse.raw.svg, boards/Docs_M_Reuse.merged.svg")
	asset := fs.String("asset", "", "only this asset (product name or index)")
	packName := fs.String("rules", "", "merge with this rule pack (a built-in name: "+strings.Join(pack.BuiltinNames(), ", ")+", or a .mg file) instead of the reference passes (2.0)")
	out := fs.String("out", "", "write the page to this file (default: standard output, unless --svg)")
	svgDir := fs.String("svg", "", "write each board as a standalone SVG file into this folder (made if absent; one reuselab owns)")
	proveFl := addShowProveFlags(fs.FlagSet, true, "the merges the pack makes beyond the reference passes (with --prove-all every merge)")
	limitFl := addLimitFlags(fs.FlagSet)
	fs.verboseFlag()
	_, files, code, ok := fs.parseSources(args)
	if !ok {
		return code
	}
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "reuselab view:", err)
		return exitUsage
	}
	if err := proveFl.check(); err != nil {
		fmt.Fprintln(stderr, "reuselab view:", err)
		return exitUsage
	}
	m := merger{engine: engines.MustResolve("2.0"), label: "merged (2.0)", lim: lim, judge: &mergeJudge{all: proveFl.all}}
	if *packName != "" {
		e, ds := limitFl.resolve(*packName, lim)
		fmt.Fprint(stderr, ds.Report())
		if e == nil || ds.HasErrors() {
			return packErrorCode(*packName)
		}
		m.engine, m.label = e, "merged ("+e.Name()+")"
	}
	if proveFl.prove {
		m.judge.proofs = verify.NewProofs(proveFl.options())
		defer m.judge.proofs.Close()
	}
	if *out != "" {
		if err := outfile.CheckFile(*out); err != nil {
			fmt.Fprintln(stderr, "reuselab view: --out:", err)
			return exitUsage
		}
	}
	if *svgDir != "" {
		if err := outfile.OwnDir(*svgDir, "view"); err != nil {
			fmt.Fprintln(stderr, "view: --svg:", err)
			return exitUsage
		}
	}
	entries, code := viewEntries(files, *asset, m, stderr)
	m.judge.report(stderr, m.engine.Name())
	if len(entries) == 0 {
		if code == 0 {
			fmt.Fprintf(stderr, "reuselab view: no asset %q in %s\n", *asset, strings.Join(files, ", "))
			code = exitUsage
		}
		return code
	}
	if *svgDir != "" {
		if err := writeBoards(*svgDir, view.Boards(entries), stderr); err != nil {
			fmt.Fprintln(stderr, "view: --svg:", err)
			return exitUsage
		}
		if *out == "" {
			return code
		}
	}
	var page bytes.Buffer
	if err := view.Write(&page, viewTitle(files), entries); err != nil {
		fmt.Fprintln(stderr, "reuselab view:", err)
		return exitFindings
	}
	if *out == "" {
		_, err = stdout.Write(page.Bytes())
	} else {
		err = outfile.WriteFile(*out, page.Bytes()) // whole or not at all
	}
	if err != nil {
		fmt.Fprintln(stderr, "reuselab view:", err)
		return exitUsage
	}
	return code
}

// writeBoards writes each board to dir/<asset>.<side>.svg, each file
// whole or not at all, and names the files on stderr; the names are made
// unique and portable by outfile.FileNames. runView has made dir
// reuselab's (outfile.OwnDir) before the work.
func writeBoards(dir string, boards []view.BoardFile, stderr io.Writer) error {
	names := make([]string, len(boards))
	for i, b := range boards {
		names[i] = b.Name
	}
	for i, name := range outfile.FileNames(names, ".svg") {
		p := filepath.Join(dir, name)
		if err := outfile.WriteFile(p, boards[i].SVG); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "wrote %s\n", printable.Text(p))
	}
	return nil
}

// merger makes the merged side of one product from its build graph.
type merger struct {
	engine reuse.Engine
	label  string
	lim    ir.Limits
	judge  *mergeJudge // nil: the merges are drawn unjudged
}

// run merges g (a pack's evaluation keeps its outcome: what it folded,
// aliased and rewrote, for the claims); note says why the merged side is
// the build graph untouched when the engine stopped ("" when it answered).
func (m merger) run(g *ir.Graph) (res *ir.Result, o *eval.Outcome, note string) {
	if p, ok := m.engine.(*engines.Pack); ok {
		res, o = p.Evaluate(g, m.lim, eval.Options{})
	} else {
		res = m.engine.Run(g, m.lim)
	}
	if !res.StopReason.Answered() {
		var why []string
		for _, d := range reuse.NoteDiagnostics(res, "") {
			why = append(why, d.String())
		}
		return res, nil, fmt.Sprintf("%s stopped (%s); the merged side is the build graph untouched. %s", m.engine.Name(), res.StopReason, strings.Join(why, "\n"))
	}
	return res, o, ""
}

// viewEntries compiles each file raw (--reuse none, pipeline.Compile as
// compile does), merges every selected product with m, and emits both sides
// with buildAssets. A file that does not compile is reported and skipped.
func viewEntries(files []string, asset string, m merger, stderr io.Writer) ([]view.Entry, int) {
	var entries []view.Entry
	code := 0
	for _, file := range files {
		raw, rawRes, ds := pipeline.Compile(file, pipeline.Options{Engine: &engines.Reference{Mode: "none"}})
		fmt.Fprint(stderr, ds.Report())
		if raw == nil || ds.HasErrors() {
			code = 1
			continue
		}
		rawAssets := buildAssets(file, raw, rawRes)
		for i, r := range rawRes {
			build := r.Build
			if !assetMatches(build, asset) || i >= len(rawAssets) {
				continue
			}
			mergedRes, outcome, note := m.run(build)
			if note != "" {
				fmt.Fprintf(stderr, "reuselab view: %s: asset %q: %s\n", file, build.Name, note)
				code = 1
			}
			merged := buildAssets(file, &ir.Module{Products: []*ir.Graph{mergedRes.Graph}}, []*ir.Result{mergedRes})
			e := view.Entry{File: sourceName(file), // as the other formats name it
				Raw:    view.Side{Label: "raw (--reuse none)", Asset: rawAssets[i], Result: r},
				Merged: view.Side{Label: m.label, Asset: firstAsset(merged), Result: mergedRes}}
			if note != "" {
				e.Notes = append(e.Notes, note)
			} else if m.judge != nil {
				e.Checks = m.judge.checks(m, build, mergedRes, outcome)
			}
			entries = append(entries, e)
		}
	}
	return entries, code
}

func firstAsset(as []*emit.Asset) *emit.Asset {
	if len(as) == 0 {
		return nil
	}
	return as[0]
}

func viewTitle(files []string) string {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = filepath.Base(f)
	}
	if len(names) > 3 {
		names = append(names[:3], "and "+strconv.Itoa(len(files)-3)+" more")
	}
	return "reuselab view: " + strings.Join(names, ", ")
}
