package clauses

import (
	"fmt"
	"strings"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/prove"
	"reuselab/rules/pack"
)

// Verdict is what is known of a clause for every graph.
type Verdict uint8

const (
	// PerInstance: not provable this way (Reason says why); each merge,
	// fold, alias or rewrite it makes is to be proved where it is made.
	PerInstance Verdict = iota
	// ProvedForAll: its claim holds on every graph it fires on, in
	// float32 (or the prover's semantics).
	ProvedForAll
	// Refuted: a graph it fires on, with inputs, where its claim is false.
	Refuted
)

func (v Verdict) String() string {
	switch v {
	case ProvedForAll:
		return "proved for all graphs"
	case Refuted:
		return "refuted for all graphs"
	}
	return "per instance"
}

// Result is the verdict on one clause.
type Result struct {
	Pos     diag.Pos
	Head    string // "alias/3"
	Clause  string // as written, whitespace collapsed
	Verdict Verdict
	// Reason says how it was decided, or why it was not.
	Reason string
	// Witness (Refuted; also PerInstance when a refutation of the most
	// general pattern could not be confirmed on the clause itself): the
	// typed pattern graph, its widths, and the prover's witness.
	Witness string
	// Cases counts the typed graphs proved (ProvedForAll).
	Cases int
}

// Budget per clause: queries asked of the prover, and queries it did not
// decide (each bounded by the prover's Options.Timeout, so that a clause
// costs at most a few timeouts, whatever its pack).
const (
	maxQueries   = 600
	maxUndecided = 3
)

// targets are the heads the driver reads.
var targets = map[string]bool{"sig/2": true, "alias/3": true, "rewrite/4": true, "fold/3": true, "foldtype/2": true}

// Prove judges every clause of p's own file (the last of p.Files; a pack
// that extends reuse-2.0 is judged on its own clauses, the base's helpers
// unfolded) whose head the driver reads. p must be loaded with its
// clauses (pack.ParsePack or pack.Builtin; pack.OpenUser keeps none).
func Prove(p *pack.Pack, pr *prove.Prover) []Result {
	j := newJudge(p, pr)
	own := ""
	if len(p.Files) > 0 {
		own = p.Files[len(p.Files)-1]
	}
	var out []Result
	var foldtypes []int
	for i, c := range j.all {
		if j.stmts[i].Pos.File != own || !targets[c.pred] {
			continue
		}
		r := Result{Pos: j.stmts[i].Pos, Head: c.pred, Clause: j.stmts[i].Text}
		j.queries, j.undecided, j.kind = 0, 0, c.pred
		var o outcome
		switch {
		case c.why != "":
			o = outcome{why: c.why}
		case c.pred == "sig/2":
			o = j.sig(i)
		case c.pred == "fold/3":
			o = j.fold(i, own)
		case c.pred == "foldtype/2":
			foldtypes = append(foldtypes, len(out))
		default:
			o = j.single(i)
		}
		o.fill(&r)
		out = append(out, r)
	}
	for _, k := range foldtypes {
		out[k].Verdict, out[k].Reason = PerInstance, "no fold/3 clause of the file pairs with it"
		if o, ok := j.foldtype[fmt.Sprintf("%s:%d", out[k].Pos.File, out[k].Pos.Line)]; ok {
			o.fill(&out[k])
			out[k].Reason = "with its fold/3 clauses: " + out[k].Reason
		}
	}
	return out
}

// judge holds a pack's clauses read once.
type judge struct {
	pr    *prove.Prover
	stmts []pack.Statement
	all   []clauseIn // one per statement (a declaration: an empty clause)
	u     *unfolder
	// ownFolds: the file derives foldtype/2, so a node with a free
	// operand may fold by it (a witness cannot assume !folds then).
	ownFolds bool
	foldtype map[string]outcome // FILE:LINE of a foldtype/2 clause → its pairs' outcome
	// the budget of the clause being judged, and its head
	queries, undecided int
	kind               string
	// pre are the clauses whose facts win over others' (fold over alias
	// over rewrite and sig), with the ops their cur/3 can name
	pre []preempting
}

// fed are the predicates the driver or the schema supplies.
var fed = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range pack.Interface {
		switch p.Kind {
		case pack.KindSchema, pack.KindVirtual, pack.KindDriver:
			m[predName(p.Sym)] = true
		}
	}
	return m
}()

