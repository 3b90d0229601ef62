package eval

import (
	"crypto/sha256"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/google/mangle/ast"

	"reuselab/diag"
)

// What an evaluation hands back is bounded whatever the pack derives: a
// pack whose signatures are 16 MB strings made explain build 2.3 GB of
// text in the parent, and a 4 MB pack of arity mistakes shipped 1.16M
// diagnostics back (issue 28). So every string an Outcome carries is cut
// to a cap, long terms shortened with their size said, and its
// diagnostics to the first maxPackDiags and one "N more" (capOutcome):
// in the child before it sends the outcome, and again in the parent when
// it receives one, so that neither side trusts the other to have done it.
const (
	// maxTermBytes bounds one string constant of a recorded fact or
	// signature: a Custom node's HLSL key fits, a runaway concatenation
	// does not.
	maxTermBytes = 1 << 10
	// maxTextBytes bounds a text made of terms: a proof step's fact, a
	// clause as written, a note, a diagnostic's message, a file name.
	maxTextBytes = 8 << 10
	// maxSigsPerNode bounds the signatures recorded for one node.
	maxSigsPerNode = 64
	// maxPackDiags is the diagnostics of one pack kept, one fewer than a
	// command prints per file, so that the "N more" line fits too.
	maxPackDiags = diag.MaxPerFile - 1
	// maxProofSteps bounds the proof steps an outcome carries: the
	// recorder's budget, and room for the contrasts.
	maxProofSteps = 2 * recordBudgetDefault
)

// Shorten returns s when it has at most maxLen bytes (at least 128), and
// otherwise its head cut at a character boundary and what was cut:
// "...[N bytes, sha256 0123456789abcdef]". The digest keeps two shortened
// strings equal only when the strings were, so that signatures still
// compare; the result has at most maxLen bytes, so shortening twice changes
// nothing.
func Shorten(s string, maxLen int) string {
	if len(s) <= maxLen {
		return s
	}
	sum := sha256.Sum256([]byte(s))
	tail := fmt.Sprintf("...[%d bytes, sha256 %x]", len(s), sum[:8])
	cut := max(maxLen-len(tail), 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + tail
}

// ShortTerm is a string term (a signature, a fold's type) as an outcome
// carries it.
func ShortTerm(s string) string { return Shorten(s, maxTermBytes) }

func shortText(s string) string { return Shorten(s, maxTextBytes) }

// FactText is how an outcome writes a fact: as Mangle prints it, each
// string argument shortened to a term (ShortTerm) before it is escaped and
// any other argument's text shortened, so that a fact written from a
// recorded signature reads the same as the fact the proof recorded.
func FactText(a ast.Atom) string {
	var b strings.Builder
	b.WriteString(a.Predicate.Symbol)
	b.WriteByte('(')
	for i, t := range a.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(termText(t))
	}
	b.WriteByte(')')
	return shortText(b.String())
}

// termText is a term as FactText writes it. A string is shortened before
// it is quoted, never after, so that a string already shortened reads the
// same.
func termText(t ast.BaseTerm) string {
	if c, ok := t.(ast.Constant); ok && c.Type == ast.StringType {
		if len(c.Symbol) > maxTermBytes {
			return ast.String(ShortTerm(c.Symbol)).String()
		}
		return c.String()
	}
	return Shorten(t.String(), maxTermBytes)
}

// shortSigs is a node's signatures as an outcome records them.
func shortSigs(sigs []string, node int) []string {
	if len(sigs) > maxSigsPerNode {
		more := len(sigs) - maxSigsPerNode
		sigs = append(sigs[:maxSigsPerNode:maxSigsPerNode], fmt.Sprintf("…[%d more signatures of b%d]", more, node))
	}
	for k, s := range sigs {
		sigs[k] = ShortTerm(s)
	}
	return sigs
}

