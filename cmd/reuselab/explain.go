package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/explain"
)

func init() {
	register("explain", "why two nodes are one node under a rule pack, or where they differ", runExplain)
}

func runExplain(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("explain", stdout, stderr, []string{"reuselab explain FILE [--asset NAME] [--rules PACK] [--reuse MODE] NODE NODE"},
		"Says why two nodes are one node under a rule pack, or the first part of the key in which they\n"+
			"differ. A NODE is %N, a node of the dump `reuselab compile --format ir FILE` prints (the ids\n"+
			"people see; --reuse picks the dump), or bN, a build node: the graph as built, before any pass,\n"+
			"as `compile --passes` and `facts` number it. The explanation names build nodes (bN). FILE may\n"+
			"be a folder holding one source.",
		"explain bench/corpus/examples/M_Reuse.dsm %3 %7                # why two nodes of the 2.0 dump stayed apart",
		"explain --rules commutative bench/corpus/examples/M_Reuse.dsm %3 %7",
		"explain bench/corpus/examples/M_Reuse.dsm b2 b9                # two build nodes, as compile --passes numbers them")
	asset := fs.String("asset", "", "the asset (product name or index); may be left out when the file has one")
	packName := fs.String("rules", "reuse-2.0", "rule pack: a built-in name or a .mg file")
	dumpMode := fs.String("reuse", "", "the dump whose %N ids the arguments name, as compile --reuse MODE --format ir prints it (default: the mode the pack is held against, 2.0 or 1x)")
	limitFl := addLimitFlags(fs.FlagSet)
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "explain:", err)
		return exitUsage
	}
	if len(pos) != 3 {
		return fs.usageError("want FILE NODE NODE, got %d arguments", len(pos))
	}
	var ids [2]nodeArg
	for k, a := range pos[1:] {
		if ids[k], err = parseNodeArg(a); err != nil {
			fmt.Fprintln(stderr, "explain:", err)
			return exitUsage
		}
	}
	file, ok := fs.oneSource(pos[0])
	if !ok {
		return exitUsage
	}
	e, pds := engines.Resolve(*packName, lim)
	fmt.Fprint(stderr, pds.Report())
	if e == nil || pds.HasErrors() {
		return packErrorCode(*packName)
	}
	pack, ok := e.(*engines.Pack)
	if !ok {
		fmt.Fprintf(stderr, "explain: --rules %s: not a rule pack (only a pack's rules can be explained)\n", *packName)
		return exitUsage
	}
	pos[0] = file
	m, ds := compiler.CompileFile(pos[0], compiler.Options{})
	fmt.Fprint(stderr, ds.Report())
	if m == nil || ds.HasErrors() {
		return exitFindings
	}
	var names []string
	for _, g := range m.Products {
		names = append(names, strconv.Quote(g.Name))
		if *asset == "" && len(m.Products) > 1 || !assetMatches(g, *asset) {
			continue
		}
		res, o := pack.Evaluate(g, lim, true)
		if !res.StopReason.Answered() {
			for _, d := range reuse.NoteDiagnostics(res, pos[0]) {
				fmt.Fprintln(stderr, d)
			}
			return exitFindings
		}
		mode := *dumpMode
		if mode == "" {
			mode = reuse.Versus(pack)
		}
		dump := engines.MustResolve(mode).Run(g, lim)
		if dump.Build.Len() != res.Build.Len() {
			fmt.Fprintf(stderr, "explain: the --reuse %s dump is not of the graph %s reads (its build has %d nodes, the pack's %d); give build ids (bN) or --reuse %s\n",
				mode, pack.Name(), dump.Build.Len(), res.Build.Len(), reuse.Versus(pack))
			return exitUsage
		}
		var build [2]int
		for k, id := range ids {
			b, err := id.build(dump)
			if err != nil {
				fmt.Fprintf(stderr, "explain: %v (compile --reuse %s --format ir numbers %%0..%%%d, the build b0..b%d)\n", err, mode, dump.Graph.Len()-1, dump.Build.Len()-1)
				return exitUsage
			}
			build[k] = b
		}
		for k, id := range ids {
			if id.dump {
				fmt.Fprintf(stdout, "%s of the --reuse %s dump is b%d (its first build node)\n", id, mode, build[k])
			}
		}
		fmt.Fprint(stdout, explain.Explain(res.Build, pack.Rules(), o, build[0], build[1]))
		return exitOK
	}
	fmt.Fprintf(stderr, "explain: name the asset with --asset (%s has %s)\n", pos[0], strings.Join(names, ", "))
	return exitUsage
}

// nodeArg is a node as a person names it: %N in a dump, or bN as built.
type nodeArg struct {
	id   int
	dump bool
}

func (a nodeArg) String() string {
	if a.dump {
		return "%" + strconv.Itoa(a.id)
	}
	return ir.BuildName(a.id)
}

func parseNodeArg(s string) (nodeArg, error) {
	var a nodeArg
	digits := s
	switch {
	case strings.HasPrefix(s, "%"):
		a.dump, digits = true, s[1:]
	case strings.HasPrefix(s, "b"):
		digits = s[1:]
	default:
		return a, fmt.Errorf("%q is not a node: write %%N (a node of the dump) or bN (a build node)", s)
	}
	v, err := strconv.Atoi(digits)
	if err != nil || v < 0 {
		return a, fmt.Errorf("%q is not a node: write %%N (a node of the dump) or bN (a build node)", s)
	}
	a.id = v
	return a, nil
}

// build is the build node a names in r's graph: itself, or the first build
// node of dump node %N (the one the others were merged into).
func (a nodeArg) build(r *ir.Result) (int, error) {
	if !a.dump {
		if a.id >= r.Build.Len() {
			return 0, fmt.Errorf("no build node %s", a)
		}
		return a.id, nil
	}
	for i, f := range r.Fates {
		if f.Final == a.id && f.Kind != ir.Merged {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no node %s in the dump", a)
}
