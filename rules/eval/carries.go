package eval

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// Analyses across levels: the driver's half of `# carries:` (the pack's
// half, the header and what each merge rule means, is rules/pack/carries.go).
//
// Why the carried facts are not published into the base store, as folds
// are: a class's facts change when a member joins it at a later level (an
// interval narrows, an agreed fact goes), and the base store never forgets.
// So the level programs read them through carryStore, a thin layer over a
// phase's store that answers the carried predicates' premises (renamed by
// the pack loader to Carry.Below) from the classes' current facts, while
// the heads derive the level's own facts into the phase's store as before.
// The level stratification is untouched: the level program is not
// recursive through a carried predicate (its premises read an extensional
// predicate), so nothing is derived and joined in one round (pitfall 1),
// negation and aggregation over carried facts stratify, and the merge is
// Go's, between levels, not a lattice (pitfall 4).

// CodeCarryDisagree: members of a class carry interval facts that do not
// meet, so the class carries none (a warning: one of the pack's facts is
// unsound; the merges already made are kept).
const CodeCarryDisagree = "DSH9311"

// maxCarryWarnings bounds the disagreement warnings of one evaluation.
const maxCarryWarnings = 8

// r5Tolerance is how far apart, relatively, two values R5 takes as equal
// may be: the dedupe key prints numbers to 9 significant digits, so two
// that print alike differ by less than one unit of the ninth.
const r5Tolerance = 1e-8

// maxTerms bounds a tjoin/3 multiset: a longer one has no fact.
const maxTerms = 32

type carrier struct {
	e      *evaluator
	specs  []pack.Carry
	index  map[ast.PredicateSym]int
	state  []map[int32]*classFacts // per spec: class root → its merged facts
	joins  [][2]int32              // class ra joined rb, in the order of this level's unions
	warned int
}

// classFacts are the merged facts of one class for one carried predicate:
// the arguments after the node, keyed by their text.
type classFacts struct {
	keys []string
	rows map[string][]ast.BaseTerm
	dead map[string]bool // interval keys whose members disagreed
}

func newClassFacts() *classFacts { return &classFacts{rows: map[string][]ast.BaseTerm{}} }

// needsCarrier reports whether a pack reads anything only the carrier
// serves; packs that do not are evaluated without the extra layer.
func needsCarrier(p *pack.Pack) bool {
	if len(p.Carries) > 0 {
		return true
	}
	for _, st := range p.Statements() {
		if st.Clause == nil {
			continue
		}
		for _, t := range st.Clause.Premises {
			sym, ok := premisePredicate(t)
			if !ok {
				continue
			}
			for _, h := range pack.CarryHelpers {
				if sym == h {
					return true
				}
			}
		}
	}
	return false
}

// carryStore wraps a phase's store for a pack that carries predicates or
// reads the carrier's helpers; other packs get store itself.
func (e *evaluator) carryStore(store factstore.FactStore) factstore.FactStore {
	if e.carry == nil {
		if !needsCarrier(e.pack) {
			return store
		}
		c := &carrier{e: e, specs: e.pack.Carries, index: map[ast.PredicateSym]int{}}
		for k, sp := range c.specs {
			c.index[sp.Below()] = k
			c.state = append(c.state, map[int32]*classFacts{})
		}
		e.carry = c
	}
	return &carryStore{FactStore: store, c: e.carry}
}

// carryJoined records that class ra joined class rb (union's hook).
func (e *evaluator) carryJoined(ra, rb int32) {
	if e.carry != nil && len(e.carry.specs) > 0 {
		e.carry.joins = append(e.carry.joins, [2]int32{ra, rb})
	}
}

