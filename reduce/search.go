package reduce

import (
	"fmt"
	"io"
)

// Condition reports whether a candidate source still shows the behaviour
// being reduced (a mismatch, a diagnostic, a panic…). It must not panic.
type Condition func(src []byte) bool

// Options configures Reduce.
type Options struct {
	// Path names the file for the parser (its extension picks the 1.x
	// rules); the candidates are never written there. Imports resolve
	// beside it on disk when the candidates are compiled.
	Path string
	// MaxTests bounds how many times the condition is evaluated (default
	// 4000); the best file found so far is returned when it runs out, with
	// Stats.HitLimit set.
	MaxTests int
	// Log receives one line per accepted step; nil for none.
	Log io.Writer
}

// DefaultMaxTests is MaxTests when it is not set.
const DefaultMaxTests = 4000

// Stats says what Reduce did.
type Stats struct {
	Tests                   int // condition evaluations
	Refused                 int // candidates refused for a diagnostic the input did not have, untested
	StmtsBefore, StmtsAfter int // Graph statements, nested ones included
	BytesBefore, BytesAfter int
	// HitLimit is set when Reduce spent MaxTests: the result is the best
	// so far, and further edits may still shrink it.
	HitLimit bool
}

// Reduce returns the smallest source it finds for which cond holds. It
// fails when cond does not hold for src itself.
//
// After the dead code goes, a round shrinks expressions (the last
// statement first, the dead code each shrink leaves going with it),
// inlines single-use aliases, cuts locals out, joins a declaration with
// its one assignment, on a small file reads one local or operation in
// place of another, and runs ddmin over what is left; rounds repeat while
// one shrinks the file. The cheap, far-reaching edits come first so that
// ddmin, which costs about two tests a unit, runs on a file already small.
func Reduce(src []byte, cond Condition, opts Options) ([]byte, Stats, error) {
	if opts.MaxTests <= 0 {
		opts.MaxTests = DefaultMaxTests
	}
	r := &reducer{cond: cond, opts: opts, seen: map[string]bool{}}
	st := Stats{StmtsBefore: CountStatements(opts.Path, src), BytesBefore: len(src)}
	r.base = diagnosticKeys(opts.Path, src)
	if !r.test(src) {
		st.Tests, st.Refused = r.tests, r.refused
		return src, st, fmt.Errorf("the condition does not hold for the input")
	}
	best := src
	// The dead code goes with every later edit only if deleting it keeps
	// the condition (a condition about an unused name would not).
	if dead := deadCode(opts.Path, best); len(dead) < len(best) && r.test(dead) {
		r.logf("deleted the dead code (%d bytes)", len(dead))
		best = dead
		r.dropDead = true
	} else if len(dead) == len(best) {
		r.dropDead = true
	}
	for !r.exhausted() {
		before := best
		best = r.shrinkExprs(best)
		best = r.localEdits(best, inlineEdits, "inlined")
		best = r.localEdits(best, cutEdits, "cut")
		best = r.localEdits(best, joinEdits, "joined")
		best = r.localEdits(best, inlineEdits, "inlined")
		if CountStatements(opts.Path, best) <= maxSwapStatements {
			best = r.localEdits(best, readSwaps, "read")
		}
		best = r.ddminUnits(best)
		if !r.smaller(best, before) {
			break
		}
	}
	// Deleted declarations leave the blank lines between them.
	if tidy := tidyBlankLines(best); len(tidy) < len(best) && r.test(tidy) {
		best = tidy
	}
	st.Tests, st.Refused = r.tests, r.refused
	st.HitLimit = r.hitLimit || r.exhausted()
	st.StmtsAfter = CountStatements(opts.Path, best)
	st.BytesAfter = len(best)
	return best, st, nil
}

// maxSwapStatements is the size under which the reducer tries reading one
// local in place of another (readSwaps), whose candidates grow as reads
// times locals.
const maxSwapStatements = 16

type reducer struct {
	cond     Condition
	opts     Options
	tests    int
	refused  int
	hitLimit bool
	seen     map[string]bool
	base     map[string]bool // the input's diagnostics (code and message)
	dropDead bool            // every candidate loses its dead code
}

// exhausted reports whether the test budget is spent.
func (r *reducer) exhausted() bool { return r.tests >= r.opts.MaxTests }

// test runs the condition once per distinct candidate, after refusing,
// without a test, one that has a diagnostic the input did not have.
func (r *reducer) test(src []byte) bool {
	if ok, done := r.seen[string(src)]; done {
		return ok
	}
	if r.exhausted() {
		r.hitLimit = true
		return false
	}
	if r.base != nil && !r.sameDiagnostics(src) {
		r.refused++
		r.seen[string(src)] = false
		return false
	}
	r.tests++
	ok := r.cond(src)
	r.seen[string(src)] = ok
	return ok
}

// sameDiagnostics reports whether every diagnostic of src is one the
// input had (by code and message: positions move as the text shrinks).
func (r *reducer) sameDiagnostics(src []byte) bool {
	for k := range diagnosticKeys(r.opts.Path, src) {
		if !r.base[k] {
			return false
		}
	}
	return true
}

