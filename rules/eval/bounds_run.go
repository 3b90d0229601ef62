package eval

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/pack"
)

// The whole run's limits (ir.RunLimits) over the child processes of one
// command. Each asset's child is bounded by Limits; the run adds three
// things the per-asset limits cannot see:
//
//   - a clock: an evaluation gets at most the run's time left, and none
//     starts once it is up (run-timeout, DSH9312);
//   - giving up: a pack that ran past its time limit on GiveUpAfter assets
//     in a row loops in its rules, not in one asset, and is not run on the
//     rest (gave-up, DSH9313), so a looping pack costs minutes, not a
//     minute per asset;
//   - a memory budget: the memory limits of the children alive at once,
//     busy or idle, never add up to more than RunLimits.Memory. An
//     evaluation waits for room — stopping an idle child first — rather
//     than over-commit: fewer children run at once.
//
// A child's memory limit bounds its resident memory, but for less than
// MemoryOvershoot (bounds.go), so a child counts for its limit and that
// (no more than the whole budget), and the budget bounds what the children
// hold together.

// Codes of the whole-run stops (the per-asset ones are in diag.go).
const (
	// CodeRunTimeout: the whole run's time limit passed; the pack was
	// stopped on the asset, or not run on it.
	CodeRunTimeout = "DSH9312"
	// CodeGaveUp: the pack ran past its time limit on too many assets in a
	// row and is not run on the rest.
	CodeGaveUp = "DSH9313"
)

// ChildAccount is what a run's child processes held, by the driver's
// account, which is also what it enforces: a child is counted for its
// memory limit and MemoryOvershoot from before it starts (or is taken from
// the idle ones) to after it is stopped or parked.
type ChildAccount struct {
	Budget       int64 // RunLimits.Memory
	Peak         int64 // the largest total of what live children count for (limit and MemoryOvershoot each)
	PeakChildren int   // the most children alive at once
	Evaluations  int   // evaluations that got room
	Reused       int   // of which took an idle child, adding none
	Waited       int   // evaluations that waited for room
	Evicted      int   // idle children stopped to make room
	// PeakResident is the largest peak resident memory of a one-shot child
	// (a loading, or a built-in pack under a time limit), as the system
	// measured it when the child was reaped; 0 where it does not say.
	PeakResident int64
}

// Account is the run's account of its child processes so far.
func Account(run *ir.RunLimits) ChildAccount {
	if run == nil {
		return ChildAccount{}
	}
	a := accountOf(run)
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.acct
}

type runAccountKey struct{}

// runAccount is the run's state in this package.
type runAccount struct {
	run *ir.RunLimits

	mu   sync.Mutex
	used int64 // memory limits of the evaluations in flight
	busy int   // evaluations in flight
	// claims counts, per key, the evaluations in flight that were let in
	// on an idle child of that key: they add no child, so they are charged
	// for the idle one instead of a new one.
	claims  map[serverKey]int
	changed chan struct{} // closed, and replaced, whenever room is given back
	acct    ChildAccount
	packs   map[*pack.Pack]*packRun
}

// packRun is how one pack has fared in the run.
type packRun struct {
	inARow []string // the assets it ran past its time limit on, in a row
	gaveUp bool
}

func accountOf(run *ir.RunLimits) *runAccount {
	return run.State(runAccountKey{}, func() any {
		return &runAccount{run: run, claims: map[serverKey]int{}, changed: make(chan struct{}),
			acct: ChildAccount{Budget: run.Memory}, packs: map[*pack.Pack]*packRun{}}
	}).(*runAccount)
}

// underRun runs one child evaluation (evaluate) of p on g under the run's
// limits in opt, if any: not at all once the run's time is up or the run
// gave up on p, after waiting for room in the memory budget, and for at
// most the run's time left. serving says evaluate may take an idle serving
// child (server.go); check that it loads the pack rather than evaluates.
func underRun(g *ir.Graph, p *pack.Pack, opt Options, serving, check bool, evaluate func(Options) *Outcome) *Outcome {
	run := opt.Limits.Run
	if run == nil {
		return evaluate(opt)
	}
	start := time.Now()
	on := "while loading it"
	if !check {
		on = fmt.Sprintf("on %q", graphName(g))
	}
	stop := func(reason ir.StopReason, code, format string, args ...any) *Outcome {
		return &Outcome{Stop: reason, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: p.Pos(), Severity: diag.Error, Code: code, Message: fmt.Sprintf(format, args...)}}}
	}
	if err := opt.Limits.Validate(); err != nil {
		return stop(ir.StopError, CodeChild, "%v", err)
	}
	if mem := opt.Limits.Memory(); mem > run.Memory {
		// a child that could never fit the budget would wait for ever
		return stop(ir.StopError, CodeChild, "the memory limit of one child process (%d MiB) is more than the whole run's budget (%d MiB): no child could ever start",
			mem>>20, run.Memory>>20)
	}
	opt.Limits.Run = nil // a child bounds one evaluation; the run is this process's
	a := accountOf(run)
	limit := opt.Limits.Time()
	if names, gaveUp := a.gaveUp(p); gaveUp && !check {
		return stop(ir.StopGaveUp, CodeGaveUp, "rule pack %s was not run %s: it ran past its %v time limit on %d assets in a row (%s), so the run gave up on it",
			p.Name, on, limit, len(names), strings.Join(names, ", "))
	}
	notRun := func() *Outcome {
		what := "run " + on
		if check {
			what = "loaded"
		}
		return stop(ir.StopRunTimeout, CodeRunTimeout, "rule pack %s was not %s: the whole run's time limit of %v has passed", p.Name, what, run.Timeout)
	}
	if run.Remaining() <= 0 {
		return notRun()
	}
	mem := opt.Limits.Memory()
	release, ok := a.acquire(serverKey{p, mem}, serving)
	if !ok {
		return notRun()
	}
	defer release()
	left := run.Remaining()
	if left <= 0 {
		return notRun()
	}
	cut := left < limit
	if cut {
		opt.Limits.Timeout = left
	}
	o := evaluate(opt)
	a.resident(o.resident)
	if cut && o.Stop == ir.StopTimeout {
		what := "evaluation"
		if check {
			what = "loading"
		}
		r := stop(ir.StopRunTimeout, CodeRunTimeout, "rule pack %s ran past the whole run's time limit of %v %s (%d facts derived); "+
			"Mangle cannot be interrupted, so the %s process was killed", p.Name, run.Timeout, on, o.Facts, what)
		r.Facts, r.Levels = o.Facts, o.Levels
		return r
	}
	if !check {
		a.record(p, graphName(g), o.Stop)
	}
	return o
}

