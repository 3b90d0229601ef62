package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"reuselab/bench"
	"reuselab/sourcefile"
)

// The conventions every subcommand shares, in one place so that a new
// command gets them by construction:
//
//   - `-h`, `--help` and `reuselab help CMD` print the synopsis, what the
//     command does, its flags and examples on stdout and exit 0;
//   - flags may come before and after the paths (`compile FILE --format t3d`);
//   - the exit code is exitOK (done, nothing found), exitFindings (errors in
//     sources, disagreements, mismatches, a pack that stopped) or exitUsage
//     (a bad flag or argument, a missing file or pack, an unwritable --out),
//     and arguments are checked before any work starts.
//
// Package flag serves: the commands need nothing it lacks but these few
// rules, which a library would bring along with its own help layout, its
// own flag syntax (pflag's -abc groups) and a dependency.
const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

// cmdLine is one subcommand's flag set and help text.
type cmdLine struct {
	*flag.FlagSet
	name     string
	synopsis []string // each one "reuselab NAME …"
	about    string
	examples []string
	stdout   io.Writer
	stderr   io.Writer
	// verbose, when set, lists every skipped folder and file (-v).
	verbose *bool
	// versions, when set, walks into `_versions/` snapshots (--versions).
	versions *bool
}

// newCmdLine makes the flag set of command name. synopsis lines follow
// "usage: reuselab NAME"; about says what the command does; examples are
// command lines (without a leading "reuselab"), each with an optional
// "# comment".
func newCmdLine(name string, stdout, stderr io.Writer, synopsis []string, about string, examples ...string) *cmdLine {
	c := &cmdLine{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), name: name,
		synopsis: synopsis, about: about, examples: examples, stdout: stdout, stderr: stderr}
	// parse prints a flag's error (with the prefix every message has),
	// the help or the short usage itself
	c.SetOutput(io.Discard)
	c.Usage = func() {}
	return c
}

// verboseFlag adds the flags of a folder walk: -v, which lists what it
// skipped, and --versions, which reads the `_versions/` snapshots too.
func (c *cmdLine) verboseFlag() {
	c.verbose = c.Bool("v", false, "name every skipped folder and file (the count is always printed)")
	c.versions = c.Bool("versions", false, "also read the _versions/ snapshots (other versions of the corpus's files), each a file of its own")
}

// walk is how the command's folder walks go, from its flags.
func (c *cmdLine) walk() bench.Walk {
	return bench.Walk{Versions: c.versions != nil && *c.versions}
}

// parse parses flags anywhere among the arguments and returns the
// positional ones. When ok is false the command is done and code is its
// exit code: exitOK after the help, exitUsage after a bad flag.
func (c *cmdLine) parse(args []string) (pos []string, code int, ok bool) {
	pos, err := parseInterspersed(c.FlagSet, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.help(c.stdout)
		return nil, exitOK, false
	case err != nil:
		// flag names a flag -name; the help and the synopses say --name
		return nil, c.usageError("%s", flagError.ReplaceAllString(err.Error(), "$1--$2")), false
	}
	return pos, exitOK, true
}

// flagError finds a multi-letter flag's name in package flag's messages.
var flagError = regexp.MustCompile(`(: |flag )-([[:alnum:]][[:alnum:]_-]+)`)

// help is what -h prints: synopsis, description, flags, examples.
func (c *cmdLine) help(w io.Writer) {
	for i, s := range c.synopsis {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%s%s\n", lead, s)
	}
	if c.about != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(c.about, "\n"))
	}
	fmt.Fprintln(w, "\nFlags (each may come before or after the arguments):")
	printFlags(w, c.FlagSet)
	if len(c.examples) > 0 {
		fmt.Fprintln(w, "\nExamples:")
		for _, e := range c.examples {
			fmt.Fprintf(w, "  reuselab %s\n", e)
		}
	}
	fmt.Fprintln(w, "\nExit status: 0 done and nothing found, 1 findings, 2 a usage or I/O problem.")
}

// shortUsage is what a usage error prints after its message, on stderr.
func (c *cmdLine) shortUsage() {
	for i, s := range c.synopsis {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(c.stderr, "%s%s\n", lead, s)
	}
	fmt.Fprintf(c.stderr, "Run 'reuselab help %s' for the flags and examples.\n", c.name)
}

// usageError prints "reuselab NAME: message" and the short usage; it
// returns exitUsage.
func (c *cmdLine) usageError(format string, a ...any) int {
	c.errorf(format, a...)
	c.shortUsage()
	return exitUsage
}

// errorf prints "reuselab NAME: message" on stderr: the one prefix of
// every message a command prints about its run (a source's own problems
// are FILE:LINE:COL diagnostics instead).
func (c *cmdLine) errorf(format string, a ...any) {
	fmt.Fprintf(c.stderr, "reuselab %s: %s\n", c.name, fmt.Sprintf(format, a...))
}

