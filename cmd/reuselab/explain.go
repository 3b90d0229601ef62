package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"reuselab/compiler"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/rules/eval"
	"reuselab/rules/explain"
	"reuselab/verify"
)

func init() {
	register("explain", "why two nodes are one node under a rule pack, or where they differ", runExplain)
}

func runExplain(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("explain", stdout, stderr, []string{"reuselab explain FILE [--asset NAME] [--rules PACK] [--reuse MODE] [--format text|json] [--profile] [--prove [--semantics float32|real] [--prove-timeout D]] NODE NODE"},
		"Says why two nodes are one node under a rule pack, or the first part of the key in which they\n"+
			"differ. A NODE is %N, a node of the dump `reuselab compile --format ir FILE` prints (the ids\n"+
			"people see; --reuse picks the dump), or bN, a build node: the graph as built, before any pass,\n"+
			"as `compile --passes` and `facts` number it. The explanation names build nodes (bN). FILE may\n"+
			"be a folder holding one source.\n"+
			"Every merge, fold, alias and rewrite comes with its derivation: the clause (file:line) and the\n"+
			"facts it matched, proved by backward chaining over the facts the evaluation kept, down to the\n"+
			"fed and schema facts; two nodes that are not one node get the first premise that failed.\n"+
			"Under each derivation of a merge, fold, alias or rewrite: --prove decides it with an SMT solver (z3)\n"+
			"for every float32 input (proved; refuted, with a witness ir/interp replays; or unknown, and why);\n"+
			"without it, that it is not proved.\n"+
			"--profile adds the cost of every clause on the asset (facts, evaluations, time), and the clause\n"+
			"coverage: how often each clause that can merge, fold, alias or rewrite fired on the asset, its\n"+
			"verdict (not exercised when it never fired), and the pack's verdict on the asset.",
		"explain bench/corpus/examples/M_Reuse.dsm %3 %7                # why two nodes of the 2.0 dump stayed apart",
		"explain --rules commutative bench/corpus/examples/M_Reuse.dsm %3 %7",
		"explain --rules commutative --format json bench/corpus/examples/M_Reuse.dsm b5 b11   # the derivation as JSON",
		"explain --profile bench/corpus/examples/M_Reuse.dsm b5 b11     # and the cost and coverage of every clause",
		"explain --rules rules/examples/unsound.mg --prove rules/examples/M_Subtract.dsm b3 b4   # refuted, with a witness",
		"explain bench/corpus/examples/M_Reuse.dsm b2 b9                # two build nodes, as compile --passes numbers them")
	asset := fs.String("asset", "", "the asset (product name or index); may be left out when the file has one")
	packName := fs.String("rules", "reuse-2.0", "rule pack: a built-in name or a .mg file")
	dumpMode := fs.String("reuse", "", "the dump whose %N ids the arguments name, as compile --reuse MODE --format ir prints it (default: the mode the pack is held against, 2.0 or 1x)")
	format := fs.String("format", "text", "text or json (schema/explain-json.schema.json)")
	profile := fs.Bool("profile", false, "also the cost of every clause of the pack on the asset, and the clause coverage with its verdicts")
	proveFl := addShowProveFlags(fs.FlagSet, false, "every merge, fold, alias and rewrite the explanation states")
	limitFl := addLimitFlags(fs.FlagSet)
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	lim, err := limitFl.limits()
	if err != nil {
		fmt.Fprintln(stderr, "reuselab explain:", err)
		return exitUsage
	}
	if len(pos) != 3 {
		return fs.usageError("want FILE NODE NODE, got %d arguments", len(pos))
	}
	if *format != "text" && *format != "json" {
		return fs.usageError("--format %q: want text or json", *format)
	}
	if err := proveFl.check(); err != nil {
		fmt.Fprintln(stderr, "reuselab explain:", err)
		return exitUsage
	}
	var ids [2]nodeArg
	for k, a := range pos[1:] {
		if ids[k], err = parseNodeArg(a); err != nil {
			fmt.Fprintln(stderr, "reuselab explain:", err)
			return exitUsage
		}
	}
	file, ok := fs.oneSource(pos[0])
	if !ok {
		return exitUsage
	}
	pack, code, ok := limitFl.resolvePack("explain", *packName, lim, stderr, "only a pack's rules can be explained")
	if !ok {
		return code
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
		if res := reuse.Refuse(pack, g, lim); res != nil {
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
		if in := pack.Input(g); dump.Build.Len() != in.Len() {
			fmt.Fprintf(stderr, "reuselab explain: the --reuse %s dump is not of the graph %s reads (its build has %d nodes, the pack's %d); give build ids (bN) or --reuse %s\n",
				mode, pack.Name(), dump.Build.Len(), in.Len(), reuse.Versus(pack))
			return exitUsage
		}
		var build [2]int
		for k, id := range ids {
			b, err := id.build(dump)
			if err != nil {
				fmt.Fprintf(stderr, "reuselab explain: %v (compile --reuse %s --format ir numbers %%0..%%%d, the build b0..b%d)\n", err, mode, dump.Graph.Len()-1, dump.Build.Len()-1)
				return exitUsage
			}
			build[k] = b
		}
		res, o := pack.Evaluate(g, lim, explain.Options(lim, build[0], build[1]))
		if o == nil || !res.StopReason.Answered() {
			for _, d := range reuse.NoteDiagnostics(res, pos[0]) {
				fmt.Fprintln(stderr, d)
			}
			return exitFindings
		}
		var prof *eval.Profile
		if *profile {
			// a run of its own: profiling re-runs every clause, which the
			// explanation's evaluation should not pay for
			if prof = profileOf(pack, g, lim); prof == nil {
				fmt.Fprintf(stderr, "reuselab explain: --profile: the profiling evaluation stopped\n")
				return exitFindings
			}
		}
		want := dump
		if mode != reuse.Versus(pack) {
			want = engines.MustResolve(reuse.Versus(pack)).Run(g, lim)
		}
		extra, work, cmp := extrasOver(pack, want, res)
		var proofs *verify.Proofs
		if proveFl.prove {
			proofs = verify.NewProofs(proveFl.options())
			defer proofs.Close()
		}
		var judged *verify.Judgment
		if prof != nil {
			// judged before the explanation's own claims are proved: the
			// pack's verdict rests on what it does beyond the reference
			j := verify.Judge(pack, coverageOf(pack, prof), assetEvidence(pack, g, lim, res, o, extra, work, cmp, proofs))
			judged = &j
		}
		rep := explain.New(res.Build, pack.Rules(), o, build[0], build[1])
		explainEvidence(rep, pack, g, lim, res, want, o, work, proofs)
		if *format == "json" {
			doc := explainDoc{SchemaVersion: 1, Tool: "reuselab explain", File: pos[0], Asset: g.Name, Report: rep, Profile: profileRows(prof), Coverage: judged}
			for k, id := range ids {
				doc.Args = append(doc.Args, explainArg{Arg: id.String(), Build: build[k], Dump: mode})
			}
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(doc); err != nil {
				fmt.Fprintln(stderr, "reuselab explain:", err)
				return exitUsage
			}
			return exitOK
		}
		for k, id := range ids {
			if id.dump {
				fmt.Fprintf(stdout, "%s of the --reuse %s dump is b%d (its first build node)\n", id, mode, build[k])
			}
		}
		fmt.Fprint(stdout, rep.String())
		if prof != nil {
			fmt.Fprintf(stdout, "\nprofile of %s on %q, the costliest clauses first:\n%s", pack.Name(), g.Name, prof.Table(20))
		}
		if judged != nil {
			printCoverage(stdout, pack.Name(), *judged)
			fmt.Fprintf(stdout, "verdict of %s on %q: %s (%s)\n", pack.Name(), g.Name, judged.Verdict, judged.Why)
		}
		return exitOK
	}
	fmt.Fprintf(stderr, "reuselab explain: name the asset with --asset (%s has %s)\n", pos[0], strings.Join(names, ", "))
	return exitUsage
}

// explainDoc is explain --format json (schema/explain-json.schema.json).
type explainDoc struct {
	SchemaVersion int          `json:"schemaVersion"`
	Tool          string       `json:"tool"`
	File          string       `json:"file"`
	Asset         string       `json:"asset"`
	Args          []explainArg `json:"args"`
	*explain.Report
	Profile []profileRow `json:"profile,omitempty"`
	// Coverage is explain --profile's clause coverage and verdicts on the
	// asset (package verify).
	Coverage *verify.Judgment `json:"coverage,omitempty"`
}

// explainArg is a NODE argument and the build node it names.
type explainArg struct {
	Arg   string `json:"arg"`
	Build int    `json:"build"`
	Dump  string `json:"dump"` // the dump a %N names a node of
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
		if int(f.Final) == a.id && f.Kind != ir.Merged {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no node %s in the dump", a)
}
