package eval

import (
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/pack"
)

// Analyser is how pack.Load checks a user's pack: Mangle parses and
// analyses its clauses in a child process under lim, the same child and
// limits evaluation runs under, so that a pack built to keep the analysis
// busy is stopped like one that never terminates.
func Analyser(lim ir.Limits) pack.Analyser {
	return func(p *pack.Pack) (diag.List, bool) {
		if err := lim.Validate(); err != nil {
			var l diag.List
			file := p.Name
			if len(p.Files) > 0 {
				file = p.Files[len(p.Files)-1] // the user's, after any base pack's
			}
			l.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, CodeChild, "%v", err)
			return l, false
		}
		o := runChild(nil, p, Options{Limits: lim}, true)
		return diag.List{Items: o.Diags}, o.Stop == ir.StopSaturated
	}
}