// carryLevel is the end of a level: the level's nodes' own facts (from
// the phase's store), merged into their classes in the order the unions
// happened.
func (e *evaluator) carryLevel(round *facts.Tee, ids []int) {
	c := e.carry
	if c == nil || len(c.specs) == 0 {
		return
	}
	in := make(map[int]bool, len(ids))
	for _, i := range ids {
		if e.out.Class[i] >= 0 { // aliased nodes join no class: their readers read the target
			in[i] = true
		}
	}
	for k, sp := range c.specs {
		own := map[int32]*classFacts{}
		_ = round.Out.GetFacts(ast.NewQuery(sp.Pred), func(a ast.Atom) error {
			i, ok := facts.IntArg(a.Args[0])
			if !ok || !in[i] {
				return nil // a fact about a node outside the level: ignored
			}
			cf := own[int32(i)]
			if cf == nil {
				cf = newClassFacts()
				own[int32(i)] = cf
			}
			c.addOwn(sp, cf, int32(i), a.Args[1:])
			return nil
		})
		st := c.state[k]
		for _, i := range ids {
			if in[i] {
				if cf := own[int32(i)]; cf != nil {
					st[int32(i)] = cf
				} else if sp.Merge == pack.MergeAgree {
					st[int32(i)] = newClassFacts() // derived nothing: vetoes every fact
				}
			}
		}
		for _, j := range c.joins {
			c.merge(sp, st, j[0], j[1])
		}
	}
	c.joins = c.joins[:0]
}

// addOwn adds one fact a node derived to its own facts.
func (c *carrier) addOwn(sp pack.Carry, cf *classFacts, node int32, args []ast.BaseTerm) {
	if sp.Merge != pack.MergeInterval {
		cf.add(termsKey(args), append([]ast.BaseTerm(nil), args...))
		return
	}
	n := len(args)
	key := termsKey(args[:n-2])
	lo, ok1 := facts.FloatArg(args[n-2])
	hi, ok2 := facts.FloatArg(args[n-1])
	row := append(append([]ast.BaseTerm(nil), args[:n-2]...), ast.Float64(lo), ast.Float64(hi))
	if !ok1 || !ok2 || math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
		c.warn(sp, node, fmt.Sprintf("b%d derived the interval %s, which is empty or not numbers", node, termsKey(args)))
		cf.kill(key)
		return
	}
	other := newClassFacts()
	other.add(key, row)
	c.meet(sp, cf, other, node)
}

// merge folds class ra's facts into rb's (ra joined rb).
func (c *carrier) merge(sp pack.Carry, st map[int32]*classFacts, ra, rb int32) {
	a, b := st[ra], st[rb]
	delete(st, ra)
	switch sp.Merge {
	case pack.MergeFirst:
		if (b == nil || len(b.keys) == 0) && a != nil {
			st[rb] = a
		}
	case pack.MergeAll:
		if a == nil {
			return
		}
		if b == nil {
			st[rb] = a
			return
		}
		for _, k := range a.keys {
			b.add(k, a.rows[k])
		}
	case pack.MergeAgree:
		if a == nil || b == nil {
			st[rb] = newClassFacts() // a member that derived nothing
			return
		}
		kept := newClassFacts()
		for _, k := range b.keys {
			if _, ok := a.rows[k]; ok {
				kept.add(k, b.rows[k])
			}
		}
		st[rb] = kept
	case pack.MergeInterval:
		if a == nil {
			return
		}
		if b == nil {
			st[rb] = a
			return
		}
		c.meet(sp, b, a, rb)
	}
}

// meet intersects other's intervals into cf, key by key; a key whose
// intervals do not meet is dead for the class (no fact, a warning).
func (c *carrier) meet(sp pack.Carry, cf, other *classFacts, root int32) {
	for k := range other.dead {
		cf.kill(k)
	}
	for _, k := range other.keys {
		if cf.dead[k] {
			continue
		}
		o := other.rows[k]
		cur, ok := cf.rows[k]
		if !ok {
			cf.add(k, o)
			continue
		}
		n := len(o)
		lo1, _ := facts.FloatArg(cur[n-2])
		hi1, _ := facts.FloatArg(cur[n-1])
		lo2, _ := facts.FloatArg(o[n-2])
		hi2, _ := facts.FloatArg(o[n-1])
		lo, hi := math.Max(lo1, lo2), math.Min(hi1, hi2)
		if lo > hi && lo-hi <= r5Tolerance*math.Max(math.Abs(lo), math.Abs(hi)) {
			// Equal only to R5's 9 significant digits (two constants, a
			// fold and a constant): the value is in the gap between them.
			lo, hi = hi, lo
		}
		if lo > hi {
			c.warn(sp, root, fmt.Sprintf("the class of b%d has the intervals [%g, %g] and [%g, %g]%s, which do not meet", root, lo1, hi1, lo2, hi2, keyNote(k)))
			cf.kill(k)
			continue
		}
		row := append(append([]ast.BaseTerm(nil), cur[:n-2]...), ast.Float64(lo), ast.Float64(hi))
		cf.rows[k] = row
	}
}

