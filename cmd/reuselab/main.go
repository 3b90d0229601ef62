// Command reuselab compiles DreamShader sources to the 2.0 IR, runs the
// reference reuse passes and the Datalog rule packs, and benchmarks node
// counts across corpora. Each subcommand lives in a file of its own and
// registers itself in commands.
package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"reuselab/outfile"
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
	exit := cleanUpOnSignal()
	exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// cleanUpOnSignal makes SIGINT and SIGTERM remove the temporary files and
// folders of the writes in progress (outfile.RemoveTemporaries: no
// `.NAME.tmp-*` is left beside an output, and the outputs stay old or
// whole) before the process dies of the signal, as it would have without
// the handler, so that a shell or a script sees the signal. A signal the
// process was started ignoring (SIGINT in a script's background job) stays
// ignored. It is installed here, in main, because a handler is process-wide:
// the commands, run in-process by the tests, install none.
//
// exit ends the process with a command's code, unless a signal came first:
// then the command's failure is the cleanup's doing (its writes were
// stopped), and the process waits to die of the signal instead.
func cleanUpOnSignal() (exit func(code int)) {
	var sigs []os.Signal
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	var mu sync.Mutex
	signalled := false
	exit = func(code int) {
		mu.Lock()
		if signalled {
			mu.Unlock()
			select {}
		}
		os.Exit(code) // holding mu: a signal now finds the process gone
	}
	if len(sigs) == 0 {
		return exit
	}
	caught := make(chan os.Signal, 1)
	signal.Notify(caught, sigs...)
	go func() {
		s := <-caught
		mu.Lock()
		signalled = true
		mu.Unlock()
		outfile.RemoveTemporaries()
		signal.Reset(s)
		if p, err := os.FindProcess(os.Getpid()); err == nil {
			p.Signal(s)
		}
		// Where a process cannot signal itself (Windows), or the signal is
		// slow to arrive, the shell's code for it.
		time.Sleep(time.Second)
		code := exitUsage
		if n, ok := s.(syscall.Signal); ok {
			code = 128 + int(n)
		}
		os.Exit(code)
	}()
	return exit
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
	switch {
	case isHelpFlag(args[0]):
		usage(stdout)
		return exitOK
	case args[0] == "help":
		if len(args) == 1 {
			usage(stdout)
			return exitOK
		}
		// help -h, help help and help CMD -h ask for help too
		var rest []string
		for _, a := range args[1:] {
			if !isHelpFlag(a) {
				rest = append(rest, a)
			}
		}
		if len(rest) == 0 || len(rest) == 1 && rest[0] == "help" {
			helpHelp(stdout)
			return exitOK
		}
		c, ok := commands[rest[0]]
		if !ok || len(rest) > 1 {
			fmt.Fprintf(stderr, "reuselab help: unknown command %q\n", strings.Join(rest, " "))
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

func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}

// helpHelp is `reuselab help help`: help's own synopsis, in the layout
// of every command's -h.
func helpHelp(w io.Writer) {
	fmt.Fprintln(w, "usage: reuselab help [CMD]")
	fmt.Fprintln(w, "       reuselab CMD -h")
	fmt.Fprintln(w, "\nWithout CMD, lists the commands. With CMD, prints its synopsis, what it does, its flags and")
	fmt.Fprintln(w, "examples: the same text as `reuselab CMD -h`.")
	fmt.Fprintln(w, "\nExamples:\n  reuselab help compile\n  reuselab compile -h")
	fmt.Fprintln(w, "\nExit status: 0 done, 2 an unknown command.")
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
	fmt.Fprintln(w, "unwritable --out, an --out folder reuselab did not write).")
}
