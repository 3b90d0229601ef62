package explain

import (
	"fmt"
	"strings"

	"reuselab/rules/eval"
)

// Report is an explanation: printed as text (String) or written as JSON
// (its fields; schema/explain-json.schema.json).
type Report struct {
	Pack string `json:"pack"`
	A    Node   `json:"a"`
	B    Node   `json:"b"`
	// Same: the two are one node; Into is then the survivor's build id.
	Same bool `json:"same"`
	Into *int `json:"into,omitempty"`
	// Because is the reasoning, a tree: each line with the derivation of
	// the fact it states, and the lines that explain it.
	Because []*Line `json:"because"`
	// Cut: a bound stopped the explanation or a derivation somewhere
	// (depth, size, or the evaluation's record budget).
	Cut bool `json:"cut"`
}

// Node is one build node as explain names it.
type Node struct {
	ID   int    `json:"id"`   // build id (bN)
	Expr string `json:"expr"` // b12 = Add(b3, b4)
}

// Line is one statement of the explanation.
type Line struct {
	Text string `json:"text"`
	// Derivation proves the fact the line states: the clause (file, line,
	// text) and the facts it matched, recursively (rules/eval, record.go).
	Derivation *Step `json:"derivation,omitempty"`
	// Contrasts: for two nodes that are not one node, each clause that
	// gave one of them a signature, tried for the other, and the first
	// premise that failed.
	Contrasts []*Contrast `json:"contrasts,omitempty"`
	Because   []*Line     `json:"because,omitempty"`
	// Claim is the merge, fold, alias or rewrite the line states; Evidence
	// how well it was checked, filled by the caller (evidence.go).
	Claim    *Claim    `json:"claim,omitempty"`
	Evidence *Evidence `json:"evidence,omitempty"`
	depth    int
	// evidenceAfter is how many of the lines under this one continue its
	// derivation (the other node's signature, a fold's components): the
	// evidence is printed after them, before the operands' explanations.
	evidenceAfter int
}

// Step is one step of a derivation: a fact or an instantiated premise and
// how it holds (eval.How*: clause, fed, published, schema, table, virtual,
// builtin, absent, transform, cut, failed).
type Step struct {
	Fact     string  `json:"fact"`
	How      string  `json:"how"`
	File     string  `json:"file,omitempty"`
	Line     int     `json:"line,omitempty"`
	Clause   string  `json:"clause,omitempty"`
	Note     string  `json:"note,omitempty"`
	Premises []*Step `json:"premises,omitempty"`
}

// Contrast is eval.Contrast with build ids named.
type Contrast struct {
	From   int     `json:"from"`
	To     int     `json:"to"`
	Sig    string  `json:"sig"`
	File   string  `json:"file,omitempty"`
	Line   int     `json:"line,omitempty"`
	Clause string  `json:"clause"`
	Held   []*Step `json:"held"`
	Failed *Step   `json:"failed,omitempty"`
}

func step(p *eval.Proof) *Step {
	if p == nil {
		return nil
	}
	s := &Step{Fact: p.Fact, How: p.How, Clause: p.Clause, Note: p.Note, File: p.Pos.File, Line: p.Pos.Line}
	for _, c := range p.Premises {
		s.Premises = append(s.Premises, step(c))
	}
	return s
}

func (s *Step) cut() bool {
	if s == nil {
		return false
	}
	if s.How == eval.HowCut {
		return true
	}
	for _, c := range s.Premises {
		if c.cut() {
			return true
		}
	}
	return false
}

// String prints the report as explain's text: the two nodes, the verdict,
// then the reasoning indented by depth, each derivation under its line. A
// derived fact is proved once: where it comes again, its clause is named
// and its premises are not repeated (the JSON form repeats them).
func (r *Report) String() string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, l := range r.Because {
		l.write(&b, 0, seen)
	}
	return b.String()
}

func indent(b *strings.Builder, depth int) { b.WriteString(strings.Repeat("  ", depth)) }

func (l *Line) write(b *strings.Builder, depth int, seen map[string]bool) {
	indent(b, depth)
	b.WriteString(l.Text)
	b.WriteByte('\n')
	if l.Derivation != nil {
		l.Derivation.write(b, depth+1, seen)
	}
	for _, c := range l.Contrasts {
		c.write(b, depth+1)
	}
	for i, c := range l.Because {
		if i == l.evidenceAfter && l.Evidence != nil {
			l.Evidence.write(b, depth+1)
		}
		c.write(b, depth+1, seen)
	}
	if len(l.Because) <= l.evidenceAfter && l.Evidence != nil {
		l.Evidence.write(b, depth+1)
	}
}

func (s *Step) write(b *strings.Builder, depth int, seen map[string]bool) {
	indent(b, depth)
	b.WriteString(s.Fact)
	switch s.How {
	case eval.HowClause:
		if s.File != "" {
			fmt.Fprintf(b, "  by %s:%d: %s", s.File, s.Line, s.Clause)
		} else if s.Clause != "" {
			fmt.Fprintf(b, "  by %s", s.Clause)
		}
	default:
		b.WriteString("  " + s.How)
		if s.File != "" {
			fmt.Fprintf(b, ", %s:%d", s.File, s.Line)
		}
	}
	if s.Note != "" {
		b.WriteString(" (" + s.Note + ")")
	}
	if s.How == eval.HowClause && len(s.Premises) > 0 {
		if seen[s.Fact] {
			b.WriteString(" (derived above)\n")
			return
		}
		seen[s.Fact] = true
	}
	b.WriteByte('\n')
	for _, c := range s.Premises {
		c.write(b, depth+1, seen)
	}
}

func (c *Contrast) write(b *strings.Builder, depth int) {
	indent(b, depth)
	at := ""
	if c.File != "" {
		at = fmt.Sprintf("%s:%d: ", c.File, c.Line)
	}
	clause := strings.TrimSuffix(c.Clause, ".")
	if c.Failed == nil {
		fmt.Fprintf(b, "b%d's signature %q (%s%s) holds for b%d too\n", c.From, c.Sig, at, clause, c.To)
		return
	}
	fmt.Fprintf(b, "the clause that gave b%d the signature %q, %s%s, tried for b%d:\n", c.From, c.Sig, at, clause, c.To)
	for _, h := range c.Held {
		indent(b, depth+1)
		fmt.Fprintf(b, "holds: %s  %s\n", h.Fact, h.How)
	}
	indent(b, depth+1)
	fmt.Fprintf(b, "fails: premise %d, %s", len(c.Held)+1, c.Failed.Fact)
	if c.Failed.Note != "" {
		fmt.Fprintf(b, " (%s)", c.Failed.Note)
	}
	b.WriteByte('\n')
}

// nest turns lines recorded with a depth into a tree.
func nest(flat []*Line) []*Line {
	var roots, stack []*Line
	for _, l := range flat {
		if l.depth > len(stack) {
			l.depth = len(stack) // a jump in depth: hang under the last line
		}
		stack = stack[:l.depth]
		if l.depth == 0 {
			roots = append(roots, l)
		} else {
			p := stack[l.depth-1]
			p.Because = append(p.Because, l)
		}
		stack = append(stack, l)
	}
	return roots
}
