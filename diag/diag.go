// Package diag holds compiler diagnostics: upstream DSH codes (SEMANTICS D5)
// printed as FILE:LINE:COL: severity DSHnnnn: message, the form editors parse.
// It imports only the standard library so that the parser, the binder and the
// CLI share one type.
package diag

import (
	"fmt"
	"sort"
	"strings"

	"reuselab/printable"
)

// Severity of a diagnostic.
type Severity uint8

const (
	Error Severity = iota
	Warning
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "?"
}

// Pos is a 1-based position in a file.
type Pos struct {
	File      string
	Line, Col int
}

// String is FILE:LINE:COL, the file name escaped (printable.Text): a
// folder named with an ESC or a newline must not act on the terminal or
// start a line of its own.
func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", printable.Text(p.File), p.Line, p.Col) }

// Diagnostic is one message with its upstream code ("DSH4200").
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Code     string
	Message  string
}

// String is `FILE:LINE:COL: severity DSHnnnn: message`. The message is
// built from source text, so it is escaped (printable.Block); a line break
// it keeps (an internal error's stack) goes on with a tab, as Go's
// compiler continues a message, so that no line of a message can read as
// a diagnostic of its own to an editor that parses them.
func (d Diagnostic) String() string {
	msg := strings.ReplaceAll(strings.ReplaceAll(printable.Block(d.Message), "\r\n", "\n"), "\n", "\n\t")
	return fmt.Sprintf("%s: %s %s: %s", d.Pos, d.Severity, printable.Text(d.Code), msg)
}

// Printable is printable.Block, kept for the callers that escape a
// message before they make it a diagnostic; escaping twice changes
// nothing.
func Printable(s string) string { return printable.Block(s) }

// List collects diagnostics in emission order.
type List struct {
	Items []Diagnostic
}

// Add appends a diagnostic.
func (l *List) Add(pos Pos, sev Severity, code, format string, args ...any) {
	l.Items = append(l.Items, Diagnostic{Pos: pos, Severity: sev, Code: code, Message: fmt.Sprintf(format, args...)})
}

// Errorf, Warnf and Infof add a diagnostic of that severity.
func (l *List) Errorf(pos Pos, code, format string, args ...any) {
	l.Add(pos, Error, code, format, args...)
}
func (l *List) Warnf(pos Pos, code, format string, args ...any) {
	l.Add(pos, Warning, code, format, args...)
}
func (l *List) Infof(pos Pos, code, format string, args ...any) {
	l.Add(pos, Info, code, format, args...)
}

// Append adds all of other's diagnostics.
func (l *List) Append(other List) { l.Items = append(l.Items, other.Items...) }

// HasErrors reports whether any diagnostic is an error.
func (l *List) HasErrors() bool {
	for _, d := range l.Items {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Codes lists the codes of the given severity, in emission order, repeats kept
// (the way upstream goldens list them).
func (l *List) Codes(sev Severity) []string {
	var cs []string
	for _, d := range l.Items {
		if d.Severity == sev {
			cs = append(cs, d.Code)
		}
	}
	return cs
}

// Sorted returns the diagnostics ordered by file, line, column, keeping
// emission order for ties: deterministic output for printing.
func (l *List) Sorted() []Diagnostic {
	ds := append([]Diagnostic(nil), l.Items...)
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return ds
}

// String prints every diagnostic on its own line, sorted.
func (l *List) String() string {
	var b strings.Builder
	for _, d := range l.Sorted() {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// MaxPerFile is how many diagnostics of one file are worth printing: past
// it a flood (a hundred thousand `else if`s) only buries the first cause.
const MaxPerFile = 200

// CodeMore is the info that stands for the diagnostics Cap left out.
const CodeMore = "DSH8293"

// Cap keeps the first max diagnostics of each file, in emission order, and
// adds for each file it cut one info DSH8293 saying how many more there
// were, at the kept diagnostic that sorts last so that it prints last.
func (l *List) Cap(max int) {
	count := map[string]int{}
	last := map[string]Pos{}
	var files []string
	kept := l.Items[:0]
	for _, d := range l.Items {
		f := d.Pos.File
		if count[f] == 0 {
			files = append(files, f)
		}
		count[f]++
		if count[f] <= max {
			kept = append(kept, d)
			if p := last[f]; count[f] == 1 || p.Line < d.Pos.Line || (p.Line == d.Pos.Line && p.Col < d.Pos.Col) {
				last[f] = d.Pos
			}
		}
	}
	l.Items = kept
	for _, f := range files {
		if n := count[f] - max; n > 0 {
			l.Infof(last[f], CodeMore, "%d more diagnostics in this file not shown", n)
		}
	}
}

// Capped is a copy of l with Cap(max) applied. l itself keeps every
// diagnostic: HasErrors must still see an error that Cap leaves out of
// what is printed.
func (l *List) Capped(max int) List {
	c := List{Items: append([]Diagnostic(nil), l.Items...)}
	c.Cap(max)
	return c
}

// Report is what a command prints: the diagnostics sorted, at most
// MaxPerFile per file and then one "N more" line.
func (l *List) Report() string {
	c := l.Capped(MaxPerFile)
	return c.String()
}

// StackHead is the first frames of a goroutine stack (runtime/debug.Stack),
// enough to place an internal error without a page of runtime frames in
// the diagnostic.
func StackHead(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	if len(lines) > 16 {
		lines = lines[:16]
	}
	return strings.Join(lines, "\n")
}
