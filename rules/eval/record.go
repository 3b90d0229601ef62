package eval

import (
	"fmt"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/engine"
	"github.com/google/mangle/factstore"
	"github.com/google/mangle/functional"
	"github.com/google/mangle/unionfind"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/facts"
	"reuselab/rules/pack"
)

// Provenance. Mangle v0.4.0 keeps none: a derived fact does not say which
// clause made it. So, when Options.Provenance is set, the driver keeps each
// level's facts (what it fed and what the pack derived, over the base the
// level read) and, before the next level changes the base, proves every head
// fact the driver reads (sig/2, foldtype/2, fold/3, alias/3, rewrite/4) of
// the level's nodes by backward chaining, as Mangle's later "simple"
// provenance mode does: a clause whose head unifies with the fact, its
// premises matched in order by Mangle's own top-down premise evaluation
// (engine.QueryContext.EvalPremise: store lookups, builtins, fn:
// expressions, negation; let-transforms by engine.EvalTransform), and every
// premise the pack derived proved the same way, down to fed, schema and
// table facts. Across levels the proof stops at the fed arg/5 facts, whose
// operands are canonical: why those operands are one node is their own
// proof, at their own level (package rules/explain joins them).
//
// Everything is bounded: a proof by its depth and size (Proof.How "cut"
// says where), the whole record by a node budget (Outcome.ProofsCut), the
// premise search by its steps.

// How a proof step holds (Proof.How).
const (
	HowClause    = "clause"    // derived by the clause at Pos, from Premises
	HowFed       = "fed"       // fed by the driver for this level (cur/3, arg/5, argstr/2, keyargs/2, constop/3, edge/2)
	HowPublished = "published" // published by the driver from a lower level (folded/1, eswz/4, a folded node's constant facts)
	HowSchema    = "schema"    // the graph's schema facts
	HowTable     = "table"     // a fact written in the pack
	HowVirtual   = "virtual"   // computed by Go (m/5, num9/2, tjoin/3, …)
	HowCarried   = "carried"   // a carried predicate's fact of a lower level's class (# carries:)
	HowBuiltin   = "builtin"   // a comparison or an fn: expression that held
	HowAbsent    = "absent"    // a negated premise: no such fact
	HowTransform = "transform" // a let or do transform applied to the body's row
	HowCut       = "cut"       // not followed further (depth or size bound, or a cycle)
	HowFailed    = "failed"    // Contrast only: the first premise with no match
)

// Proof is one step of a derivation: a fact (or a premise, instantiated by
// the substitution that matched) and how it holds.
type Proof struct {
	Fact     string
	How      string
	Pos      diag.Pos // the clause, for HowClause
	Clause   string   // its text, for HowClause
	Note     string   // e.g. the value an expression gave, or why a step was cut
	Premises []*Proof
}

// Size counts the steps of p.
func (p *Proof) Size() int {
	if p == nil {
		return 0
	}
	n := 1
	for _, c := range p.Premises {
		n += c.Size()
	}
	return n
}

// Contrast is what stopped a clause that derived a signature of one node
// from deriving the same signature for another (explain on two nodes that
// are not one node): the premises that held, in order, and the first one
// that did not, instantiated as far as the match got.
type Contrast struct {
	From, To int    // the clause derived Sig for From; it was tried for To
	Sig      string // From's signature
	Pos      diag.Pos
	Clause   string
	Held     []*Proof
	Failed   *Proof // nil: the clause derives Sig for To too (the nodes share it)
}

// Bounds of the record.
const (
	proofDepth          = 12     // clause steps from a head fact down
	proofSize           = 400    // steps in one head fact's proof
	recordBudgetDefault = 200000 // steps in one outcome
	searchSteps         = 20000  // premise solutions tried to match one clause
	contrastMax         = 8      // contrasts kept per pair
)

// recordBudget is recordBudgetDefault; a test lowers it.
var recordBudget = recordBudgetDefault

type ruleAt struct {
	clause ast.Clause
	pos    diag.Pos
	text   string
}