// capOutcome bounds every string and list of o (see the consts above).
func capOutcome(o *Outcome) {
	o.Diags = capDiags(o.Diags)
	for i := range o.Sigs {
		o.Sigs[i] = shortSigs(o.Sigs[i], i)
	}
	for i, f := range o.Fold {
		if len(f.Type) > maxTermBytes || len(f.Vals) > 4 {
			// not a fold the driver makes: checkOutcome refuses it, by
			// what it says rather than by its size
			f.Type, f.Vals = ShortTerm(f.Type), f.Vals[:min(len(f.Vals), 5)]
			o.Fold[i] = f
		}
	}
	for i, rw := range o.Rewrite {
		if len(rw.Mask) > 4 {
			rw.Mask = Shorten(rw.Mask, 128)
			o.Rewrite[i] = rw
		}
	}
	steps := 0
	cut := func(p *Proof) {
		steps++
		p.Fact, p.Clause, p.Note = shortText(p.Fact), shortText(p.Clause), shortText(p.Note)
		p.Pos.File = shortText(p.Pos.File)
		if steps > maxProofSteps {
			p.Premises, p.How, p.Note = nil, HowCut, "not followed: the outcome's proof steps are bounded"
			o.ProofsCut = true
		}
	}
	seen := map[*Proof]bool{}
	var stack []*Proof
	walk := func(roots ...*Proof) {
		stack = append(stack[:0], roots...)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if p == nil || seen[p] {
				continue
			}
			seen[p] = true
			cut(p)
			stack = append(stack, p.Premises...)
		}
	}
	for _, ps := range o.Proofs {
		walk(ps...)
	}
	for k := range o.Contrasts {
		c := &o.Contrasts[k]
		c.Sig, c.Clause, c.Pos.File = ShortTerm(c.Sig), shortText(c.Clause), shortText(c.Pos.File)
		walk(c.Held...)
		walk(c.Failed)
	}
	if o.Profile != nil {
		for k := range o.Profile.Clauses {
			c := &o.Profile.Clauses[k]
			c.Head, c.Clause, c.Error, c.Pos.File = shortText(c.Head), shortText(c.Clause), shortText(c.Error), shortText(c.Pos.File)
		}
	}
}

// capDiags keeps the first maxPackDiags diagnostics, each message and file
// name cut to maxTextBytes, and says how many more there were in one info
// DSH8293 (diag.CodeMore) at the last one kept. An error is never the
// only kind left out: the first one dropped takes the last place kept.
// Capping capped diagnostics changes nothing: an earlier "N more" is
// counted, not kept.
func capDiags(ds []diag.Diagnostic) []diag.Diagnostic {
	more, firstErr := 0, -1
	var kept []diag.Diagnostic
	for k, d := range ds {
		if d.Code == diag.CodeMore && d.Severity == diag.Info {
			more += moreCount(d.Message)
			continue
		}
		if len(kept) < maxPackDiags {
			kept = append(kept, shortDiag(d))
			continue
		}
		more++
		if d.Severity == diag.Error && firstErr < 0 {
			firstErr = k
		}
	}
	if more == 0 {
		return kept
	}
	if firstErr >= 0 && !anyError(kept) {
		kept[len(kept)-1] = shortDiag(ds[firstErr])
	}
	at := diag.Pos{Line: 1, Col: 1}
	if len(kept) > 0 {
		at = kept[len(kept)-1].Pos
	}
	return append(kept, diag.Diagnostic{Pos: at, Severity: diag.Info, Code: diag.CodeMore,
		Message: fmt.Sprintf("%d more diagnostics of this pack not shown", more)})
}

func shortDiag(d diag.Diagnostic) diag.Diagnostic {
	d.Message, d.Pos.File, d.Code = shortText(d.Message), shortText(d.Pos.File), Shorten(d.Code, 128)
	return d
}

func anyError(ds []diag.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == diag.Error {
			return true
		}
	}
	return false
}

// moreCount reads the N of an "N more diagnostics" info.
func moreCount(msg string) int {
	f, _, _ := strings.Cut(msg, " ")
	n, err := strconv.Atoi(f)
	if err != nil || n < 0 {
		return 1
	}
	return n
}