// checkPositive reports the first of the named numeric flags that is not
// positive (a --jobs 0 or an --eval -3 means nothing).
func (c *cmdLine) checkPositive(names ...string) error {
	for _, n := range names {
		f := c.Lookup(n)
		if f == nil {
			panic("checkPositive: no flag " + n)
		}
		bad := false
		switch v := f.Value.(flag.Getter).Get().(type) {
		case int:
			bad = v <= 0
		case int64:
			bad = v <= 0
		case uint64:
			bad = v == 0
		case float64:
			bad = !(v > 0)
		}
		if bad {
			return fmt.Errorf("--%s %s: must be positive", n, f.Value)
		}
	}
	return nil
}

// checkPaths reports, as the compiler would (FILE:1:1: error DSH8290), every
// path that does not exist; any such path is a usage error, found before
// the first file is compiled.
func (c *cmdLine) checkPaths(paths []string) bool {
	ok := true
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			fmt.Fprintf(c.stderr, "%s:1:1: error %s: cannot read %s: %v\n", p, sourcefile.Code(err), p, unwrapPath(err))
			ok = false
		}
	}
	return ok
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// sources checks the paths and expands them to source files (sourceWalk),
// reporting what the walk skipped; ok is false after a usage error.
func (c *cmdLine) sources(paths []string) (files []string, ok bool) {
	if !c.checkPaths(paths) {
		return nil, false
	}
	files, skipped := sourceWalk(paths, c.walk())
	c.reportSkipped(skipped)
	if len(files) == 0 {
		c.noSources(paths)
		return nil, false
	}
	return files, true
}

// noSources reports PATHs that hold no source. It is a usage error (exit
// 2), as a missing file is: the arguments name nothing to work on, and
// exit 0 would claim that every source was read and found in order.
func (c *cmdLine) noSources(paths []string) {
	c.errorf("no source file (.dsm, .dsf, .dsh or .dss) under %s: nothing to work on", strings.Join(paths, ", "))
}

// parseSources is parse, at least one PATH, then sources: the start of
// every command that reads sources and needs nothing between.
func (c *cmdLine) parseSources(args []string) (paths, files []string, code int, ok bool) {
	if paths, code, ok = c.parse(args); !ok {
		return nil, nil, code, false
	}
	if len(paths) == 0 {
		return nil, nil, c.usageError("no PATH"), false
	}
	if files, ok = c.sources(paths); !ok {
		return nil, nil, exitUsage, false
	}
	return paths, files, exitOK, true
}

// skip is a folder or file a walk left out, and why.
type skip struct {
	path  string
	files int // sources under a skipped folder
	why   string
}

// reportSkipped names what a walk left out on stderr: a count always, a
// line per folder or file with -v.
func (c *cmdLine) reportSkipped(skipped []skip) {
	if len(skipped) == 0 {
		return
	}
	verbose := c.verbose != nil && *c.verbose
	files, entries := map[string]int{}, map[string]int{}
	var whys []string
	for _, s := range skipped {
		if _, seen := files[s.why]; !seen {
			whys = append(whys, s.why)
		}
		files[s.why] += s.files
		entries[s.why]++
		if verbose {
			what := s.why
			if s.why != whyUnread {
				what = plural(s.files, "source file") + ": " + s.why
			}
			c.errorf("skipped %s (%s)", s.path, what)
		}
	}
	for _, why := range whys {
		hint := "; -v lists them"
		if verbose || c.verbose == nil {
			hint = ""
		}
		c.errorf("skipped %s%s", skipSummary(why, files[why], entries[why]), hint)
	}
}

const (
	whySnapshots = "snapshots"
	whyHidden    = "hidden folder"
	whyUnread    = "cannot read"
)

// skipSummary is the always-printed count of one reason: sources under
// skipped folders, or entries the walk could not read.
func skipSummary(why string, files, entries int) string {
	switch why {
	case whySnapshots:
		return fmt.Sprintf("%s under _versions/ (%s; --versions reads them)", plural(files, "source file"), why)
	case whyHidden:
		return fmt.Sprintf("%s under hidden folders", plural(files, "source file"))
	}
	return fmt.Sprintf("%s (%s)", plural(entries, "entry"), why)
}

func plural(n int, what string) string {
	switch {
	case n == 1:
		return "1 " + what
	case strings.HasSuffix(what, "y"):
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(what, "y"))
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// isSource reports whether a walked file is a DreamShader source: 1.x
// (.dsm .dsf .dsh) or 2.0 (.dss).
func isSource(path string) bool {
	switch filepath.Ext(path) {
	case ".dsm", ".dsf", ".dsh", ".dss":
		return true
	}
	return false
}

// countSources counts the sources under dir (a skipped folder, to say how
// much was left out).
func countSources(dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && isSource(p) {
			n++
		}
		return nil
	})
	return n
}

// oneSource is path for a command that reads one source (explain, reduce):
// a file, or a folder holding exactly one source.
func (c *cmdLine) oneSource(path string) (string, bool) {
	files, ok := c.sources([]string{path})
	if !ok {
		return "", false
	}
	if len(files) != 1 {
		c.errorf("%s holds %s; name one", path, plural(len(files), "source file"))
		return "", false
	}
	return files[0], true
}
