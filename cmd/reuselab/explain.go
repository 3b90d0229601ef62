package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"reuselab/compiler"
	"reuselab/rules"
)

func init() {
	register("explain", "why two build nodes are one node under a rule pack, or where they differ", runExplain)
}

func runExplain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asset := fs.String("asset", "", "the asset (product name or index); may be left out when the file has one")
	packName := fs.String("rules", "reuse-2.0", "rule pack: a built-in name or a .mg file")
	timeout := fs.Duration("timeout", rules.DefaultTimeout, "wall-clock limit for loading and evaluating a .mg pack (in a child process)")
	fs.Usage = func() {
		io.WriteString(stderr, "usage: reuselab explain FILE --asset NAME %a %b\n\n"+
			"%a and %b are build node ids, as `reuselab facts` numbers them (the graph as built, before any pass).\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if *timeout <= 0 {
		fmt.Fprintf(stderr, "explain: --timeout (%v) must be positive\n", *timeout)
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
		lim := rules.Limits{Timeout: *timeout}
		pack, pds := rules.LoadPackLimited(*packName, lim)
		fmt.Fprint(stderr, pds.Report())
		if pack == nil || pds.HasErrors() {
			return 1
		}
		// a user's pack is evaluated in a child process under lim
		o := rules.Evaluate(g, pack, rules.Options{Record: true, Limits: lim})
		if o.Stop != rules.StopSaturated {
			for _, d := range o.Diags {
				fmt.Fprintln(stderr, d)
			}
			return 1
		}
		fmt.Fprint(stdout, rules.Explain(g, pack, o, ids[0], ids[1]))
		return 0
	}
	fmt.Fprintf(stderr, "explain: name the asset with --asset (%s has %s)\n", pos[0], strings.Join(names, ", "))
	return 2
}