func newJudge(p *pack.Pack, pr *prove.Prover) *judge {
	j := &judge{pr: pr, stmts: p.Statements(), foldtype: map[string]outcome{}}
	j.u = &unfolder{defs: map[string][]clauseIn{}, carried: map[string]bool{}}
	for _, c := range p.Carries {
		j.u.carried[predName(c.Pred)] = true
	}
	own := ""
	if len(p.Files) > 0 {
		own = p.Files[len(p.Files)-1]
	}
	for _, s := range j.stmts {
		var c clauseIn
		if s.Clause != nil {
			c = convert(s.Clause, fmt.Sprintf("%s:%d", s.Pos.File, s.Pos.Line), s.Text)
			if !fed[c.pred] && !j.u.carried[c.pred] {
				j.u.defs[c.pred] = append(j.u.defs[c.pred], c)
			}
			if c.pred == "foldtype/2" && s.Pos.File == own {
				j.ownFolds = true
			}
		}
		j.all = append(j.all, c)
	}
	j.u.recursive = recursiveHelpers(j.u.defs)
	for k, c := range j.all {
		// the base's folds are R3's: every operand a constant, which
		// unmet already asks of a witness
		if rank[c.pred] >= 2 && (rank[c.pred] < 4 || j.stmts[k].Pos.File == own) {
			j.pre = append(j.pre, preempting{pred: c.pred, at: c.at, ops: j.u.curOps(c)})
		}
	}
	return j
}

// outcome gathers the cases of one clause.
type outcome struct {
	proved   int
	refuted  string // a confirmed witness
	reason   string // how a refutation was decided
	unsure   string // a refutation of the pattern the clause may not fire on
	why      string // a case not decided, or the clause not translated
	sawCases bool
}

func (o *outcome) worse(x outcome) {
	o.proved += x.proved
	o.sawCases = o.sawCases || x.sawCases
	if o.refuted == "" && x.refuted != "" {
		o.refuted, o.reason = x.refuted, x.reason
	}
	if o.unsure == "" {
		o.unsure = x.unsure
	}
	if o.why == "" {
		o.why = x.why
	}
}

func (o outcome) fill(r *Result) {
	switch {
	case o.refuted != "":
		r.Verdict, r.Reason, r.Witness = Refuted, o.reason, o.refuted
	case o.why != "":
		r.Verdict, r.Reason, r.Witness = PerInstance, o.why, o.unsure
	case o.unsure != "":
		r.Verdict, r.Reason, r.Witness = PerInstance, o.reason, o.unsure
	case !o.sawCases || o.proved == 0:
		r.Verdict, r.Reason = PerInstance, "no typed graph matches its pattern (the translator types float vectors as the front ends build them)"
	default:
		r.Verdict, r.Cases = ProvedForAll, o.proved
		r.Reason = fmt.Sprintf("proved on its most general pattern, %d typed graph(s)", o.proved)
	}
}

// side is one side of a claim: a value of the instance, or a constant.
type side struct {
	s     prove.Side
	konst []float64
}

// claim is what one instance must satisfy: every pair equal.
type claim struct{ pairs [][2]side }

// decide asks the prover about every pair of c on in, and records the
// outcome; restrictions are the premises the pattern dropped, checked on
// a witness before it counts as the clause's.
//
// It returns false when the pattern's remaining cases need not be asked:
// a case refuted, or not decided (a timeout on one width is as likely on
// the next).
func (j *judge) decide(o *outcome, p *pattern, in instance, c claim, what string) bool {
	o.sawCases = true
	for _, pair := range c.pairs {
		switch {
		case j.queries >= maxQueries:
			o.why = fmt.Sprintf("more than %d cases to prove", maxQueries)
			return false
		case j.undecided >= maxUndecided:
			if o.why == "" {
				o.why = fmt.Sprintf("%d cases were not decided", maxUndecided)
			}
			return false
		}
		j.queries++
		var v prove.Verdict
		if pair[1].konst != nil {
			v = j.pr.EqualsConst(in.g, pair[0].s, pair[1].konst)
		} else {
			v = j.pr.Equal(in.g, pair[0].s, pair[1].s)
		}
		switch v.Outcome {
		case prove.Proved:
			continue
		case prove.Unknown:
			if !v.Cached {
				j.undecided++
			}
			if o.why == "" {
				o.why = fmt.Sprintf("the prover did not decide the case %s: %s", in.cases, v.Reason)
			}
			return false
		}
		text := fmt.Sprintf("case %s; %s\npattern:\n%s%s", in.cases, what, indent(ir.DumpGraph(in.g)), v.Witness.String())
		if miss := j.unmet(p, in); miss != "" {
			if o.unsure == "" {
				o.unsure = text
				o.reason = fmt.Sprintf("its most general pattern is refuted (%s), but the witness may not be an instance of the clause: %s", v.Reason, miss)
				if o.why == "" {
					o.why = o.reason
				}
			}
			return false
		}
		if o.refuted == "" {
			o.refuted = text
			o.reason = fmt.Sprintf("refuted on its most general pattern (%s)", v.Reason)
		}
		return false
	}
	o.proved++
	return true
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return "    " + strings.Join(lines, "\n    ") + "\n"
}

