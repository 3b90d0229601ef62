package pack

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"reuselab/diag"
)

// Analyses across levels: `# carries:`.
//
// A pack lists the predicates it carries from one level to the next:
//
//	# carries: range/3 interval, terms/3 first
//
// Each item is NAME/ARITY MERGE, comma-separated; several `# carries:`
// lines add up. A carried predicate P is derived in phase level for the
// level's nodes, its first argument the node (P(N, …) with N a cur node;
// facts about other nodes are ignored). Once the level is decided, the
// driver keeps each class's merged facts, and every later level reads them
// under the class root, the id arg/5 and argstr/2 hand out (a build id of
// any lower member, or of a node aliased to one through output 0, reads
// them too). MERGE says how the facts of a class's members (each a value
// equal to the others) combine:
//
//	first     the leader's facts: the first member, in the order members
//	          joined, that derived any (a representation, not a truth
//	          about the value: one term multiset of several)
//	all       every member's facts (each is true of the class's value)
//	agree     only the facts every member derived (a member that derived
//	          none vetoes all)
//	interval  P(N, K…, Lo, Hi), Lo and Hi numbers: per key K… (the
//	          arguments between N and Lo, none for arity 3) the
//	          intersection of the members' intervals, and of a node's own
//	          facts. Members are equal to R5's precision only (constants
//	          compare at 9 significant digits), so two intervals that miss
//	          each other by at most 1e-8 of their magnitude meet in the gap
//	          between them. A class whose intervals do not meet (Lo > Hi,
//	          or a bound that is NaN or not a number) carries no fact for
//	          that key and the driver warns (DSH9311): equal values cannot
//	          lie in disjoint intervals, so one of the facts is unsound
//
// Members may join a class at a later level than its leader (a node folded
// at level 5 joins the class of a Constant at level 0): the class's facts
// are then merged again, and the levels above read the new ones; a level
// already evaluated is not revisited. An extending pack inherits its base
// pack's carries and may add its own (the same predicate twice is an
// error). Header errors are DSH9303 at the header line.

// Merge rules of a carried predicate.
const (
	MergeFirst    = "first"
	MergeAll      = "all"
	MergeAgree    = "agree"
	MergeInterval = "interval"
)

var mergeRules = []string{MergeFirst, MergeAll, MergeAgree, MergeInterval}

// Carry is one carried predicate of a pack.
type Carry struct {
	Pred  ast.PredicateSym
	Merge string
	At    diag.Pos // the header line (column of the item)
}

func (c Carry) String() string { return fmt.Sprintf("%s/%d %s", c.Pred.Symbol, c.Pred.Arity, c.Merge) }

// Helper predicates the driver serves in every phase (rules/eval/carries.go),
// for the analyses Mangle cannot compute: it has no float comparison and no
// sorting.
var (
	PredFLE     = ast.PredicateSym{Symbol: "fle", Arity: 2}     // fle(A, B): floats A <= B, neither NaN
	PredFFinite = ast.PredicateSym{Symbol: "ffinite", Arity: 1} // ffinite(F): F is a finite float
	PredTJoin   = ast.PredicateSym{Symbol: "tjoin", Arity: 3}   // tjoin(S1, S2, S): multiset union of term lists
	// lanesfit(N, X): every lane of N's output 0 reads a lane X holds (X
	// broadcasts or is as wide, folded or not), none a 0 past X's width.
	PredLanesFit = ast.PredicateSym{Symbol: "lanesfit", Arity: 2}
)

// CarryHelpers lists the predicates rules/eval/carries.go serves.
var CarryHelpers = []ast.PredicateSym{PredFLE, PredFFinite, PredTJoin, PredLanesFit}

// parseCarries reads every `# carries:` line of the leading comment block.
func parseCarries(file, src string, l *sink) ([]Carry, bool) {
	var out []Carry
	ok := true
	bad := func(line, col int, format string, args ...any) {
		l.Errorf(diag.Pos{File: file, Line: line, Col: col}, CodePackInterface, format, args...)
		ok = false
	}
	for k, raw := range headerLines(src) {
		line := strings.TrimSpace(raw)
		body := strings.TrimSpace(strings.TrimPrefix(line, "#"))
		v, found := strings.CutPrefix(body, "carries:")
		if !found {
			continue
		}
		base := strings.Index(raw, "carries:") + len("carries:")
		off := 0
		for item := range strings.SplitSeq(v, ",") {
			col := base + off + (len(item) - len(strings.TrimLeft(item, " \t"))) + 1
			off += len(item) + 1
			item = strings.TrimSpace(item)
			if item == "" {
				bad(k+1, col, "# carries: an empty item (the form is `# carries: NAME/ARITY MERGE, …`, MERGE one of %s)", strings.Join(mergeRules, ", "))
				continue
			}
			f := strings.Fields(item)
			if len(f) != 2 {
				bad(k+1, col, "# carries: %q is not NAME/ARITY MERGE (MERGE one of %s)", item, strings.Join(mergeRules, ", "))
				continue
			}
			name, ar, hasSlash := strings.Cut(f[0], "/")
			n, err := strconv.Atoi(ar)
			if !hasSlash || err != nil || n < 1 || n > 8 || !predicateName(name) {
				bad(k+1, col, "# carries: %q is not a predicate NAME/ARITY (a lower-case name, an arity 1..8)", f[0])
				continue
			}
			if !slices.Contains(mergeRules, f[1]) {
				bad(k+1, col, "# carries: %s: merge %q is not one of %s", f[0], f[1], strings.Join(mergeRules, ", "))
				continue
			}
			if f[1] == MergeInterval && n < 3 {
				bad(k+1, col, "# carries: %s: an interval is P(N, K…, Lo, Hi), arity 3 or more", f[0])
				continue
			}
			out = append(out, Carry{Pred: ast.PredicateSym{Symbol: name, Arity: n}, Merge: f[1], At: diag.Pos{File: file, Line: k + 1, Col: col}})
		}
	}
	return out, ok
}

