// Package diag holds compiler diagnostics: upstream DSH codes (SEMANTICS D5)
// printed as FILE:LINE:COL: severity DSHnnnn: message, the form editors parse.
// It imports only the standard library so that the parser, the binder and the
// CLI share one type.
package diag

import (
	"fmt"
	"sort"
	"strings"
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

func (p Pos) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Diagnostic is one message with its upstream code ("DSH4200").
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Code     string
	Message  string
}

// String is `FILE:LINE:COL: severity DSHnnnn: message`.
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s %s: %s", d.Pos, d.Severity, d.Code, d.Message)
}

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
