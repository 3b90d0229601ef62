package pack

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"reuselab/diag"
)

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// floodPack is a pack extending reuse-2.0 whose n statements after a(1) each
// repeat stmt, one to a line from line 4.
func floodPack(stmt string, n int) string {
	return "# pack: flood\n# extends: reuse-2.0\na(1).\n" + strings.Repeat(stmt+"\n", n)
}

// A pack with fewer errors than maxPackErrors gets every one of them,
// the first maxKeptDiags built and the rest counted in one "N more", the
// list rules/eval's capDiags makes of them all: the diagnostics a pack got
// before they were bounded.
func TestDiagnosticsPastTheFirstAreCounted(t *testing.T) {
	const n = 5000
	p, ds := ParsePack("flood.mg", floodPack("a().", n))
	if p != nil || len(ds.Items) != maxKeptDiags+1 {
		t.Fatalf("%d diagnostics, want %d and one more:\n%s", len(ds.Items), maxKeptDiags, ds.String())
	}
	for k, d := range ds.Items[:maxKeptDiags] {
		want := fmt.Sprintf("flood.mg:%d:1: error DSH9301: a has 0 argument(s) here, 1 at flood.mg:3:1: a predicate has one arity (in `a().`)", 4+k)
		if d.String() != want {
			t.Fatalf("diagnostic %d is %s, want %s", k, d, want)
		}
	}
	last := ds.Items[maxKeptDiags]
	if want := fmt.Sprintf("flood.mg:%d:1: info DSH8293: %d more diagnostics of this pack not shown", 3+maxKeptDiags, n-maxKeptDiags); last.String() != want {
		t.Errorf("last is %s, want %s", last, want)
	}
}

// Past maxPackErrors errors a pack is refused at the next one, whatever
// check finds them: the syntax (the file is read no further), the arities
// or the heads the driver feeds (the rest is not checked). The diagnostic
// that says so is kept, with the count of those not shown.
func TestAFloodOfErrorsIsRefusedAtTheLimit(t *testing.T) {
	for _, tc := range []struct {
		name, stmt string
		want       string // the stop's position and code
	}{
		// the 10001st statement, line 4+10000
		{"arity", "a().", "flood.mg:10004:1: error DSH9301"},
		{"fed", "cur(1, 2, 3).", "flood.mg:10004:1: error DSH9303"},
		// two syntax errors a statement: the 10001st is the first of line 4+5000
		{"syntax", "a(.", "flood.mg:5004:3: error DSH9300"},
	} {
		_, ds := ParsePack("flood.mg", floodPack(tc.stmt, 3*maxPackErrors))
		if len(ds.Items) != maxKeptDiags+1 {
			t.Errorf("%s: %d diagnostics, want %d and one more", tc.name, len(ds.Items), maxKeptDiags)
			continue
		}
		stop, more := ds.Items[maxKeptDiags-1], ds.Items[maxKeptDiags]
		if !strings.HasPrefix(stop.String(), tc.want+": the pack has more than 10000 errors: it is refused at this one") {
			t.Errorf("%s: the last kept is %s, want the stop at %s", tc.name, stop, tc.want)
		}
		// the errors before the stop, less those kept
		if want := fmt.Sprintf("%d more diagnostics of this pack not shown", maxPackErrors-(maxKeptDiags-1)); more.Message != want || more.Pos != stop.Pos {
			t.Errorf("%s: the last is %s, want %q at the stop", tc.name, more, want)
		}
	}
}

