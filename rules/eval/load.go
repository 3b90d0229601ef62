package eval

import (
	"strings"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/pack"
)

// Loading a user's pack is the one place where loading needs the child
// process: Mangle's parse and analysis of a hostile pack can run for
// minutes, so they run where evaluation does, under the same limits. That
// is why these entry points live here and not in package rules/pack, which
// reads a user's pack no further than its header (pack.OpenUser).

// LoadPack loads a pack: a built-in name or a .mg file, the latter checked
// under the default limits (LoadPackLimited).
func LoadPack(nameOrFile string) (*pack.Pack, diag.List) {
	return LoadPackLimited(nameOrFile, ir.Limits{})
}

// LoadPackLimited loads a pack. A built-in is parsed here; a .mg file is a
// user's pack: this process reads only its header, and a child process
// under lim parses and analyses it, so that a pack built to keep Mangle's
// analysis busy is stopped like one that never terminates.
func LoadPackLimited(nameOrFile string, lim ir.Limits) (*pack.Pack, diag.List) {
	if !strings.HasSuffix(nameOrFile, ".mg") {
		return pack.Builtin(nameOrFile)
	}
	if err := lim.Validate(); err != nil {
		var l diag.List
		l.Errorf(diag.Pos{File: nameOrFile, Line: 1, Col: 1}, CodeChild, "%v", err)
		return nil, l
	}
	p, l := pack.OpenUser(nameOrFile)
	if p == nil {
		return nil, l
	}
	o := runChild(nil, p, Options{Limits: lim}, true)
	l.Items = append(l.Items, o.Diags...)
	if o.Stop != ir.StopSaturated || l.HasErrors() {
		return nil, l
	}
	return p, l
}
