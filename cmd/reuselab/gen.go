package main

import (
	"fmt"
	"io"
	"path/filepath"

	"reuselab/bench/gen"
	"reuselab/outfile"
)

func init() {
	register("gen", "write synthetic .dsm or .dss programs of a given size and duplicate rate", runGen)
}

func runGen(args []string, stdout, stderr io.Writer) int {
	fs := newCmdLine("gen", stdout, stderr,
		[]string{"reuselab gen [--lang dsm|dss] --nodes N --seed S [--dup-rate R] [--branches B] [--count C] [--out DIR]",
			"reuselab gen --preset embedded --out DIR"},
		"Writes synthetic, human-readable, reproducible programs of about N raw IR nodes, in which an\n"+
			"expression repeats an earlier one with chance R: to stdout, or one file per program into --out.",
		"gen --nodes 500 --seed 7 > G.dsm",
		"gen --lang dss --nodes 1000 --count 10 --out gen-out")
	nodes := fs.Int("nodes", 200, "target raw IR node count per program")
	seed := fs.Uint64("seed", 1, "random seed: the same seed gives the same program")
	dup := fs.Float64("dup-rate", 0.3, "chance that an expression repeats an earlier one (0..1)")
	branches := fs.Int("branches", 2, "if/else statements per program")
	count := fs.Int("count", 1, "programs to write, with seeds seed, seed+1, …")
	out := fs.String("out", "", "folder to write G_n<nodes>_s<seed>.dsm (.dss) files into, absent, empty or one gen wrote (.reuselab-output) (default: stdout)")
	preset := fs.String("preset", "", "\"embedded\": the generated half of the embedded bench corpus")
	lang := fs.String("lang", "dsm", "language written: dsm (DreamShader 1.x) or dss (2.0)")
	pos, code, ok := fs.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return fs.usageError("gen takes no arguments (%q)", pos[0])
	}
	if *dup < 0 || *dup > 1 || *nodes < 1 || *count < 1 || *branches < 0 {
		fmt.Fprintln(stderr, "reuselab gen: --nodes and --count must be ≥ 1, --branches ≥ 0, --dup-rate in [0, 1]")
		return exitUsage
	}
	if !gen.ValidLang(*lang) {
		fmt.Fprintf(stderr, "reuselab gen: unknown --lang %q (dsm or dss)\n", *lang)
		return exitUsage
	}
	var cfgs []gen.Config
	switch *preset {
	case "":
		for i := 0; i < *count; i++ {
			cfgs = append(cfgs, gen.Config{Nodes: *nodes, Seed: *seed + uint64(i), DupRate: *dup, Branches: *branches, Lang: *lang})
		}
	case "embedded": // both languages: the preset is the whole generated folder
		cfgs = append(gen.Embedded(), gen.EmbeddedDSS()...)
	default:
		fmt.Fprintf(stderr, "reuselab gen: unknown preset %q (known: embedded)\n", *preset)
		return exitUsage
	}
	if *out != "" {
		if err := outfile.OwnDir(*out, "gen"); err != nil {
			fmt.Fprintln(stderr, "reuselab gen: --out:", err)
			return exitUsage
		}
	}
	for _, c := range cfgs {
		src, est := gen.Program(c)
		if *out == "" {
			fmt.Fprint(stdout, src)
			continue
		}
		p := filepath.Join(*out, c.FileName())
		if err := outfile.WriteFile(p, []byte(src)); err != nil {
			fmt.Fprintln(stderr, "reuselab gen:", err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "%s\t~%d raw IR nodes\n", p, est)
	}
	return exitOK
}
