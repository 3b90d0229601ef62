package pack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const carryClauses = `
r(N, 0.0, 1.0) :- cur(N, "Sin", _).
t(N, "x") :- cur(N, "Add", _).
sig(N, K) :- cur(N, _, 0), key(N, K).
`

func TestCarriesHeader(t *testing.T) {
	p, ds := ParsePack("c.mg", "# pack: c\n# carries: r/3 interval, t/2 agree\n# carries: u/2 all\nu(N, 1) :- cur(N, _, _)."+carryClauses)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	var got []string
	for _, c := range p.Carries {
		got = append(got, c.String()+"@"+c.At.String())
	}
	if want := "r/3 interval@c.mg:2:12 t/2 agree@c.mg:2:26 u/2 all@c.mg:3:12"; strings.Join(got, " ") != want {
		t.Errorf("carries %v, want %s", got, want)
	}
	for _, c := range p.Carries {
		if !p.Program(Level).Defines(c.Pred) {
			t.Errorf("the level program drops %s, which nothing of the level reads but the levels above do", c.Pred)
		}
	}
}

func TestCarriesHeaderErrors(t *testing.T) {
	for _, c := range []struct{ header, at, msg string }{
		{"# carries: r/3 union", "c.mg:2:12", `merge "union" is not one of first, all, agree, interval`},
		{"# carries: r", "c.mg:2:12", `"r" is not NAME/ARITY MERGE`},
		{"# carries: r/x first", "c.mg:2:12", `"r/x" is not a predicate NAME/ARITY`},
		{"# carries: Big/3 first", "c.mg:2:12", `"Big/3" is not a predicate`},
		{"# carries: t/2 interval", "c.mg:2:12", "arity 3 or more"},
		{"# carries: r/3 interval, q/2 bogus", "c.mg:2:26", `q/2: merge "bogus"`},
		{"# carries: r/3 interval,", "c.mg:2:25", "an empty item"},
		{"# carries: nothere/2 first", "c.mg:2:12", "no clause derives nothere/2"},
		{"# carries: t/3 first", "c.mg:2:12", "no clause derives t/3"},
		{"# carries: sig/2 first", "c.mg:2:12", "sig is a predicate of the pack interface"},
		{"# carries: fle/2 first", "c.mg:2:12", "fle is a predicate of the pack interface"},
		{"# carries: r/3 interval, r/3 all", "c.mg:2:26", "r is carried already (r/3 interval, at c.mg:2:12)"},
	} {
		p, ds := ParsePack("c.mg", "# pack: c\n"+c.header+"\n"+carryClauses)
		if p != nil || !ds.HasErrors() {
			t.Errorf("%s: accepted", c.header)
			continue
		}
		d := ds.Items[0]
		if d.Code != CodePackInterface || d.Pos.String() != c.at || !strings.Contains(d.Message, c.msg) {
			t.Errorf("%s: got %s, want %s DSH9303 …%s…", c.header, d, c.at, c.msg)
		}
	}
}

// An extending pack inherits its base's carries (first), may add its own,
// and may not carry a predicate again.
func TestCarriesInherited(t *testing.T) {
	p, ds := ParsePack("mine.mg", "# extends: ranges\n# carries: t/2 first\n"+`t(N, "x") :- cur(N, "Add", _).`)
	if ds.HasErrors() {
		t.Fatal(ds.String())
	}
	if len(p.Carries) != 2 || p.Carries[0].String() != "range/3 interval" || p.Carries[0].At.File != "packs/ranges.mg" || p.Carries[1].String() != "t/2 first" {
		t.Errorf("carries %v", p.Carries)
	}
	_, ds = ParsePack("mine.mg", "# extends: ranges\n# carries: range/3 all\n")
	if !ds.HasErrors() || !strings.Contains(ds.String(), "mine.mg:2:12: error DSH9303: # carries: range is carried already (range/3 interval, at packs/ranges.mg:") {
		t.Errorf("a carried predicate carried again: %s", ds.String())
	}
}

// A user's pack is read only as far as its header in this process: a bad
// `# carries:` is reported there, before any child starts.
func TestCarriesHeaderOfAUserPack(t *testing.T) {
	file := filepath.Join(t.TempDir(), "u.mg")
	if err := os.WriteFile(file, []byte("# pack: u\n\n# carries: r/3 sometimes\n"+carryClauses), 0o644); err != nil {
		t.Fatal(err)
	}
	p, ds := OpenUser(file)
	if p != nil || !strings.Contains(ds.String(), file+":3:12: error DSH9303: # carries: r/3: merge \"sometimes\"") {
		t.Errorf("OpenUser: %v %s", p, ds.String())
	}
}

// A level reads the carried facts of the levels below: its premises are
// renamed to the extensional Below predicate, so a carried predicate read
// under negation does not make the level program unstratifiable.
func TestCarriedPremisesReadBelow(t *testing.T) {
	src := "# carries: t/2 first\n" + `
t(N, "leaf") :- cur(N, _, _), arg(N, 0, "", X, _), !hast(X).
hast(X) :- t(X, _).
sig(N, K) :- cur(N, _, 0), key(N, K).
`
	p, ds := ParsePack("neg.mg", src)
	if ds.HasErrors() {
		t.Fatalf("a carried predicate under negation: %s", ds.String())
	}
	lv := p.Program(Level)
	below := p.Carries[0].Below()
	for _, r := range lv.Info.Rules {
		for _, prem := range r.Premises {
			if s := prem.String(); strings.HasPrefix(s, "t(") {
				t.Errorf("%s reads t/2 of its own level: %s", r, s)
			}
		}
	}
	reads := false
	for _, r := range lv.Info.Rules {
		for _, prem := range r.Premises {
			reads = reads || strings.HasPrefix(prem.String(), below.Symbol+"(")
		}
	}
	if !reads {
		t.Errorf("no clause reads %s", below.Symbol)
	}
}

// FuzzCarriesHeader: any `# carries:` line loads or is refused with
// DSH9303 diagnostics on that line, never a panic.
func FuzzCarriesHeader(f *testing.F) {
	for _, s := range []string{"r/3 interval", "r/3 interval, t/2 agree", "", ",", "r/", "/3 first", "r/3 interval,, t/2", "t/2 first first", "r/99999999999999999999 all"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if strings.ContainsAny(v, "\n\r") {
			return
		}
		src := "# pack: c\n# carries: " + v + "\n" + carryClauses
		p, ds := ParsePack("c.mg", src)
		if p == nil && !ds.HasErrors() {
			t.Fatalf("%q: refused without a diagnostic", v)
		}
		for _, d := range ds.Items {
			if d.Code == CodePackInterface && (d.Pos.Line != 2 || d.Pos.Col < 1) {
				t.Errorf("%q: %s is not on the header line", v, d)
			}
		}
		if p != nil {
			for _, c := range p.Carries {
				if !p.Program(Level).Defines(c.Pred) {
					t.Errorf("%q: carried %s is not derived at a level", v, c)
				}
			}
		}
	})
}
