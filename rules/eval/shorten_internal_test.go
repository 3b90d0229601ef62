package eval

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/google/mangle/ast"

	"reuselab/diag"
	"reuselab/ir"
)

func TestShortenIsBoundedIdempotentAndKeepsStringsApart(t *testing.T) {
	long := strings.Repeat("é", 5000) // two bytes a character: cuts fall inside one
	a, b := long+"a", long+"b"
	sa, sb := Shorten(a, 1024), Shorten(b, 1024)
	for _, s := range []string{sa, sb} {
		if len(s) > 1024 || !strings.Contains(s, fmt.Sprintf("...[%d bytes, sha256 ", len(a))) || !strings.HasPrefix(s, "éé") {
			t.Errorf("shortened to %d bytes: %.60q…%q", len(s), s, s[len(s)-40:])
		}
		if strings.ContainsRune(s, '\uFFFD') || !strings.HasPrefix(long, s[:strings.Index(s, "...[")]) {
			t.Errorf("cut inside a character: %q", s[strings.Index(s, "...[")-4:])
		}
		if Shorten(s, 1024) != s {
			t.Error("shortening twice changed the string")
		}
	}
	if sa == sb {
		t.Error("two strings that differ past the cut shorten alike")
	}
	if Shorten("short", 1024) != "short" {
		t.Error("a short string changed")
	}
}

// explain finds a derivation by writing the fact from a recorded
// (shortened) signature: it must read as the proof wrote the fact.
func TestFactTextOfAShortenedTermIsTheFactsText(t *testing.T) {
	long := strings.Repeat("x\"y", 1000)
	full := ast.Atom{Predicate: ast.PredicateSym{Symbol: "sig", Arity: 2}, Args: []ast.BaseTerm{ast.Number(4), ast.String(long)}}
	short := ast.Atom{Predicate: full.Predicate, Args: []ast.BaseTerm{ast.Number(4), ast.String(ShortTerm(long))}}
	if FactText(full) != FactText(short) {
		t.Errorf("%q\n!= %q", FactText(full), FactText(short))
	}
	if len(FactText(full)) > 2*maxTermBytes+64 { // escaping may double it
		t.Errorf("%d bytes", len(FactText(full)))
	}
	small := ast.Atom{Predicate: full.Predicate, Args: []ast.BaseTerm{ast.Number(4), ast.String("Add|x")}}
	if FactText(small) != small.String() {
		t.Errorf("a short fact reads %q, Mangle writes %q", FactText(small), small.String())
	}
}

func TestCapDiagsKeepsTheFirstAndCountsTheRest(t *testing.T) {
	var ds []diag.Diagnostic
	for k := range 1000 {
		ds = append(ds, diag.Diagnostic{Pos: diag.Pos{File: "p.mg", Line: k + 1, Col: 1}, Severity: diag.Warning, Code: "DSH9311", Message: "w"})
	}
	ds = append(ds, diag.Diagnostic{Pos: diag.Pos{File: "p.mg", Line: 2000, Col: 1}, Severity: diag.Error, Code: "DSH9307", Message: strings.Repeat("e", 1<<20)})
	c := capDiags(ds)
	if len(c) != maxPackDiags+1 {
		t.Fatalf("%d kept", len(c))
	}
	more := c[len(c)-1]
	if more.Code != diag.CodeMore || more.Message != "802 more diagnostics of this pack not shown" {
		t.Errorf("last: %s", more)
	}
	l := diag.List{Items: c}
	if !l.HasErrors() {
		t.Error("the one error was cut")
	}
	if e := c[len(c)-2]; e.Code != "DSH9307" || len(e.Message) > maxTextBytes {
		t.Errorf("the error kept: %s (%d bytes)", e.Code, len(e.Message))
	}
	again := capDiags(append([]diag.Diagnostic(nil), c...))
	if fmt.Sprint(again) != fmt.Sprint(c) {
		t.Error("capping capped diagnostics changed them")
	}
	if n := len(capDiags(ds[:10])); n != 10 {
		t.Errorf("ten diagnostics capped to %d", n)
	}
	// what a command prints of them is all of them: the cap fits its own
	printed := l.Report()
	if strings.Count(printed, "\n") != len(c) || !strings.Contains(printed, "802 more diagnostics of this pack") {
		t.Errorf("printed %d lines of %d", strings.Count(printed, "\n"), len(c))
	}
}

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n += k
	return k, err
}

func TestGobLimitRefusesALongMessageBeforeReadingIt(t *testing.T) {
	var stream bytes.Buffer
	enc := gob.NewEncoder(&stream)
	small := &Outcome{Stop: ir.StopSaturated, Live: []bool{true}}
	big := &Outcome{Stop: ir.StopSaturated, Sigs: [][]string{{strings.Repeat("s", 1<<20)}}}
	for _, o := range []*Outcome{small, small, big} {
		if err := enc.Encode(o); err != nil {
			t.Fatal(err)
		}
	}
	cr := &countingReader{r: &stream}
	dec := gob.NewDecoder(&gobLimit{r: cr, max: 64 << 10})
	for k := range 2 {
		var o Outcome
		if err := receive(dec, &o); err != nil || len(o.Live) != 1 {
			t.Fatalf("message %d under the cap: %v %+v", k, err, o)
		}
	}
	before := cr.n
	var o Outcome
	err := receive(dec, &o)
	var tl *errTooLong
	if !errors.As(err, &tl) || !tooLong(err) {
		t.Fatalf("a 1 MB message under a 64 KB cap: %v", err)
	}
	if read := cr.n - before; read > 16<<10 {
		t.Errorf("read %d bytes of the message it refused", read)
	}
}

func TestCappedBufferKeepsItsCap(t *testing.T) {
	c := &cappedBuffer{max: 10}
	for range 3 {
		if n, err := c.Write([]byte("12345678")); n != 8 || err != nil {
			t.Fatal(n, err)
		}
	}
	if len(c.buf) != 10 || c.over != 14 {
		t.Errorf("kept %d, over %d", len(c.buf), c.over)
	}
	if _, err := c.outcome(); !tooLong(err) || !strings.Contains(err.Error(), "24 bytes") {
		t.Errorf("%v", err)
	}
}
