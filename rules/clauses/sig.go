package clauses

import (
	"fmt"
	"strconv"
	"strings"

	"reuselab/ir"
	"reuselab/prove"
)

// A signature is a string; two nodes whose signatures are equal become
// one. To prove a sig/2 clause for all graphs, every pair of clauses
// whose signatures can be equal is taken (the clause with itself too):
// when the two strings can be read back into their parts one way only,
// equal strings mean equal parts, so the pair's bodies are joined with
// the parts unified, and the claim is that the two nodes are equal. Pairs
// whose strings can never be equal (another literal prefix, a key of
// another op) are skipped. A refutation needs only that the parts, made
// equal, make the strings equal, which always holds.

// seg is one part of a signature: a literal, or a variable with the
// letters its values can have.
type seg struct {
	lit   string
	v     string
	class segClass
	node  string // a key's node variable
}

type segClass uint8

const (
	anyText  segClass = iota
	intText           // an id or a pin: digits and '-'
	nameText          // a type or op name: letters and digits
	keyText           // a node's key: its op, then '|', then anything
)

func (c segClass) allows(b byte) bool {
	isDigit := b >= '0' && b <= '9'
	isLetter := (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z')
	switch c {
	case intText:
		return isDigit || b == '-'
	case nameText:
		return isDigit || isLetter
	}
	return true
}

// signature reads the segments of S in a's premises: fn:string:concat's
// arguments, a key, or why it cannot.
func signature(lits []lit, sub subst, s term) ([]seg, string) {
	s = sub.walk(s)
	if !s.isVar() {
		return []seg{{lit: s.String()}}, ""
	}
	for _, l := range lits {
		switch {
		case l.kind == eqLit && l.fn == "fn:string:concat" && sub.walk(l.args[0]) == s:
			var out []seg
			for _, a := range l.fargs {
				a = sub.walk(a)
				if !a.isVar() {
					switch a.c.k {
					case kStr:
						out = appendLit(out, a.c.s)
					case kInt:
						out = appendLit(out, strconv.FormatInt(a.c.i, 10))
					default:
						return nil, fmt.Sprintf("builds its signature from the constant %s, which is not a string or an int", a)
					}
					continue
				}
				out = append(out, classify(lits, sub, a))
			}
			return out, ""
		case l.kind == atomLit && (l.pred == "key/2" || l.pred == "swzkey/2") && sub.walk(l.args[1]) == s:
			return []seg{classify(lits, sub, s)}, ""
		case l.kind == atomLit && l.pred == "keyargs/2" && sub.walk(l.args[1]) == s:
			// its shape (a key, then the slots) still tells it apart
			return []seg{{v: s.v, class: keyText, node: sub.walk(l.args[0]).v}}, readsWhy["keyargs/2"]
		}
	}
	return nil, fmt.Sprintf("its signature %s is not built in its body by fn:string:concat", s)
}

func appendLit(out []seg, s string) []seg {
	if s == "" {
		return out
	}
	if len(out) > 0 && out[len(out)-1].v == "" {
		out[len(out)-1].lit += s
		return out
	}
	return append(out, seg{lit: s})
}

// classify says what letters variable v can hold, from where the body
// reads it.
func classify(lits []lit, sub subst, v term) seg {
	out := seg{v: v.v}
	at := func(t term) bool { return sub.walk(t) == v }
	for _, l := range lits {
		if l.kind != atomLit {
			continue
		}
		a := l.args
		switch l.pred {
		case "key/2", "swzkey/2":
			if at(a[1]) {
				out.class, out.node = keyText, sub.walk(a[0]).v
				if l.pred == "swzkey/2" {
					out.node = "Swizzle"
				}
				return out
			}
		case "arg/5":
			if at(a[0]) || at(a[1]) || at(a[3]) || at(a[4]) {
				out.class = intText
			}
		case "operand/4":
			if at(a[0]) || at(a[1]) || at(a[2]) || at(a[3]) {
				out.class = intText
			}
		case "output/4":
			if at(a[0]) || at(a[1]) {
				out.class = intText
			}
			if at(a[3]) {
				out.class = nameText
			}
		case "cur/3":
			if at(a[0]) || at(a[2]) {
				out.class = intText
			}
			if at(a[1]) {
				out.class = nameText
			}
		}
	}
	return out
}

// decodable: equal strings of this shape have equal parts. Parts are
// read from the left while each variable cannot hold the first letter of
// the literal after it, from the right likewise; one variable may be
// left in the middle (it is the rest).
func decodable(segs []seg) bool {
	l := 0
	for l < len(segs) {
		s := segs[l]
		if s.v == "" {
			l++
			continue
		}
		if l+1 < len(segs) && segs[l+1].v == "" && !s.class.allows(segs[l+1].lit[0]) {
			l++
			continue
		}
		break
	}
	r := len(segs) - 1
	for r >= 0 {
		s := segs[r]
		if s.v == "" {
			r--
			continue
		}
		if r-1 >= 0 && segs[r-1].v == "" && !s.class.allows(segs[r-1].lit[len(segs[r-1].lit)-1]) {
			r--
			continue
		}
		break
	}
	return r < l || (r == l && segs[l].v != "")
}

// sameShape: the literals and the kinds of part line up; merged widens
// each part's letters to both sides'.
func sameShape(a, b []seg) ([]seg, bool) {
	if len(a) != len(b) {
		return nil, false
	}
	out := make([]seg, len(a))
	for i := range a {
		if (a[i].v == "") != (b[i].v == "") || a[i].lit != b[i].lit {
			return nil, false
		}
		out[i] = a[i]
		if a[i].class != b[i].class {
			out[i].class = anyText
		}
	}
	return out, true
}

// prefixOf is the text every string of this shape starts with, as far as
// it is known: its leading literal, or a key's op and '|' when the key's
// node has a pinned op; op is false when it starts with the key of a node
// of any op.
func prefixOf(segs []seg, ops map[string]string) (text string, anyOp bool) {
	if len(segs) == 0 {
		return "", false
	}
	s := segs[0]
	switch {
	case s.v == "":
		return s.lit, false
	case s.class == keyText:
		if op, ok := ops[s.node]; ok {
			return op + "|", false
		}
		if s.node == "Swizzle" {
			return "Swizzle|", false
		}
		return "", true
	}
	return "", false
}

// disjoint: no string of shape a is a string of shape b, by their
// starts: two literals that differ, or a literal whose text before its
// first '|' is no op's name against a key of any op.
func disjoint(a, b []seg, opsA, opsB map[string]string) bool {
	pa, anyA := prefixOf(a, opsA)
	pb, anyB := prefixOf(b, opsB)
	notOp := func(p string) bool {
		i := strings.IndexByte(p, '|')
		if i < 0 {
			return false
		}
		_, isOp := ir.ParseOp(p[:i])
		return !isOp
	}
	switch {
	case anyA && anyB:
		return false
	case anyA:
		return notOp(pb)
	case anyB:
		return notOp(pa)
	}
	n := min(len(pa), len(pb))
	return pa[:n] != pb[:n]
}

// opsOf lists the node variables whose op the body pins (cur/3, node/3).
func opsOf(lits []lit, sub subst) map[string]string {
	m := map[string]string{}
	for _, l := range lits {
		if l.kind == atomLit && (l.pred == "cur/3" || l.pred == "node/3") {
			if op, ok := strArg(sub, l.args[1]); ok {
				m[sub.walk(l.args[0]).v] = op
			}
		}
	}
	return m
}

// sig judges a sig/2 clause against every sig/2 clause of the pack.
func (j *judge) sig(i int) outcome {
	a := rename(j.all[i], "~a")
	altsA, why := j.u.expandOrWhy(a, subst{})
	if why != "" {
		return outcome{why: why}
	}
	var o outcome
	// the clause itself first, then the file's, then the base's: the
	// first reason met is the one said
	order := []int{i}
	for _, ownFirst := range []bool{true, false} {
		for k, c := range j.all {
			if k != i && c.pred == "sig/2" && (j.stmts[k].Pos.File == j.stmts[i].Pos.File) == ownFirst {
				order = append(order, k)
			}
		}
	}
	for _, k := range order {
		c := j.all[k]
		b := rename(c, "~b")
		own := j.stmts[k].Pos.File == j.stmts[i].Pos.File
		var altsB []alt
		if own && c.why == "" {
			if altsB, why = j.u.expand(b, subst{}); why != "" {
				altsB = nil
			}
		}
		if altsB == nil {
			// the other clause read as written: enough to tell its
			// signatures apart by how they start
			altsB = []alt{{lits: b.body, sub: subst{}}}
		}
		for _, x := range altsA {
			segA, whyA := signature(x.lits, x.sub, a.head[1])
			if whyA != "" {
				o.worse(outcome{why: whyA})
				return o
			}
			for _, y := range altsB {
				segB, whyB := signature(y.lits, y.sub, b.head[1])
				if segB != nil && disjoint(segA, segB, opsOf(x.lits, x.sub), opsOf(y.lits, y.sub)) {
					continue
				}
				if !own || whyB != "" || c.why != "" {
					if whyB == "" {
						whyB = c.why
					}
					if whyB == "" {
						whyB = "a clause of the pack it extends, judged with that pack"
					}
					o.worse(outcome{why: fmt.Sprintf("its signatures may equal those of %s, which is not proved with it (%s)", c.at, whyB)})
					return o
				}
				merged, ok := sameShape(segA, segB)
				if !ok || !decodable(merged) {
					o.worse(outcome{why: fmt.Sprintf("its signature cannot be read back into its parts one way only, against %s", c.at)})
					return o
				}
				o.worse(j.sigPair(x, y, segA, segB, a.head[0], b.head[0]))
				if o.refuted != "" {
					return o
				}
			}
		}
	}
	return o
}

// sigPair joins two bodies whose signatures are made equal part by part
// and claims their nodes equal.
func (j *judge) sigPair(x, y alt, segA, segB []seg, na, nb term) outcome {
	sub := x.sub.clone()
	for k, v := range y.sub {
		sub[k] = v
	}
	for k := range segA {
		if segA[k].v != "" && !sub.unify(term{v: segA[k].v}, term{v: segB[k].v}) {
			return outcome{}
		}
	}
	lits := append(append([]lit(nil), x.lits...), y.lits...)
	p := newPattern(alt{lits: lits, sub: sub})
	err := p.read(lits)
	if err == nil {
		err = p.settle()
	}
	if err == errDead {
		return outcome{}
	}
	if err != nil {
		return outcome{why: err.Error()}
	}
	ins, err := p.instances(nil)
	if err != nil {
		return outcome{why: err.Error()}
	}
	var o outcome
	for _, in := range ins {
		ra, okA := in.at[varOf(p.sub, na)]
		rb, okB := in.at[varOf(p.sub, nb)]
		if !okA || !okB {
			return outcome{why: "its node is not an op the body names"}
		}
		if !j.decide(&o, p, in, claim{pairs: [][2]side{{{s: prove.Output(ra)}, {s: prove.Output(rb)}}}}, "two nodes of one signature") {
			break
		}
	}
	return o
}
