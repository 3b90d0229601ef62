package pack

import (
	"strings"

	"reuselab/diag"
)

// Analyser parses and analyses the clauses of a user's pack whose header
// OpenUser has read, and says whether the analysis ran to its end. Mangle's
// parse and analysis of a hostile pack can run for minutes, so rules/eval's
// Analyser runs them in a child process under limits, where evaluation
// runs too; this package only reads the header.
type Analyser func(*Pack) (diag.List, bool)

// Load loads a pack: a built-in by name, or a .mg file, a user's pack, whose
// header is read here and whose clauses analyse checks. The diagnostics
// point into the pack.
func Load(nameOrFile string, analyse Analyser) (*Pack, diag.List) {
	if !strings.HasSuffix(nameOrFile, ".mg") {
		return Builtin(nameOrFile)
	}
	p, l := OpenUser(nameOrFile)
	if p == nil {
		return nil, l
	}
	ads, finished := analyse(p)
	l.Items = append(l.Items, ads.Items...)
	if !finished || l.HasErrors() {
		return nil, l
	}
	return p, l
}
