package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"reuselab/bench"
	"reuselab/emit"
	"reuselab/pipeline"
	"reuselab/reuse/engines"
)

func init() {
	register("counts", "print IR and asset node counts per file in the reuse modes none, 1x and 2.0", runCounts)
}

// countModes are the columns of `reuselab counts`, least sharing first
// (SEMANTICS D3).
var countModes = []string{"none", "1x", "2.0"}

// countRow is one source file's counts: IR nodes as upstream counts them
// and asset nodes as emitted (SEMANTICS D2), summed over the file's
// products, per mode of countModes.
type countRow struct {
	File   string
	Assets int
	IR     [3]int
	Asset  [3]int
	Err    string // why the file has no counts
	// No1x: a `.dss`, which mode 1x has nothing to replay on (DSH9058,
	// reuse1x.go); its 1x columns are empty, not a guess.
	No1x bool
}

// countFile compiles path once and runs every mode over the build graphs.
func countFile(path string) countRow {
	r := countRow{File: path, No1x: !has1x(path)}
	m, _, ds := pipeline.Compile(path, pipeline.Options{})
	if m == nil || ds.HasErrors() {
		codes := ds.Codes(0)
		if len(codes) > 3 {
			codes = codes[:3]
		}
		r.Err = "does not compile: " + strings.Join(codes, ",")
		return r
	}
	r.Assets = len(m.Products)
	for k, mode := range countModes {
		if mode == "1x" && r.No1x {
			continue
		}
		out, results, _ := pipeline.Run(m, path, pipeline.Options{Engine: &engines.Reference{Mode: mode}})
		for _, g := range out.Products {
			r.IR[k] += g.Len()
		}
		// A 1x result emits as 1.5 did (masks on connections, one −1).
		for _, a := range emit.FromModule(filepath.Base(path), m, results, emit.Options{Legacy1x: pipeline.Replays1x(results...)}) {
			r.Asset[k] += len(a.Nodes)
		}
	}
	return r
}

// sourceFiles lists the DreamShader sources under the paths — 1.x (.dsm
// .dsf .dsh) and 2.0 (.dss, which compiler.CompileFile hands to the 2.0
// front end) — in the order given and walked: files as given, directories
// walked without `_versions/` snapshots. Every command that takes paths
// reads its files through it (sourceWalk, which also says what it skipped).
func sourceFiles(paths []string, w bench.Walk) ([]string, error) {
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return nil, err
		}
	}
	files, _ := sourceWalk(paths, w)
	return files, nil
}

// sourceWalk is sourceFiles on paths that exist, with what it left out: a
// `_versions/` folder (other versions of files the corpus already has)
// unless w enters them, and an entry that cannot be read.
func sourceWalk(paths []string, w bench.Walk) (files []string, skipped []skip) {
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			skipped = append(skipped, skip{path: p, why: whyUnread})
			continue
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		_ = filepath.WalkDir(p, func(q string, d os.DirEntry, err error) error {
			if err != nil {
				skipped = append(skipped, skip{path: q, why: whyUnread})
				return nil
			}
			if d.IsDir() && d.Name() == "_versions" && !w.Versions {
				skipped = append(skipped, skip{path: q + "/", files: countSources(q), why: whySnapshots})
				return filepath.SkipDir
			}
			if !d.IsDir() && isSource(q) {
				files = append(files, q)
			}
			return nil
		})
	}
	return files, skipped
}

// writeCounts prints the rows and their totals (IR nodes as upstream counts
// them, asset nodes as emitted: SEMANTICS D2); files that do not compile
// are listed apart and left out of the totals.
func writeCounts(w io.Writer, rows []countRow, trim string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "assets\tIR none\tIR 1x\tIR 2.0\tasset none\tasset 1x\tasset 2.0\t  file")
	var tot countRow
	files, failed, no1x := 0, 0, 0
	for _, r := range rows {
		name := strings.TrimPrefix(r.File, trim)
		if r.Err != "" {
			failed++
			continue
		}
		files++
		tot.Assets += r.Assets
		for k := range countModes {
			tot.IR[k] += r.IR[k]
			tot.Asset[k] += r.Asset[k]
		}
		ir1x, asset1x := fmt.Sprint(r.IR[1]), fmt.Sprint(r.Asset[1])
		if r.No1x {
			no1x++
			ir1x, asset1x = "-", "-"
		}
		fmt.Fprintf(tw, "%d\t%d\t%s\t%d\t%d\t%s\t%d\t  %s\n", r.Assets, r.IR[0], ir1x, r.IR[2], r.Asset[0], asset1x, r.Asset[2], name)
	}
	fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%d\t%d\t  TOTAL (%s)\n", tot.Assets, tot.IR[0], tot.IR[1], tot.IR[2], tot.Asset[0], tot.Asset[1], tot.Asset[2], plural(files, "file"))
	tw.Flush()
	if no1x > 0 {
		fmt.Fprintf(w, "%s without 1x counts (DSH9058: 1.5 never read a .dss); the 1x totals leave them out.\n", plural(no1x, ".dss file"))
	}
	if failed > 0 {
		fmt.Fprintf(w, "%s left out:\n", plural(failed, "file"))
		for _, r := range rows {
			if r.Err != "" {
				fmt.Fprintf(w, "  %s: %s\n", strings.TrimPrefix(r.File, trim), r.Err)
			}
		}
	}
}

func runCounts(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("counts", stdout, stderr, []string{"reuselab counts [-v] [--versions] PATH…"},
		"Prints IR and asset node counts per file in the reuse modes none, 1x and 2.0 (SEMANTICS D2), and\n"+
			"their totals. A PATH is a source or a folder of them (_versions/ left out unless --versions); files that do not\n"+
			"compile are listed apart and left out of the totals.",
		"counts bench/corpus/examples",
		"counts bench/corpus/examples/M_Reuse.dsm")
	fs.verboseFlag()
	paths, files, code, ok := fs.parseSources(args)
	if !ok {
		return code
	}
	sort.Strings(files)
	trim := ""
	if len(paths) == 1 {
		if st, err := os.Stat(paths[0]); err == nil && st.IsDir() {
			trim = strings.TrimSuffix(paths[0], "/") + "/"
		}
	}
	rows := make([]countRow, len(files))
	for i, f := range files {
		rows[i] = countFile(f)
	}
	writeCounts(stdout, rows, trim)
	return exitOK
}
