package pack

import (
	"strings"
	"testing"
)

func TestBuiltinPacksLoad(t *testing.T) {
	for _, name := range BuiltinNames() {
		p, ds := Builtin(name)
		if p == nil || ds.HasErrors() {
			t.Errorf("%s: %s", name, ds.String())
			continue
		}
		if p.Name != name || p.Claims == "" || p.Touches == "" {
			t.Errorf("%s: header name %q claims %q touches %q", name, p.Name, p.Claims, p.Touches)
		}
	}
}

// Every way a pack can be broken before it runs is a diagnostic at its
// file, line and column, with its own code.
func TestBrokenPackIsADiagnostic(t *testing.T) {
	cases := []struct {
		name, src, code, where string
	}{
		{"syntax", "sig(N, S) :- cur(N, _, _), S = \"a\"\nsig(N, S) :- cur(N, _, _).", CodePackSyntax, "broken.mg:2:1"},
		{"undeclared", "# pack: u\nsig(N, S) :- cur(N, _, _),\n   nosuch(N, S).", CodePackAnalysis, "broken.mg:2:1"},
		{"unbound", "\n\nsig(N, S) :- cur(N, _, _), S = fn:plus(N, Z).", CodePackAnalysis, "broken.mg:3:1"},
		{"unstratifiable", "sig(N, S) :- cur(N, _, _), !p(N), S = \"x\".\np(N) :- cur(N, _, _), sig(N, _).",
			CodePackStratify, "broken.mg:1:1"},
		{"no sig", "live(N) :- root(N).", CodePackInterface, "broken.mg:1:1"},
		{"derives a driver predicate", "sig(N, \"a\") :- cur(N, _, _).\ncur(1, \"x\", 0) :- root(1).", CodePackInterface, "broken.mg:2:1"},
		{"wrong arity", "sig(N, \"a\", 1) :- cur(N, _, _).", CodePackInterface, "broken.mg:1:1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, ds := ParsePack("broken.mg", c.src)
			if p != nil || !ds.HasErrors() {
				t.Fatalf("pack accepted: %v", ds.String())
			}
			d := ds.Items[0]
			if d.Code != c.code || !strings.HasPrefix(d.String(), c.where) {
				t.Errorf("got %s, want %s at %s", d.String(), c.code, c.where)
			}
		})
	}
}