// patterns expands clause i (renamed with sfx) into its patterns; a
// reason when it is not a fixed pattern.
func (j *judge) patterns(c clauseIn, sub subst) ([]*pattern, []alt, string) {
	alts, why := j.u.expandOrWhy(c, sub)
	if why != "" {
		return nil, nil, why
	}
	var ps []*pattern
	var live []alt
	for _, a := range alts {
		p := newPattern(a)
		err := p.read(a.lits)
		if err == nil {
			err = p.settle()
		}
		if err == errDead {
			continue
		}
		if err != nil {
			return nil, nil, err.Error()
		}
		ps = append(ps, p)
		live = append(live, a)
	}
	return ps, live, ""
}

// single judges an alias/3 or rewrite/4 clause.
func (j *judge) single(i int) outcome {
	c := rename(j.all[i], "")
	var o outcome
	ps, _, why := j.patterns(c, subst{})
	if why != "" {
		return outcome{why: why}
	}
	for _, p := range ps {
		head := make([]term, len(c.head))
		for k, t := range c.head {
			head[k] = p.sub.walk(t)
		}
		var extra []ref
		switch c.pred {
		case "alias/3":
			extra = []ref{{head[1], head[2]}}
		case "rewrite/4":
			extra = []ref{{head[1], head[2]}}
		}
		ins, err := p.instances(extra)
		if err != nil {
			o.worse(outcome{why: err.Error()})
			continue
		}
		for _, in := range ins {
			cl, err := j.headClaim(c.pred, p, in, head)
			if err != nil {
				o.worse(outcome{why: err.Error()})
				break
			}
			if !j.decide(&o, p, in, cl, c.pred) {
				break
			}
		}
		if o.refuted != "" {
			return o
		}
	}
	return o
}

func (j *judge) headClaim(pred string, p *pattern, in instance, head []term) (claim, error) {
	n := in.at[varOf(p.sub, head[0])]
	root := p.nodes[varOf(p.sub, head[0])]
	if root == nil || root.op == "" || root.op == "Constant" {
		return claim{}, fmt.Errorf("its head's node %s is not an op the body names", head[0])
	}
	to := in.ref(p, ref{head[1], head[2]})
	switch pred {
	case "alias/3":
		return claim{pairs: [][2]side{{{s: prove.Output(n)}, {s: prove.Output(to)}}}}, nil
	case "rewrite/4":
		if root.op != "Swizzle" {
			// the parent refuses any other rewrite (DSH9307)
			return claim{}, fmt.Errorf("it rewrites a %s, and the driver rewrites only Swizzles", root.op)
		}
		m, ok := strArg(p.sub, head[3])
		if !ok || m == "" || len(m) > 4 {
			return claim{}, fmt.Errorf("its mask is not pinned")
		}
		var cl claim
		for k, ch := range m {
			c := strings.IndexRune("xyzw", ch)
			if c < 0 {
				return claim{}, fmt.Errorf("its mask %q is not xyzw", m)
			}
			cl.pairs = append(cl.pairs, [2]side{{s: prove.Lane(n, k)}, {s: prove.Lane(to, c)}})
		}
		return cl, nil
	}
	return claim{}, fmt.Errorf("no claim for %s", pred)
}

// FormatResult is one line for a report: FILE:LINE: head: verdict: reason
// (the witness, when there is one, goes below it).
func FormatResult(r Result) string {
	s := fmt.Sprintf("%s:%d: %s: %s: %s", r.Pos.File, r.Pos.Line, r.Head, r.Verdict, r.Reason)
	return s
}
