// Command reuselab compiles DreamShader sources to the 2.0 IR, runs the
// reference reuse passes and the Datalog rule packs, and benchmarks node
// counts across corpora. Each subcommand lives in a file of its own and
// registers itself in commands.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"reuselab/printable"
)

// command is one subcommand: run gets the arguments after its name and
// returns the process exit code.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = command{summary: summary, run: run}
}

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs the command args name. Everything a command prints goes
// through a printable.Writer: names reach stdout and stderr from many
// paths (diagnostics, summaries, explanations, messages composed in
// packages far from here), and none of them may send a terminal an escape
// sequence or a bidi override. The formats that escape in their own syntax
// (JSON, DOT, facts, the dump) pass unchanged; T3D on stdout gets \x1b
// where its quoting left an ESC raw (`--out` writes the exact text).
func dispatch(args []string, stdout, stderr io.Writer) int {
	out, errOut := printable.NewWriter(stdout), printable.NewWriter(stderr)
	code := dispatchTo(args, out, errOut)
	if err := out.Flush(); err != nil && code == exitOK {
		code = exitUsage
	}
	errOut.Flush()
	return code
}

func dispatchTo(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	case "help":
		if len(args) == 1 {
			usage(stdout)
			return exitOK
		}
		c, ok := commands[args[1]]
		if !ok || len(args) > 2 {
			fmt.Fprintf(stderr, "reuselab help: unknown command %q\n", strings.Join(args[1:], " "))
			usage(stderr)
			return exitUsage
		}
		// the same text as CMD --help, by construction
		return c.run([]string{"--help"}, stdout, stderr)
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "reuselab: unknown command %q\n", args[0])
		usage(stderr)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: reuselab <command> [flags] [args]")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, "  %-10s %s\n", "help", "help CMD: a command's synopsis, flags and examples (the same as CMD -h)")
	fmt.Fprintln(w, "\nExit status: 0 done and nothing found, 1 findings (errors in sources, disagreements,")
	fmt.Fprintln(w, "mismatches, a pack that stopped), 2 a usage or I/O problem (bad flag, missing file or pack,")
	fmt.Fprintln(w, "unwritable --out).")
}