// The loader's work on a flood is bounded: past the limit a statement costs
// what splitting it keeps (a Statement), not a parse and a diagnostic,
// which cost 5 KB each (a 4 MB pack made 1.16M diagnostics, 1.28 GB). The
// bytes allocated per statement added to a flood past the limit are held
// to a small multiple of a Statement's size, for every kind of flood.
func TestAFloodPastTheLimitCostsOnlyItsSplit(t *testing.T) {
	perStatement := uint64(2 * 96) // a Statement is 88 bytes on 64-bit
	// "a(1)" has no period: the flood is one statement of errors.
	for _, stmt := range []string{"a().", "cur(1, 2, 3).", "a(.", "b(X) :- cur(X, _, _), a(X, Y).", "a(1)"} {
		small, big := 2*maxPackErrors, 5*maxPackErrors
		smallSrc, bigSrc := floodPack(stmt, small), floodPack(stmt, big)
		var ds diag.List
		a := allocated(func() { _, ds = ParsePack("flood.mg", smallSrc) })
		b := allocated(func() { _, ds = ParsePack("flood.mg", bigSrc) })
		if len(ds.Items) != maxKeptDiags+1 {
			t.Errorf("%q: %d diagnostics", stmt, len(ds.Items))
		}
		t.Logf("%q: %d B each", stmt, (b-a)/uint64(big-small))
		if b > a && (b-a)/uint64(big-small) > perStatement {
			t.Errorf("%q: %d B allocated for %d lines of it, %d B for %d: %d B each past the limit, want at most %d",
				stmt, a, small, b, big, (b-a)/uint64(big-small), perStatement)
		}
	}
}

// Parsing stops soon after the limit: the statements parsed one by one are
// at most the limit's and one chunk's more, and the check that stopped it
// is the one that reports.
func TestParseAloneStopsAtTheLimit(t *testing.T) {
	fed := map[ast.PredicateSym]ast.Decl{PredCur: ast.NewSyntheticDeclFromSym(PredCur)}
	for _, tc := range []struct {
		stmt string
		want flood
	}{{"a().", arityFlood}, {"cur(1, 2, 3).", fedFlood}, {"a(.", noFlood}} {
		src := floodPack(tc.stmt, 5*maxPackErrors)
		p := &Pack{stmts: splitStatements("flood.mg", src, false), clauses: &clauseIndex{}}
		parsed, why := p.parseAlone(fed)
		if why != tc.want || parsed > maxPackErrors+2+parseChunk {
			t.Errorf("%q: parsed %d of %d statements, stopped by %d, want at most %d and %d",
				tc.stmt, parsed, len(p.stmts), why, maxPackErrors+2+parseChunk, tc.want)
		}
	}
}

// The parent reads a user's pack as far as its header and keeps nothing
// per statement: what OpenUser allocates is a few times the file (reading
// it), not a Statement for each of its statements (280 MB for 4 MB).
func TestOpenUserKeepsNoStatements(t *testing.T) {
	src := floodPack("a().", 200_000) // 1 MB, 200k statements
	file := filepath.Join(t.TempDir(), "flood.mg")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var p *Pack
	var ds diag.List
	n := allocated(func() { p, ds = OpenUser(file) })
	if p == nil || ds.HasErrors() {
		t.Fatalf("not opened: %s", ds.String())
	}
	if len(p.Statements()) != 0 || p.Source != src {
		t.Errorf("%d statements kept, source kept: %v", len(p.Statements()), p.Source == src)
	}
	if n > 4*uint64(len(src)) {
		t.Errorf("OpenUser allocated %d bytes for a %d-byte pack", n, len(src))
	}
}

// A header is read line by line, and its diagnostics are bounded too: a
// `# carries:` of a hundred thousand empty items.
func TestAHeaderFloodIsBounded(t *testing.T) {
	src := "# pack: h\n# carries: " + strings.Repeat(",", 100_000) + "\nsig(N, 1) :- cur(N, _, _).\n"
	file := filepath.Join(t.TempDir(), "h.mg")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var ds diag.List
	n := allocated(func() { _, ds = OpenUser(file) })
	if len(ds.Items) != maxKeptDiags+1 || !strings.HasPrefix(ds.Items[maxKeptDiags].Message, fmt.Sprintf("%d more diagnostics", 100_001-maxKeptDiags)) {
		t.Errorf("%d diagnostics, the last %v", len(ds.Items), ds.Items[len(ds.Items)-1])
	}
	if n > 8<<20 {
		t.Errorf("OpenUser allocated %d bytes for a %d-byte header", n, len(src))
	}
}

