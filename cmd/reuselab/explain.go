package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"reuselab/compiler"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/explain"
)

func init() {
	register("explain", "why two build nodes are one node under a rule pack, or where they differ", runExplain)
}

func runExplain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asset := fs.String("asset", "", "the asset (product name or index); may be left out when the file has one")
	packName := fs.String("rules", "reuse-2.0", "rule pack: a built-in name or a .mg file")
	limitFl := addLimitFlags(fs)
	fs.Usage = func() {
		io.WriteString(stderr, "usage: reuselab explain FILE --asset NAME %a %b\n\n"+
			"%a and %b are build node ids, as `reuselab facts` numbers them (the graph as built, before any pass).\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "explain:", err)
		return 2
	}
	if len(pos) != 3 {
		fs.Usage()
		return 2
	}
	var ids [2]int
	for k, s := range pos[1:] {
		v, err := strconv.Atoi(strings.TrimPrefix(s, "%"))
		if err != nil {
			fmt.Fprintf(stderr, "explain: %q is not a node id (%%n)\n", s)
			return 2
		}
		ids[k] = v
	}
	m, ds := compiler.CompileFile(pos[0], compiler.Options{})
	fmt.Fprint(stderr, ds.Report())
	if m == nil || ds.HasErrors() {
		return 1
	}
	var names []string
	for _, g := range m.Products {
		names = append(names, strconv.Quote(g.Name))
		if *asset == "" && len(m.Products) > 1 || !assetMatches(g, *asset) {
			continue
		}
		e, pds := engines.Resolve(*packName, lim)
		fmt.Fprint(stderr, pds.Report())
		if e == nil || pds.HasErrors() {
			return 1
		}
		pack, ok := e.(*engines.Pack)
		if !ok {
			fmt.Fprintf(stderr, "explain: --rules %s: not a rule pack (only a pack's rules can be explained)\n", *packName)
			return 2
		}
		res, o := pack.Evaluate(g, lim, true)
		if !res.StopReason.Answered() {
			for _, d := range reuse.NoteDiagnostics(res, pos[0]) {
				fmt.Fprintln(stderr, d)
			}
			return 1
		}
		g = res.Build // the graph the pack read: the 1x build for legacy-1x
		fmt.Fprint(stdout, explain.Explain(g, pack.Rules(), o, ids[0], ids[1]))
		return 0
	}
	fmt.Fprintf(stderr, "explain: name the asset with --asset (%s has %s)\n", pos[0], strings.Join(names, ", "))
	return 2
}
