package campaign

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"reuselab/bench"
	"reuselab/ir"
	"reuselab/reuse"
	"reuselab/reuse/engines"
	"reuselab/sourcefile"
)

// Limits are ir.Limits in a form that travels in a pipeline's graph (the
// run-wide part, ir.RunLimits, is made again on each worker).
type Limits struct {
	MaxFacts    int
	Timeout     time.Duration
	MaxMemory   int64
	RunTimeout  time.Duration
	RunMemory   int64
	GiveUpAfter int
}

// DefaultLimits are reuselab's defaults (ir.Default*), with half this
// machine's memory as the children's budget left to the caller.
func DefaultLimits() Limits {
	return Limits{MaxFacts: ir.DefaultMaxFacts, Timeout: ir.DefaultTimeout, MaxMemory: ir.DefaultMaxMemory,
		RunTimeout: ir.DefaultRunTimeout, RunMemory: 4 << 30, GiveUpAfter: ir.DefaultGiveUpAfter}
}

// limits are the ir.Limits of one worker: the run-wide bounds start there.
func (l Limits) limits() ir.Limits {
	return ir.Limits{MaxFacts: l.MaxFacts, Timeout: l.Timeout, MaxMemory: l.MaxMemory,
		Run: ir.NewRunLimits(l.RunTimeout, max(l.RunMemory, l.MaxMemory), l.GiveUpAfter)}
}

// Pack is a rule pack as it travels: a built-in by name, or a user's .mg
// file by the name it was given and its text, read on the launcher.
type Pack struct {
	Name string
	Text string
}

// ReadPack reads a .mg pack with the careful read every pack has; a
// built-in is kept by name.
func ReadPack(name string) (Pack, error) {
	if !strings.HasSuffix(name, ".mg") {
		return Pack{Name: name}, nil
	}
	b, err := sourcefile.Read(name, filepath.Dir(name), 4<<20)
	if err != nil {
		return Pack{}, err
	}
	return Pack{Name: name, Text: string(b)}, nil
}

// resolved is a pack loaded on a worker: a user's pack from a private copy
// of its text, whose path the engine's messages name in place of the
// launcher's (unname puts the launcher's back).
type resolved struct {
	engine reuse.Engine
	copy   string // the private copy's path, "" for a built-in
	name   string
}

func (r resolved) unname(s string) string {
	if r.copy == "" {
		return s
	}
	return strings.ReplaceAll(s, r.copy, r.name)
}

// resolve loads p under lim. A user's pack is written into dir first: the
// engine reads and checks it in a child process, as reuselab does.
func resolve(p Pack, dir string, lim ir.Limits) (resolved, error) {
	r := resolved{name: p.Name}
	path := p.Name
	if p.Text != "" {
		sub, err := os.MkdirTemp(dir, "pack")
		if err != nil {
			return r, err
		}
		path = filepath.Join(sub, filepath.Base(p.Name))
		if err := os.WriteFile(path, []byte(p.Text), 0o600); err != nil {
			return r, err
		}
		r.copy = path
	}
	e, ds := engines.Resolve(path, lim)
	if e == nil || ds.HasErrors() {
		return r, fmt.Errorf("rule pack %s: %s", p.Name, r.unname(strings.TrimSpace(ds.Report())))
	}
	r.engine = e
	return r, nil
}

// Variants says what a sweep runs, as bench's flags do: reference modes,
// then rule packs, each pack held against the mode it mirrors.
type Variants struct {
	Modes  []string
	Packs  []Pack
	Limits Limits
}

// build resolves the variants under lim; dir takes the copies of user
// packs. The returned function restores the launcher's pack names in a
// run's messages.
func (v Variants) build(dir string, lim ir.Limits) ([]bench.Variant, func(string) string, error) {
	var out []bench.Variant
	for _, m := range v.Modes {
		if !reuse.IsReferenceMode(m) {
			return nil, nil, fmt.Errorf("unknown mode %q (known: %s)", m, strings.Join(reuse.ReferenceModes, ", "))
		}
		out = append(out, bench.Variant{Name: m, Engine: engines.MustResolve(m), Limits: lim})
	}
	var packs []resolved
	for _, p := range v.Packs {
		r, err := resolve(p, dir, lim)
		if err != nil {
			return nil, nil, err
		}
		if r.engine.Info().Kind != "datalog" {
			return nil, nil, fmt.Errorf("%s: not a rule pack (a reference mode goes in --modes)", p.Name)
		}
		packs = append(packs, r)
		out = append(out, bench.Variant{Name: "datalog:" + r.engine.Name(), Engine: r.engine, Limits: lim, Versus: reuse.Versus(r.engine)})
	}
	if len(out) == 0 {
		return nil, nil, fmt.Errorf("nothing to run: no mode and no pack")
	}
	unname := func(s string) string {
		for _, r := range packs {
			s = r.unname(s)
		}
		return s
	}
	return out, unname, nil
}

// Config is the bench configuration of variants vs, as `reuselab bench`
// makes it: compiled through the pipeline (bench's default), asset nodes
// counted by the pipeline's emitter.
func Config(vs []bench.Variant) bench.Config {
	return bench.Config{Variants: vs, AssetClasses: bench.EmittedClasses}
}