// recorder proves the head facts of each level while its store is whole.
type recorder struct {
	pr      *pack.Program
	rules   map[ast.PredicateSym][]ruleAt
	static  map[ast.PredicateSym]bool
	fed     map[ast.PredicateSym]bool
	publish map[ast.PredicateSym]bool
	schema  map[ast.PredicateSym]bool
	virtual map[ast.PredicateSym]bool
	budget  int
	byPred  map[ast.PredicateSym][]ast.Clause
	// focus: the nodes whose facts are proved — the watched nodes and
	// everything below them (all nodes when nothing is watched).
	focus []bool
	// Carried predicates (# carries:): a premise reads P@below, the merged
	// facts of a lower class; each level's own P facts (carried, in the
	// header's order) are proved and kept by predicate and arguments after
	// the node, for those premises.
	below   map[ast.PredicateSym]ast.PredicateSym
	carried []ast.PredicateSym
	own     map[string][]ownProof
	find    func(int32) int32
	watch   map[int]bool
	// For the watched nodes (explain's pair): their level store and the
	// clause behind each head fact, for Contrasts.
	watchOrder []int
	rounds     map[int]factstore.ReadOnlyFactStore
	heads      map[int][]headRule
	out        *Outcome
}

type ownProof struct {
	node  int
	proof *Proof
}

type headRule struct {
	fact ast.Atom
	rule *ruleAt
}

// headPreds are the level facts the driver applies: what a proof is kept for.
var headPreds = []ast.PredicateSym{pack.PredSig, pack.PredFoldType, pack.PredFold, pack.PredAlias, pack.PredRewrite}

func newRecorder(g *ir.Graph, p *pack.Pack, out *Outcome, watch []int) *recorder {
	pr := p.Program(pack.Level)
	r := &recorder{pr: pr, rules: map[ast.PredicateSym][]ruleAt{}, static: map[ast.PredicateSym]bool{},
		fed:     map[ast.PredicateSym]bool{pack.PredCur: true, pack.PredArg: true, pack.PredArgStr: true, pack.PredKeyArgs: true, pack.PredConstOp: true, pack.PredEdge: true},
		publish: map[ast.PredicateSym]bool{pack.PredFolded: true, pack.PredESwz: true},
		schema:  map[ast.PredicateSym]bool{}, virtual: map[ast.PredicateSym]bool{},
		budget: recordBudget, watch: map[int]bool{}, rounds: map[int]factstore.ReadOnlyFactStore{}, out: out}
	for _, s := range facts.SchemaPredicates {
		r.schema[s] = true
	}
	for _, s := range facts.VirtualPredicates {
		r.virtual[s] = true
	}
	for _, s := range []ast.PredicateSym{pack.PredTJoin, pack.PredFLE, pack.PredFFinite} {
		r.virtual[s] = true
	}
	r.below, r.own = map[ast.PredicateSym]ast.PredicateSym{}, map[string][]ownProof{}
	for _, c := range p.Carries {
		r.below[c.Below()] = c.Pred
		r.carried = append(r.carried, c.Pred)
	}
	for _, a := range pr.Static {
		r.static[a.Predicate] = true
	}
	at := clausePositions(p)
	for _, c := range pr.Info.Rules {
		ra := ruleAt{clause: c, text: shortText(c.String())}
		if s, ok := at[clauseKey(c)]; ok {
			ra.pos, ra.text = s.Pos, shortText(s.Text)
		}
		r.rules[c.Head.Predicate] = append(r.rules[c.Head.Predicate], ra)
	}
	r.heads = map[int][]headRule{}
	for _, w := range watch {
		if !r.watch[w] {
			r.watch[w] = true
			r.watchOrder = append(r.watchOrder, w)
		}
	}
	if len(watch) > 0 {
		r.focus = cone(g, watch)
	}
	r.byPred = map[ast.PredicateSym][]ast.Clause{}
	for p, rs := range r.rules {
		for _, ra := range rs {
			r.byPred[p] = append(r.byPred[p], ra.clause)
		}
	}
	out.Proofs = map[int][]*Proof{}
	return r
}

