package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"reuselab/compiler/passes"
	"reuselab/emit"
	"reuselab/emit/view"
	"reuselab/ir"
	"reuselab/rules"
)

func init() {
	register("view", "write an HTML page drawing each asset raw and merged (ueblueprint, works offline)", runView)
}

func runView(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asset := fs.String("asset", "", "only this asset (product name or index)")
	packName := fs.String("rules", "", "merge with this rule pack (a built-in name: "+strings.Join(rules.BuiltinNames(), ", ")+", or a .mg file) instead of the reference passes (2.0)")
	out := fs.String("out", "", "write the page to this file (default: standard output)")
	timeout := fs.Duration("timeout", 60*time.Second, "wall-clock limit per asset for a .mg pack (evaluated in a child process)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: reuselab view FILE… [--asset NAME] [--rules PACK] [--out page.html]\n\n"+
			"One self-contained page: every asset drawn raw (--reuse none) and merged (2.0, or the pack),\n"+
			"by ueblueprint as the material editor draws a paste; merged nodes highlighted, the merges listed.")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) == 0 {
		fs.Usage()
		return 2
	}
	merger := referenceMerger
	if *packName != "" {
		pack, ds := rules.LoadPack(*packName)
		fmt.Fprint(stderr, ds.Report())
		if pack == nil || ds.HasErrors() {
			return 1
		}
		opt := rules.Options{}
		if strings.HasSuffix(*packName, ".mg") {
			opt.Limits.Timeout = *timeout // as validate: a user's pack may not terminate
		}
		merger = packMerger(pack, opt)
	}
	entries, code := viewEntries(files, *asset, merger, stderr)
	if len(entries) == 0 {
		if code == 0 {
			fmt.Fprintf(stderr, "view: no asset %q in %s\n", *asset, strings.Join(files, ", "))
			code = 2
		}
		return code
	}
	var page bytes.Buffer
	if err := view.Write(&page, viewTitle(files), entries); err != nil {
		fmt.Fprintln(stderr, "view:", err)
		return 1
	}
	if *out == "" {
		_, err = stdout.Write(page.Bytes())
	} else {
		err = os.WriteFile(*out, page.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintln(stderr, "view:", err)
		return 2
	}
	return code
}

// merger makes the merged side of one product from its build graph.
type merger struct {
	label string
	run   func(build *ir.Graph) (*ir.Result, string)
}

var referenceMerger = merger{label: "merged (2.0)", run: func(g *ir.Graph) (*ir.Result, string) {
	return passes.Run(g, passes.Options{Mode: "2.0"}), ""
}}

func packMerger(pack *rules.Pack, opt rules.Options) merger {
	return merger{label: "merged (" + pack.Name + ")", run: func(g *ir.Graph) (*ir.Result, string) {
		if pack.Name == "legacy-1x" {
			g = passes.Legacy1xBuild(g) // the build that pack reads, as validate runs it
		}
		res, _, ds := rules.Run(g, pack, opt)
		if res.StopReason != rules.StopSaturated {
			return res, fmt.Sprintf("%s stopped (%s); the merged side is the build graph untouched. %s", pack.Name, res.StopReason, strings.TrimSpace(ds.Report()))
		}
		return res, ""
	}}
}

// viewEntries compiles each file raw (--reuse none, compileWithPasses as
// compile does), merges every selected product with m, and emits both sides
// with buildAssets. A file that does not compile is reported and skipped.
func viewEntries(files []string, asset string, m merger, stderr io.Writer) ([]view.Entry, int) {
	var entries []view.Entry
	code := 0
	for _, file := range files {
		raw, rawRes, ds := compileWithPasses(file, "none")
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
			mergedRes, note := m.run(build)
			if note != "" {
				fmt.Fprintf(stderr, "view: %s: asset %q: %s\n", file, build.Name, note)
				code = 1
			}
			merged := buildAssets(file, &ir.Module{Products: []*ir.Graph{mergedRes.Graph}}, []*ir.Result{mergedRes})
			e := view.Entry{File: sourceName(file), // as the other formats name it
				Raw:    view.Side{Label: "raw (--reuse none)", Asset: rawAssets[i], Result: r},
				Merged: view.Side{Label: m.label, Asset: firstAsset(merged), Result: mergedRes}}
			if note != "" {
				e.Notes = append(e.Notes, note)
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