func graphName(g *ir.Graph) string {
	if g == nil {
		return ""
	}
	return g.Name
}

func (a *runAccount) resident(b int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.acct.PeakResident = max(a.acct.PeakResident, b)
}

// gaveUp reports whether the run gave up on p, and the assets why.
func (a *runAccount) gaveUp(p *pack.Pack) ([]string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if r := a.packs[p]; r != nil && r.gaveUp {
		return r.inARow, true
	}
	return nil, false
}

// record counts p's timeouts in a row: any other end of an evaluation —
// an answer, an error, another limit — shows the pack is not stuck.
func (a *runAccount) record(p *pack.Pack, asset string, stop ir.StopReason) {
	if a.run.GiveUpAfter <= 0 {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	r := a.packs[p]
	if r == nil {
		r = &packRun{}
		a.packs[p] = r
	}
	if r.gaveUp {
		return
	}
	if stop != ir.StopTimeout {
		r.inARow = nil
		return
	}
	r.inARow = append(r.inARow, fmt.Sprintf("%q", asset))
	r.gaveUp = len(r.inARow) >= a.run.GiveUpAfter
}

// charge is what a child under a memory limit of mem bytes counts for.
func (a *runAccount) charge(mem int64) int64 { return min(mem+MemoryOvershoot, a.run.Memory) }

// acquire waits until one more child of key's memory limit fits in the
// budget, stopping idle children to make room, and returns what gives its
// share back; ok is false when the run's time ran out first. A serving
// evaluation that can take an idle child of its key adds no child.
func (a *runAccount) acquire(key serverKey, serving bool) (release func(), ok bool) {
	mem := a.charge(key.mem)
	waited := false
	for {
		a.mu.Lock()
		pool := a.idlePool(key)
		reuse := serving && pool.ofKey > a.claims[key]
		need := mem
		if reuse {
			need = 0 // the idle child is counted already
		}
		if a.used+pool.mem-pool.claimedMem+need <= a.run.Memory {
			a.used += mem
			a.busy++
			if reuse {
				a.claims[key]++
				a.acct.Reused++
			}
			a.acct.Evaluations++
			if waited {
				a.acct.Waited++
			}
			a.note()
			a.mu.Unlock()
			return func() { a.give(key, mem, reuse) }, true
		}
		if victim := evictIdle(a.claims); victim != nil {
			a.acct.Evicted++
			a.mu.Unlock()
			victim.kill()
			continue
		}
		changed := a.changed
		a.mu.Unlock()
		waited = true
		left := a.run.Remaining()
		if left <= 0 {
			return nil, false
		}
		t := time.NewTimer(left)
		select {
		case <-changed:
		case <-t.C:
		}
		t.Stop()
	}
}

// give returns an evaluation's share of the budget (its child, if kept,
// is idle now, and counted as such).
func (a *runAccount) give(key serverKey, mem int64, reused bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.used -= mem
	a.busy--
	if reused {
		a.claims[key]--
	}
	a.note()
	close(a.changed)
	a.changed = make(chan struct{})
}

// note updates the peaks; a.mu is held.
func (a *runAccount) note() {
	pool := a.idlePool(serverKey{})
	a.acct.Peak = max(a.acct.Peak, a.used+pool.mem-pool.claimedMem)
	a.acct.PeakChildren = max(a.acct.PeakChildren, a.busy+pool.count-pool.claimedCount)
}

// idleCount is the idle serving children as the budget sees them.
type idleCount struct {
	mem, claimedMem     int64 // memory limits of the idle children, and of those claimed
	count, claimedCount int
	ofKey               int // idle children of the key asked about
}

// idlePool counts the idle serving children (of every run: an idle child
// is a live process, whoever started it), and those claimed; a.mu is held.
func (a *runAccount) idlePool(key serverKey) idleCount {
	var c idleCount
	servers.Lock()
	defer servers.Unlock()
	for k, idle := range servers.idle {
		n := len(idle)
		claimed := min(n, a.claims[k])
		c.count += n
		c.mem += int64(n) * a.charge(k.mem)
		c.claimedCount += claimed
		c.claimedMem += int64(claimed) * a.charge(k.mem)
		if k == key {
			c.ofKey = n
		}
	}
	return c
}

// evictIdle takes an idle serving child no evaluation was let in on out of
// the pool, for the caller to stop; nil when there is none.
func evictIdle(claims map[serverKey]int) *server {
	servers.Lock()
	defer servers.Unlock()
	for k, idle := range servers.idle {
		if len(idle) > claims[k] {
			s := idle[len(idle)-1]
			servers.idle[k] = idle[:len(idle)-1]
			return s
		}
	}
	return nil
}