// clausePositions maps each parsed clause of the pack, blanks removed, to
// the statement it was written as: Mangle's parser keeps no positions, the
// pack loader does (pack.Statement).
func clausePositions(p *pack.Pack) map[string]pack.Statement {
	m := map[string]pack.Statement{}
	for _, s := range p.Statements() {
		if s.Clause != nil {
			if _, dup := m[clauseKey(*s.Clause)]; !dup {
				m[clauseKey(*s.Clause)] = s
			}
		}
	}
	return m
}

// clauseKey is a clause as Mangle prints it, blanks removed and a carried
// premise's P@below read as P (the loader renames it, rules/pack/carries.go).
func clauseKey(c ast.Clause) string {
	if len(c.Premises) == 0 && c.Transform == nil {
		return compact(c.Head.String() + ".")
	}
	return compact(strings.ReplaceAll(c.String(), "@below(", "("))
}

func compact(s string) string { return strings.Join(strings.Fields(s), "") }

// level proves the head facts of the level's nodes over its store (read
// through the carrier's layer, as the evaluation read it).
func (r *recorder) level(ids []int, round *facts.Tee, read factstore.ReadOnlyFactStore) {
	defer func() {
		// a proof that cannot be made never stops the evaluation
		if p := recover(); p != nil {
			r.out.ProofsCut = true
			r.budget = 0
		}
	}()
	in := make(map[int]bool, len(ids))
	for _, i := range ids {
		in[i] = true
		if r.watch[i] {
			r.rounds[i] = read
		}
	}
	for _, sym := range append(append([]ast.PredicateSym(nil), headPreds...), r.carried...) {
		var heads []ast.Atom
		_ = round.Out.GetFacts(ast.NewQuery(sym), func(a ast.Atom) error {
			if i, ok := facts.IntArg(a.Args[0]); ok && in[i] && (r.focus == nil || r.focus[i]) {
				heads = append(heads, a)
			}
			return nil
		})
		for _, a := range heads {
			i, _ := facts.IntArg(a.Args[0])
			if r.budget <= 0 {
				r.out.ProofsCut = true
				return
			}
			// the budget counts steps: this fact's, then its premises' as
			// each clause is expanded
			p, ra := r.prove(read, a, 0, map[string]bool{}, &proofBudget{left: min(proofSize, r.budget) - 1})
			r.budget -= p.Size()
			if r.isCarried(sym) {
				k := ownKey(sym, a.Args[1:])
				r.own[k] = append(r.own[k], ownProof{node: i, proof: p})
				continue
			}
			r.out.Proofs[i] = append(r.out.Proofs[i], p)
			if r.watch[i] && ra != nil {
				r.heads[i] = append(r.heads[i], headRule{fact: a, rule: ra})
			}
		}
	}
	r.contrast()
}

type proofBudget struct{ left int }

func (r *recorder) query(store factstore.ReadOnlyFactStore) engine.QueryContext {
	return engine.QueryContext{PredToRules: r.byPred, PredToDecl: r.pr.Info.Decls, Store: store}
}

// cone is the watched nodes and every node they read, transitively (the
// build graph is in topological order: inputs have lower ids).
func cone(g *ir.Graph, watch []int) []bool {
	in := make([]bool, len(g.Nodes))
	for _, w := range watch {
		if w >= 0 && w < len(in) {
			in[w] = true
		}
	}
	for i := len(g.Nodes) - 1; i >= 0; i-- {
		if !in[i] {
			continue
		}
		g.Nodes[i].Inputs(func(r ir.Ref) {
			if r.Node >= 0 && r.Node < len(in) {
				in[r.Node] = true
			}
		})
	}
	return in
}

