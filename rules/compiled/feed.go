package compiled

import (
	"slices"
	"strings"

	"github.com/google/mangle/ast"

	"reuselab/ir"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// Feed holds the facts a driver hands one run directly, as rows of Vals:
// the level's cur/3, arg/5… never become atoms, nor are they looked up
// through a store. A fed predicate must have no facts in the store.
type Feed struct {
	in       *interner
	rels     map[ast.PredicateSym]*relation
	declared map[ast.PredicateSym]bool
	ops      []Val // Op's Vals, made in interner generation opsGen
	opsGen   int
	empty    Val // Str(""), made in interner generation opsGen
}

// FedRel is one fed predicate's rows, for a driver adding many.
type FedRel struct{ r *relation }

// Add feeds one fact.
func (fr FedRel) Add(args ...Val) { fr.r.appendRow(args) }

// Reserve makes room for n more rows, for a driver that knows about how
// many it will add: a relation grown row by row over a whole graph is
// allocated about twice over.
func (fr FedRel) Reserve(n int) {
	for k, c := range fr.r.cols {
		fr.r.cols[k] = slices.Grow(c, n)
	}
}

// Rel declares pred fed (Declare) and returns its rows.
func (f *Feed) Rel(pred ast.PredicateSym) FedRel {
	f.Declare(pred)
	return FedRel{f.rels[pred]}
}

// Op is Str(o.String()), without a lookup per node.
func (f *Feed) Op(o ir.Op) Val {
	if f.opsGen != f.in.gen {
		clear(f.ops)
		f.opsGen = f.in.gen
		f.empty = 0
	}
	for int(o) >= len(f.ops) {
		f.ops = append(f.ops, 0)
	}
	if f.ops[o] == 0 { // an interned Val is never 0: it has internedBit
		f.ops[o] = f.in.str(o.String())
	}
	return f.ops[o]
}

// Name is Str(s) for a slot's name: "" (nearly every slot) without a
// lookup.
func (f *Feed) Name(s string) Val {
	if s != "" {
		return f.in.str(s)
	}
	if f.opsGen != f.in.gen {
		clear(f.ops)
		f.opsGen = f.in.gen
		f.empty = 0
	}
	if f.empty == 0 {
		f.empty = f.in.str("")
	}
	return f.empty
}

// NewFeed is an empty feed for the next run in env; it reuses the storage
// of env's previous feed, and ends what that run left readable (Each).
func (e *Env) NewFeed() *Feed {
	if e.feed == nil {
		e.feed = &Feed{in: e.in, rels: map[ast.PredicateSym]*relation{}}
	}
	e.in.trim()
	for _, r := range e.feed.rels {
		r.reset()
	}
	clear(e.feed.declared)
	return e.feed
}

// Int and Str are the values a fed row holds.
func (f *Feed) Int(n int) Val      { return f.in.num(int64(n)) }
func (f *Feed) Str(s string) Val   { return f.in.str(s) }
func (f *Feed) Bytes(b []byte) Val { return f.in.strBytes(b) }

// Add feeds one fact of pred.
func (f *Feed) Add(pred ast.PredicateSym, args ...Val) {
	f.Declare(pred)
	f.rels[pred].appendRow(args)
}

// Fed reports whether pred was fed (even with no facts: Declare).
func (f *Feed) Fed(pred ast.PredicateSym) bool { return f.declared[pred] }

// Declare makes pred fed with no facts yet, so that a run reads it from
// the feed and not from the store.
func (f *Feed) Declare(pred ast.PredicateSym) {
	if f.declared == nil {
		f.declared = map[ast.PredicateSym]bool{}
	}
	if f.declared[pred] {
		return
	}
	f.declared[pred] = true
	if f.rels[pred] == nil {
		f.rels[pred] = newRelation(pred.Arity)
	}
}

// tablePredicate reports whether a predicate with initial facts and no
// rules is a pack's own table, whose facts are only its initial ones: not
// a predicate of the interface (schema, fed, virtual, derived for the
// driver), which the store also serves, nor a carried one.
func tablePredicate(sym ast.PredicateSym) bool {
	if strings.Contains(sym.Symbol, "@") {
		return false
	}
	for _, p := range pack.Interface {
		if p.Sym.Symbol == sym.Symbol {
			return false
		}
	}
	for _, p := range facts.SchemaPredicates {
		if p.Symbol == sym.Symbol {
			return false
		}
	}
	for _, p := range facts.VirtualPredicates {
		if p.Symbol == sym.Symbol {
			return false
		}
	}
	for _, p := range pack.CarryHelpers {
		if p.Symbol == sym.Symbol {
			return false
		}
	}
	return true
}