// diagnosticKeys lists the code and message of each diagnostic the
// compiler reports on src; nil when compiling it panics (the panic
// condition must then judge every candidate itself).
func diagnosticKeys(path string, src []byte) map[string]bool {
	m, ds := compile(path, src)
	if m == nil && len(ds.Items) == 0 {
		return nil
	}
	keys := map[string]bool{}
	for _, d := range ds.Items {
		keys[d.Code+" "+d.Message] = true
	}
	return keys
}

func (r *reducer) logf(format string, args ...any) {
	if r.opts.Log != nil {
		fmt.Fprintf(r.opts.Log, format+"\n", args...)
	}
}

// normal is what a candidate is tested as: without its dead code, when
// that keeps the condition on the input.
func (r *reducer) normal(src []byte) []byte {
	if r.dropDead {
		return deadCode(r.opts.Path, src)
	}
	return src
}

// ddminUnits runs ddmin over the units of src: it tries deleting each of n
// chunks (testing the complement of each chunk, in ddmin's terms), halves
// the chunks when none can go, and stops when no single unit can go.
func (r *reducer) ddminUnits(src []byte) []byte {
	us := units(r.opts.Path, src)
	alive := make([]int, len(us)) // indices into us still present
	for i := range alive {
		alive[i] = i
	}
	removed := []int{}
	cur := src
	n := 2
	for len(alive) >= 1 && !r.exhausted() {
		chunk := (len(alive) + n - 1) / n
		progress := false
		for start := 0; start < len(alive); start += chunk {
			end := min(start+chunk, len(alive))
			drop := append(append([]int(nil), removed...), alive[start:end]...)
			cand := r.normal(without(src, us, drop))
			if len(cand) < len(cur) && r.test(cand) {
				r.logf("deleted %d of %d units (%d bytes)", end-start, len(alive), len(cand))
				removed = drop
				alive = append(alive[:start:start], alive[end:]...)
				cur = cand
				n = max(n-1, 2)
				progress = true
				break
			}
		}
		if progress {
			continue
		}
		if chunk <= 1 {
			break
		}
		n = min(n*2, len(alive))
	}
	return cur
}

// shrinkExprs replaces expressions by smaller ones while the condition
// holds. An edit that failed is not tried again in the same pass when the
// line it changes reads the same: the text around it has shrunk, but
// rarely in a way that makes it hold, and retrying every failed edit after
// each success would cost a test per candidate per success. A pass that
// changed anything is followed by another, which retries them all.
func (r *reducer) shrinkExprs(src []byte) []byte {
	for !r.exhausted() {
		failed := map[string]bool{}
		changed := false
		for !r.exhausted() {
			improved := false
			for _, c := range exprCandidates(r.opts.Path, src) {
				key := lineEditKey(src, c.at, c.with)
				if failed[key] {
					continue
				}
				cand := applyEdits(src, []edit{{c.at, c.with}})
				if cand == nil {
					continue
				}
				if cand = r.normal(cand); len(cand) >= len(src) {
					continue
				}
				if r.test(cand) {
					r.logf("replaced %q by %q (%d bytes)", src[c.at.start:c.at.end], c.with, len(cand))
					src = cand
					improved, changed = true, true
					break
				}
				failed[key] = true
				if r.exhausted() {
					break
				}
			}
			if !improved {
				break
			}
		}
		if !changed {
			break
		}
	}
	return src
}

// localEdits applies the edits of one local that hold (inlining an alias,
// cutting a local out), each kind once per local text per pass.
func (r *reducer) localEdits(src []byte, list func(string, []byte) []localEdit, verb string) []byte {
	failed := map[string]bool{}
	for !r.exhausted() {
		improved := false
		for _, e := range list(r.opts.Path, src) {
			if failed[e.key] {
				continue
			}
			cand := r.normal(e.out)
			if r.smaller(cand, src) && r.test(cand) {
				r.logf("%s %s (%d bytes)", verb, e.what, len(cand))
				src = cand
				improved = true
				break
			}
			failed[e.key] = true
			if r.exhausted() {
				break
			}
		}
		if !improved {
			break
		}
	}
	return src
}

// smaller orders candidates by statements, then bytes: inlining an alias
// may add parentheses, yet leaves a statement fewer.
func (r *reducer) smaller(a, b []byte) bool {
	na, nb := CountStatements(r.opts.Path, a), CountStatements(r.opts.Path, b)
	return na < nb || na == nb && len(a) < len(b)
}

// lineEditKey names an edit by the lines it changes and what it puts
// there, so that the same edit of the same line is known again after
// edits elsewhere moved it.
func lineEditKey(src []byte, at span, with []byte) string {
	a := at.start
	for a > 0 && src[a-1] != '\n' {
		a--
	}
	b := at.end
	for b < len(src) && src[b] != '\n' {
		b++
	}
	return fmt.Sprintf("%d\x00%s\x00%s\x00%d", at.start-a, src[a:b], with, at.end-at.start)
}