// prove derives fact by backward chaining over store: the first clause
// whose premises match, each derived premise proved in turn.
func (r *recorder) prove(store factstore.ReadOnlyFactStore, fact ast.Atom, depth int, path map[string]bool, b *proofBudget) (*Proof, *ruleAt) {
	key := FactText(fact)
	cut := &Proof{Fact: key, How: HowCut, Note: "not followed: the proof is bounded in depth and size"}
	if depth > proofDepth {
		return cut, nil
	}
	path[key] = true
	defer delete(path, key)
	qc := r.query(store)
	for k := range r.rules[fact.Predicate] {
		ra := &r.rules[fact.Predicate][k]
		m := r.matchClause(qc, ra.clause, fact, path)
		if !m.ok {
			continue
		}
		p := &Proof{Fact: key, How: HowClause, Pos: ra.pos, Clause: ra.text}
		if len(ra.clause.Premises) == 0 && ra.clause.Transform == nil {
			p.How, p.Clause = HowTable, "" // a fact written in the pack
		}
		steps := len(ra.clause.Premises)
		if ra.clause.Transform != nil {
			steps++
		}
		if b.left < steps {
			return cut, nil
		}
		b.left -= steps
		for k, prem := range ra.clause.Premises {
			p.Premises = append(p.Premises, r.premise(store, prem, m.subst, depth, path, b))
			if k == len(ra.clause.Premises)-1 && ra.clause.Transform != nil {
				p.Premises = append(p.Premises, transformStep(*ra.clause.Transform, m))
			}
		}
		return p, ra
	}
	return &Proof{Fact: key, How: HowCut, Note: "no clause re-derives it within the search bound"}, nil
}

// premise is the proof step of one matched premise under subst.
func (r *recorder) premise(store factstore.ReadOnlyFactStore, t ast.Term, subst unionfind.UnionFind, depth int, path map[string]bool, b *proofBudget) *Proof {
	switch p := t.(type) {
	case ast.Atom:
		a, err := functional.EvalAtom(p, subst)
		if err != nil {
			return &Proof{Fact: FactText(p.ApplySubst(subst).(ast.Atom)), How: HowBuiltin, Note: shortText(err.Error())}
		}
		if a.Predicate.IsBuiltin() {
			return &Proof{Fact: builtinString(a), How: HowBuiltin}
		}
		a = matched(store, a)
		if _, ok := r.below[a.Predicate]; ok {
			return r.carriedStep(a)
		}
		if len(r.rules[a.Predicate]) > 0 && !r.static[a.Predicate] {
			if path[FactText(a)] {
				return &Proof{Fact: FactText(a), How: HowCut, Note: "proved above (a cycle)"}
			}
			p, _ := r.prove(store, a, depth+1, path, b)
			return p
		}
		return &Proof{Fact: FactText(a), How: r.how(store, a)}
	case ast.NegAtom:
		a, err := functional.EvalAtom(p.Atom, subst)
		if err != nil {
			return &Proof{Fact: "!" + FactText(p.Atom.ApplySubst(subst).(ast.Atom)), How: HowAbsent, Note: shortText(err.Error())}
		}
		if orig, ok := r.below[a.Predicate]; ok {
			a.Predicate = orig
			return &Proof{Fact: "!" + FactText(a), How: HowAbsent, Note: "the operand's class carries no such fact"}
		}
		return &Proof{Fact: "!" + FactText(a), How: HowAbsent}
	case ast.Eq:
		return &Proof{Fact: shortText(p.ApplySubst(subst).String()), How: HowBuiltin, Note: evalNote(p.Right, subst)}
	case ast.Ineq:
		return &Proof{Fact: shortText(p.ApplySubst(subst).String()), How: HowBuiltin}
	}
	return &Proof{Fact: shortText(t.String()), How: HowBuiltin}
}

func (r *recorder) isCarried(sym ast.PredicateSym) bool {
	for _, p := range r.carried {
		if p == sym {
			return true
		}
	}
	return false
}

func ownKey(sym ast.PredicateSym, args []ast.BaseTerm) string {
	var b strings.Builder
	b.WriteString(sym.Symbol)
	for _, a := range args {
		b.WriteString("\x00" + a.String())
	}
	return b.String()
}