func keyNote(k string) string {
	if k == "" {
		return ""
	}
	return " for " + k
}

func (cf *classFacts) add(k string, row []ast.BaseTerm) {
	if _, ok := cf.rows[k]; ok {
		return
	}
	cf.keys = append(cf.keys, k)
	cf.rows[k] = row
}

func (cf *classFacts) kill(k string) {
	if cf.dead == nil {
		cf.dead = map[string]bool{}
	}
	cf.dead[k] = true
	if _, ok := cf.rows[k]; ok {
		delete(cf.rows, k)
		for i, x := range cf.keys {
			if x == k {
				cf.keys = append(cf.keys[:i:i], cf.keys[i+1:]...)
				break
			}
		}
	}
}

func (c *carrier) warn(sp pack.Carry, node int32, what string) {
	c.warned++
	if c.warned > maxCarryWarnings {
		return
	}
	msg := fmt.Sprintf("carried %s: %s: the class carries no %s fact there (equal values cannot lie in disjoint intervals: one of the pack's facts is unsound)", sp, what, sp.Pred.Symbol)
	if c.warned == maxCarryWarnings {
		msg += "; further disagreements are not reported"
	}
	c.e.out.Diags = append(c.e.out.Diags, diag.Diagnostic{Pos: sp.At, Severity: diag.Warning, Code: CodeCarryDisagree, Message: msg})
}

func termsKey(args []ast.BaseTerm) string {
	var b strings.Builder
	for i, t := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.String())
	}
	return b.String()
}

// classOf is the class root whose carried facts node x reads, if x was
// decided below: its class, or the class of what it is aliased to through
// output 0.
func (c *carrier) classOf(x int) (int32, bool) {
	e := c.e
	if x < 0 || x >= len(e.out.Class) {
		return 0, false
	}
	if a, ok := e.out.Alias[x]; ok {
		if a.Out != 0 || a.Node < 0 {
			return 0, false
		}
		return e.find(int32(a.Node)), true
	}
	if !e.done(x) {
		return 0, false
	}
	return e.find(int32(x)), true
}

// carryStore answers the carried predicates for the nodes below the level
// and the carrier's helpers; everything else goes to the phase's store.
type carryStore struct {
	factstore.FactStore
	c *carrier
}

func (s *carryStore) GetFacts(a ast.Atom, cb func(ast.Atom) error) error {
	switch a.Predicate {
	case pack.PredFLE:
		x, ok1 := facts.FloatArg(a.Args[0])
		y, ok2 := facts.FloatArg(a.Args[1])
		if ok1 && ok2 && x <= y { // false for a NaN
			return cb(a)
		}
		return nil
	case pack.PredFFinite:
		x, ok := facts.FloatArg(a.Args[0])
		if ok && !math.IsInf(x, 0) && !math.IsNaN(x) {
			return cb(a)
		}
		return nil
	case pack.PredTJoin:
		return serveTJoin(a, cb)
	case pack.PredLanesFit:
		n, ok1 := facts.IntArg(a.Args[0])
		x, ok2 := facts.IntArg(a.Args[1])
		if ok1 && ok2 && s.c.lanesFit(n, x) {
			return cb(a)
		}
		return nil
	}
	if strings.HasSuffix(a.Predicate.Symbol, belowSuffix) { // a cheap test before the map
		if k, ok := s.c.index[a.Predicate]; ok {
			return s.carried(k, a, cb) // only the driver holds them
		}
	}
	return s.FactStore.GetFacts(a, cb)
}

