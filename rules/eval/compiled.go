package eval

import (
	"fmt"
	"sort"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/factstore"

	"reuselab/rules/facts"

	"reuselab/rules/compiled"
	"reuselab/rules/pack"
)

// The engines a pack's phases can run on (Options.Engine).
const (
	EngineMangle   = "mangle"
	EngineCompiled = "compiled"
)

// compiledPhases holds the phase programs compiled for one evaluation; a
// phase whose program the compiled evaluator cannot run is absent and runs
// on Mangle's engine.
type compiledPhases struct {
	progs map[*pack.Program]*compiled.Program
	env   *compiled.Env
}

// program is pr compiled, or nil: evaluate it on Mangle's engine.
func (c *compiledPhases) program(pr *pack.Program) *compiled.Program {
	if c == nil {
		return nil
	}
	return c.progs[pr]
}

// chooseEngine compiles the pack's phases when the compiled evaluator is
// asked for, and notes in the outcome what runs on Mangle's engine.
func (e *evaluator) chooseEngine() {
	e.out.Engine = EngineMangle
	if e.opt.Engine != EngineCompiled {
		return
	}
	if e.opt.Profile || e.opt.Coverage {
		e.out.EngineNote = "clause profiles and coverage time Mangle's clauses: evaluated on Mangle's engine"
		return
	}
	c := &compiledPhases{progs: map[*pack.Program]*compiled.Program{}, env: compiled.NewEnv()}
	var notes []string
	for _, ph := range pack.Phases {
		pr := e.pack.Program(ph)
		if pr == nil {
			continue
		}
		cp, err := compiled.Compile(pr)
		if err != nil {
			notes = append(notes, fmt.Sprintf("phase %s on Mangle's engine: %v", phaseNames[ph], err))
			continue
		}
		c.progs[pr] = cp
	}
	e.comp = c
	switch {
	case len(c.progs) == 0:
		e.comp = nil
	case len(notes) == 0:
		e.out.Engine = EngineCompiled
	default:
		e.out.Engine = "mixed"
	}
	e.out.EngineNote = strings.Join(notes, "; ")
}

var phaseNames = map[pack.Phase]string{pack.Pre: "pre", pack.Level: "level", pack.Post: "post"}

// traceDerived hands trace every fact an evaluation derived into the
// phase's own store, printed and sorted.
func traceDerived(store factstore.FactStore, trace func([]string)) {
	t, ok := store.(*facts.Tee)
	if !ok {
		return
	}
	var all []string
	for _, p := range t.Out.ListPredicates() {
		_ = t.Out.GetFacts(ast.NewQuery(p), func(a ast.Atom) error {
			all = append(all, a.String())
			return nil
		})
	}
	sort.Strings(all)
	trace(all)
}
