package reduce

import (
	"bytes"
	"sort"
)

// candidate is one replacement of a source range; group orders the
// candidates (the start of the statement they belong to).
type candidate struct {
	at    span
	with  []byte
	group int
}

// exprCandidates lists every expression of every statement and Outputs
// binding with what it may become: each operand, each argument, the base
// of a member or index, the inside of parentheses, a property (a name no
// engine folds: a local's own type for a local, else the first float one,
// which widens to any vector), and the literals 1 and 0; and, in 1.x,
// every `if` with what it may become: its then arm or its else arm,
// unwrapped. The last statement comes first, outermost expression first:
// a sink shrunk early takes whole cones of statements with it once the
// dead code goes.
func exprCandidates(path string, src []byte) []candidate {
	p := parseProgram(path, src)
	if p == nil {
		return nil
	}
	out := append([]candidate(nil), p.extra...)
	for _, e := range p.exprs {
		add := func(with []byte) {
			if len(with) > 0 && !bytes.Equal(with, src[e.at.start:e.at.end]) {
				out = append(out, candidate{e.at, with, e.group})
			}
		}
		for _, k := range e.kids {
			add(src[k.start:k.end])
		}
		if e.literal {
			continue
		}
		typ := "float"
		if t, ok := p.types[e.name]; ok && e.name != "" && p.declared[e.name] == 1 {
			typ = t
		}
		add([]byte(p.placeholder(typ)))
		add([]byte("1"))
		add([]byte("0"))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].group > out[j].group })
	return out
}