const belowSuffix = "@below"

// carried emits the class facts of spec k that match a.
func (s *carryStore) carried(k int, a ast.Atom, cb func(ast.Atom) error) error {
	st := s.c.state[k]
	emit := func(head ast.BaseTerm, cf *classFacts) error {
		for _, key := range cf.keys {
			f := ast.Atom{Predicate: a.Predicate, Args: append([]ast.BaseTerm{head}, cf.rows[key]...)}
			if factstore.Matches(a.Args, f.Args) {
				if err := cb(f); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if c, ok := a.Args[0].(ast.Constant); ok {
		x, ok := facts.IntArg(c)
		if !ok {
			return nil
		}
		r, ok := s.c.classOf(x)
		if !ok || st[r] == nil {
			return nil
		}
		return emit(c, st[r])
	}
	roots := make([]int32, 0, len(st))
	for r := range st {
		roots = append(roots, r)
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i] < roots[j] })
	for _, r := range roots {
		if s.c.e.find(r) == r {
			if err := emit(s.c.e.num(int(r)), st[r]); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *carryStore) Contains(a ast.Atom) bool {
	switch a.Predicate {
	case pack.PredFLE, pack.PredFFinite, pack.PredTJoin, pack.PredLanesFit:
		found := false
		_ = s.GetFacts(a, func(f ast.Atom) error {
			found = found || f.Equals(a)
			return nil
		})
		return found
	}
	if k, ok := s.c.index[a.Predicate]; ok && strings.HasSuffix(a.Predicate.Symbol, belowSuffix) {
		found := false
		_ = s.carried(k, a, func(f ast.Atom) error {
			found = found || f.Equals(a)
			return nil
		})
		return found
	}
	return s.FactStore.Contains(a)
}

// serveTJoin answers tjoin(S1, S2, S): S is the multiset union of the term
// lists S1 and S2 (terms joined by ",", each sorted), sorted; no fact past
// maxTerms terms.
func serveTJoin(a ast.Atom, cb func(ast.Atom) error) error {
	s1, ok1 := facts.StringArg(a.Args[0])
	s2, ok2 := facts.StringArg(a.Args[1])
	if !ok1 || !ok2 {
		return nil
	}
	var ts []string
	if s1 != "" {
		ts = append(ts, strings.Split(s1, ",")...)
	}
	if s2 != "" {
		ts = append(ts, strings.Split(s2, ",")...)
	}
	if len(ts) > maxTerms {
		return nil
	}
	sort.Strings(ts)
	out := ast.Atom{Predicate: a.Predicate, Args: []ast.BaseTerm{a.Args[0], a.Args[1], ast.String(strings.Join(ts, ","))}}
	if !factstore.Matches(a.Args, out.Args) {
		return nil
	}
	return cb(out)
}

// lanesFit reports whether every lane of n's output 0 reads a lane x's
// output 0 holds, in the build graph and after x's fold: x has one lane
// (it broadcasts) or at least n's (ir/interp's Value.Lane reads 0 past a
// value's width).
func (c *carrier) lanesFit(n, x int) bool {
	g := c.e.g
	if n < 0 || x < 0 || n >= len(g.Nodes) || x >= len(g.Nodes) || len(g.Nodes[n].Outputs) == 0 || len(g.Nodes[x].Outputs) == 0 {
		return false
	}
	w := ir.TypeWidth(g.Nodes[n].Outputs[0].Type)
	fits := func(k int) bool { return k == 1 || (k >= w && k > 0) }
	if w == 0 || !fits(ir.TypeWidth(g.Nodes[x].Outputs[0].Type)) {
		return false
	}
	if _, vals, ok := c.e.base.Published(x); ok { // a fold of a level below
		return fits(len(vals))
	}
	return true
}