// syntaxErrors reads a file as parse.Unit does, so its errors are parse.Unit's,
// the same text: the diagnostics of a pack with a syntax error did not
// change when its reading was bounded. Past max it stops, at the next
// error's position.
func TestSyntaxErrorsAreMangles(t *testing.T) {
	var srcs []string
	for _, name := range BuiltinNames() {
		b, err := packFS.ReadFile("packs/" + name + ".mg")
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		for k := 1; k < 12; k++ {
			at := k * len(src) / 12
			srcs = append(srcs, src[:at], src[:at]+")"+src[at:], src[:at]+"\""+src[at:], src[:at]+src[at+1:])
		}
	}
	srcs = append(srcs, strings.Repeat("a(1) ", 300), strings.Repeat("p(X) :- q(X), X = Y.a(1).\n", 50), "a(\u00a0).", "`")
	bad := 0
	for _, src := range srcs {
		_, err := parse.Unit(strings.NewReader(src))
		got := syntaxErrors(src, maxPackErrors)
		if got.cut {
			t.Fatalf("cut at %d errors:\n%q", got.n, src)
		}
		if got.n == 0 {
			continue // no syntax error: parse.Unit's, if any, is its visitor's
		}
		bad++
		if err == nil || got.text != err.Error() {
			t.Errorf("syntaxErrors:\n%s\nparse.Unit: %v\nof %q", got.text, err, src)
		}
	}
	if bad < len(srcs)/3 {
		t.Errorf("only %d of %d sources have syntax errors", bad, len(srcs))
	}

	src := strings.Repeat("a(1) ", 30) // one error a statement
	_, err := parse.Unit(strings.NewReader(src))
	all := strings.SplitAfter(err.Error(), "\n")
	got := syntaxErrors(src, 10)
	if !got.cut || got.n != 10 || got.text != strings.Join(all[:10], "") {
		t.Fatalf("cut %v after %d:\n%s", got.cut, got.n, got.text)
	}
	if next := fmt.Sprintf("%d:%d ", got.line, got.col); !strings.HasPrefix(all[10], next) {
		t.Errorf("cut at %s, the next error is %s", next, all[10])
	}
}

// FuzzSyntaxErrorsAreMangles: whatever the source, syntaxErrors finds
// parse.Unit's syntax errors, the same text.
func FuzzSyntaxErrorsAreMangles(f *testing.F) {
	for _, name := range BuiltinNames() {
		b, err := packFS.ReadFile("packs/" + name + ".mg")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b[:min(len(b), 1<<10)]))
	}
	for _, s := range []string{"a(.", "a(1) a(1)", "p(X) :- X = Y.a(1).", "\"", "Decl p(X) bound [", "sig(N, S) :- cur(N, _, _) |> let S = fn:plus(1, 2)."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 2<<10 { // Mangle's parser is slow on garbage
			return
		}
		_, err, panicked := wholeUnit(src)
		if panicked {
			return
		}
		var got syntaxReport
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("syntaxErrors panicked where parse.Unit did not: %v\n%q", r, src)
				}
			}()
			got = syntaxErrors(src, maxPackErrors)
		}()
		if got.n > 0 && (err == nil || got.text != err.Error()) {
			t.Fatalf("syntaxErrors:\n%s\nparse.Unit: %v\nof %q", got.text, err, src)
		}
	})
}

// collapse is strings.Fields joined by one space, whatever the text.
func TestCollapseIsFieldsJoined(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u2028b", "é b", "a\x00b", "a\x7fb", "p(X) :- q(X)."} {
		if got, want := collapse(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapse(%q) = %q, want %q", s, got, want)
		}
	}
}