// carriedStep is a premise that read a carried fact of a lower class: the
// fact as the pack derives it, and the proof one member of the class had
// for it at its own level (none when the merge made a fact no member
// derived, an interval's intersection say).
func (r *recorder) carriedStep(a ast.Atom) *Proof {
	orig := r.below[a.Predicate]
	shown := ast.Atom{Predicate: orig, Args: a.Args}
	p := &Proof{Fact: FactText(shown), How: HowCarried}
	x, ok := facts.IntArg(a.Args[0])
	if !ok {
		return p
	}
	for _, op := range r.own[ownKey(orig, a.Args[1:])] {
		if r.find != nil && r.find(int32(op.node)) == r.find(int32(x)) {
			p.Note = fmt.Sprintf("carried by the class of b%d, derived for b%d at its level", x, op.node)
			p.Premises = []*Proof{op.proof}
			return p
		}
	}
	p.Note = fmt.Sprintf("carried by the class of b%d: merged from its members' facts", x)
	return p
}

// how says where a fact the pack does not derive comes from.
func (r *recorder) how(store factstore.ReadOnlyFactStore, a ast.Atom) string {
	switch {
	case r.fed[a.Predicate]:
		return HowFed
	case r.publish[a.Predicate]:
		return HowPublished
	case r.virtual[a.Predicate]:
		return HowVirtual
	case r.static[a.Predicate]:
		return HowTable
	case r.schema[a.Predicate]:
		// A folded node's constant facts are the driver's, from its level.
		if (a.Predicate == facts.PredConstant || a.Predicate == facts.PredCVal || a.Predicate == facts.PredCWidth) && len(a.Args) > 0 {
			if has(store, ast.Atom{Predicate: pack.PredFolded, Args: a.Args[:1]}) {
				return HowPublished
			}
		}
		return HowSchema
	}
	return HowTable
}

// matched is the stored fact an atom with wildcards left matched.
func matched(store factstore.ReadOnlyFactStore, a ast.Atom) ast.Atom {
	ground := true
	for _, t := range a.Args {
		if _, ok := t.(ast.Variable); ok {
			ground = false
		}
	}
	if ground {
		return a
	}
	out := a
	_ = store.GetFacts(a, func(f ast.Atom) error { out = f; return errStopSearch })
	return out
}

// builtinString prints a comparison as written (X < Y), other builtins as
// Mangle does.
func builtinString(a ast.Atom) string {
	ops := map[string]string{":lt": "<", ":le": "<=", ":gt": ">", ":ge": ">="}
	if op, ok := ops[a.Predicate.Symbol]; ok && len(a.Args) == 2 {
		return fmt.Sprintf("%s %s %s", termText(a.Args[0]), op, termText(a.Args[1]))
	}
	return FactText(a)
}

func has(store factstore.ReadOnlyFactStore, a ast.Atom) bool {
	found := false
	_ = store.GetFacts(a, func(ast.Atom) error { found = true; return errStopSearch })
	return found
}

// evalNote is the value an expression gave, when it is one.
func evalNote(t ast.BaseTerm, subst unionfind.UnionFind) string {
	if _, ok := t.(ast.ApplyFn); !ok {
		return ""
	}
	v, err := functional.EvalExpr(t, subst)
	if err != nil {
		return shortText(err.Error())
	}
	return "= " + Shorten(v.String(), maxTermBytes)
}

func transformString(t ast.Transform) string {
	var parts []string
	for _, s := range t.Statements {
		if s.Var != nil {
			parts = append(parts, fmt.Sprintf("let %s = %s", s.Var.Symbol, s.Fn))
		} else {
			parts = append(parts, "do "+s.Fn.String())
		}
	}
	return strings.Join(parts, ", ")
}

type stopSearch struct{}

func (stopSearch) Error() string { return "stop" }

var errStopSearch error = stopSearch{}