func predicateName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// inheritCarries puts the base pack's carries first; a predicate carried
// twice is an error at the second one.
func inheritCarries(base, own []Carry, l *sink) ([]Carry, bool) {
	all := append(append([]Carry(nil), base...), own...)
	seen := map[string]Carry{}
	ok := true
	for _, c := range all {
		if prev, dup := seen[c.Pred.Symbol]; dup {
			l.Errorf(c.At, CodePackInterface, "# carries: %s is carried already (%s, at %s)", c.Pred.Symbol, prev, prev.At)
			ok = false
			continue
		}
		seen[c.Pred.Symbol] = c
	}
	return all, ok
}

// checkCarries holds the carried predicates to the clauses: each is derived
// with its arity, and none is a predicate of the interface.
func (p *Pack) checkCarries(heads map[ast.PredicateSym]bool, l *sink) {
	fixed := fixedArity()
	for _, c := range p.Carries {
		if ip, ok := fixed[c.Pred.Symbol]; ok {
			l.Errorf(c.At, CodePackInterface, "# carries: %s is a predicate of the pack interface (%s, %s): carry a predicate of your own", c.Pred.Symbol, ip.Use(), ip.Kind)
			continue
		}
		if slices.Contains(CarryHelpers, c.Pred) {
			l.Errorf(c.At, CodePackInterface, "# carries: %s is served by the driver", c.Pred.Symbol)
			continue
		}
		if !heads[c.Pred] {
			l.Errorf(c.At, CodePackInterface, "# carries: no clause derives %s/%d", c.Pred.Symbol, c.Pred.Arity)
		}
	}
}

func (p *Pack) carried() []ast.PredicateSym {
	var out []ast.PredicateSym
	for _, c := range p.Carries {
		out = append(out, c.Pred)
	}
	return out
}

// Below is the name under which a level's rules read the class facts of
// the levels below: a premise P(…) of a carried P is renamed to it before
// the phases are compiled, while a head P(N, …) keeps deriving the level's
// own. So the level program stays non-recursive (MANGLE.md: no same-round
// miss, no recursion through negation or aggregation), whatever the pack
// writes; the price is that a level cannot read its own nodes' P (they
// are merged only once the level's classes are decided).
func (c Carry) Below() ast.PredicateSym {
	return ast.PredicateSym{Symbol: c.Pred.Symbol + "@below", Arity: c.Pred.Arity}
}

// renameCarried returns unit with every premise of a carried predicate
// reading Below, and declares the Below predicates in extra.
func (p *Pack) renameCarried(unit parse.SourceUnit, extra map[ast.PredicateSym]ast.Decl) parse.SourceUnit {
	if len(p.Carries) == 0 {
		return unit
	}
	below := map[ast.PredicateSym]ast.PredicateSym{}
	for _, c := range p.Carries {
		below[c.Pred] = c.Below()
		extra[c.Below()] = ast.NewSyntheticDeclFromSym(c.Below())
	}
	out := parse.SourceUnit{Decls: unit.Decls}
	for _, cl := range unit.Clauses {
		prem := make([]ast.Term, len(cl.Premises))
		for i, t := range cl.Premises {
			switch a := t.(type) {
			case ast.Atom:
				if b, ok := below[a.Predicate]; ok {
					a.Predicate = b
				}
				prem[i] = a
			case ast.NegAtom:
				if b, ok := below[a.Atom.Predicate]; ok {
					a.Atom.Predicate = b
				}
				prem[i] = a
			default:
				prem[i] = t
			}
		}
		cl.Premises = prem
		out.Clauses = append(out.Clauses, cl)
	}
	return out
}

// basePack is one built-in pack a pack extends.
type basePack struct{ file, src string }

// bases is the chain of built-in packs src extends, farthest first (a pack
// that extends ranges extends reuse-2.0 too); missing names a base that is
// not a built-in.
func bases(src string) (chain []basePack, missing string) {
	for name := header(src, "extends"); name != "" && len(chain) < 8; name = header(src, "extends") {
		b, err := packFS.ReadFile("packs/" + name + ".mg")
		if err != nil {
			return nil, name
		}
		src = string(b)
		chain = append([]basePack{{"packs/" + name + ".mg", src}}, chain...)
	}
	return chain, ""
}
