package reduce

import (
	"fmt"
	"strings"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/pipeline"
	"reuselab/reuse"
)

// Env is what the conditions need besides the source.
type Env struct {
	// Path is the file's name; imports resolve beside it on disk.
	Path string
	// Reference is the engine `disagree` holds Other against (the
	// reference passes in the mode Other mirrors, else 2.0), and the
	// default of Engine. The caller resolves it (reuse/engines), so that
	// reduce links no engine.
	Reference reuse.Engine
	// Engine is the engine `mismatch` evaluates (default: Reference).
	Engine reuse.Engine
	// Other is the engine `disagree` compares with Reference; nil when no
	// second engine is available (the condition then fails to parse).
	Other reuse.Engine
	// Limits bound every engine run.
	Limits ir.Limits
	// Runs is the number of evaluation runs for `mismatch` (default 64).
	Runs int
	// Seed is the evaluation seed for `mismatch`.
	Seed uint64
	// OnStop, when set, hears of every run that was not the engine's
	// answer (Stopped): such a run neither holds nor fails a condition, so
	// a reducer that finds nothing can say why.
	OnStop func(engine, asset, why string)
}

// answer runs e on g under the Env's limits; ok is false, and OnStop hears
// of it, when the run was not the engine's answer.
func (env Env) answer(e reuse.Engine, g *ir.Graph) (res *ir.Result, ok bool) {
	res = e.Run(g, env.Limits)
	if why, stopped := Stopped(res, env.Path); stopped {
		if env.OnStop != nil {
			env.OnStop(Label(e), g.Name, why)
		}
		return res, false
	}
	return res, true
}

// ParseCondition reads a --until spec: `disagree` (the engine Other and
// the reference make different partitions or graphs), `mismatch` (the
// engine's result evaluates differently from the raw graph), `diag:DSHnnnn`
// (a diagnostic with that code appears) or `panic` (compiling or running
// an engine panics).
func ParseCondition(spec string, env Env) (Condition, error) {
	if env.Engine == nil {
		env.Engine = env.Reference
	}
	if env.Runs <= 0 {
		env.Runs = 64
	}
	switch {
	case spec == "panic":
		if env.Engine == nil {
			return nil, fmt.Errorf("condition panic needs an engine (Env.Engine or Env.Reference)")
		}
		return func(src []byte) bool {
			// the finding sought is a panic: testCandidate's boundary catches it
			held, panicked := testCandidate(func() bool {
				m, ds := compile(env.Path, src)
				if hasInternalError(ds) {
					return true // a front end's panic, which it reports as DSH4350
				}
				if m != nil {
					for _, e := range []reuse.Engine{env.Engine, env.Other} {
						if e != nil {
							pipeline.Run(m, env.Path, pipeline.Options{Engine: e, Limits: env.Limits})
						}
					}
				}
				return false
			})
			return held || panicked
		}, nil
	case strings.HasPrefix(spec, "diag:"):
		code := strings.TrimPrefix(spec, "diag:")
		if !strings.HasPrefix(code, "DSH") || len(code) != 7 {
			return nil, fmt.Errorf("condition %q: want diag:DSHnnnn", spec)
		}
		return func(src []byte) bool {
			_, ds := compile(env.Path, src) // a front end's panic is DSH4350 (its own boundary)
			for _, d := range ds.Items {
				if d.Code == code {
					return true
				}
			}
			return false
		}, nil
	case spec == "mismatch":
		if env.Engine == nil {
			return nil, fmt.Errorf("condition mismatch needs an engine (Env.Engine or Env.Reference)")
		}
		return func(src []byte) bool {
			return withProducts(env.Path, src, func(g *ir.Graph) bool {
				res, ok := env.answer(env.Engine, g)
				if !ok {
					return false // the untouched build graph would evaluate "sound"
				}
				rep := interp.Check(res, interp.Options{Runs: env.Runs, Seed: env.Seed, NoCulprit: true})
				// An unevaluable raw graph is not the behaviour sought.
				return rep.Err == nil && len(rep.Mismatches) > 0
			})
		}, nil
	case spec == "disagree":
		if env.Other == nil {
			return nil, fmt.Errorf("condition disagree needs a second engine (--rules PACK)")
		}
		if env.Reference == nil {
			return nil, fmt.Errorf("condition disagree needs the reference engine (Env.Reference)")
		}
		return func(src []byte) bool {
			return withProducts(env.Path, src, func(g *ir.Graph) bool {
				ref, ok := env.answer(env.Reference, g)
				if !ok {
					return false
				}
				other, ok := env.answer(env.Other, g)
				// an untouched graph is no answer to disagree with
				return ok && !Agree(ref, other)
			})
		}, nil
	}
	return nil, fmt.Errorf("unknown condition %q (want disagree, mismatch, diag:DSHnnnn or panic)", spec)
}

// withProducts compiles src and reports whether f holds for some product.
// A source that does not compile cleanly, or on which anything panics,
// does not hold: the reducer must not wander into broken programs.
func withProducts(path string, src []byte, f func(*ir.Graph) bool) bool {
	held, _ := testCandidate(func() bool {
		m, ds := compile(path, src)
		if m == nil || ds.HasErrors() {
			return false
		}
		for _, g := range m.Products {
			if f(g) {
				return true
			}
		}
		return false
	})
	return held
}

// testCandidate runs test, one condition's test of one candidate source, as
// the reducer's boundary per candidate: a candidate is a file the reducer
// wrote, and it may crash the front end or an engine, which is then either
// the finding (the panic condition) or a program not to wander into (every
// other condition). So a panic ends that test alone; the reduction goes on
// with the next candidate. It is the one place reduce recovers.
func testCandidate(test func() bool) (held, panicked bool) {
	defer func() {
		if recover() != nil {
			held, panicked = false, true
		}
	}()
	return test(), false
}

// compile compiles src as if it were the file at path (pipeline.Options
// .Source): the candidate is served from memory, its imports from disk
// beside it, with no engine run.
func compile(path string, src []byte) (*ir.Module, diag.List) {
	if src == nil {
		src = []byte{} // an empty candidate is still the candidate, not the file on disk
	}
	m, _, ds := pipeline.Compile(path, pipeline.Options{Source: src})
	return m, ds
}

// hasInternalError reports the compiler's recovered panics, DSH4350.
func hasInternalError(ds diag.List) bool {
	for _, d := range ds.Items {
		if d.Code == "DSH4350" && strings.Contains(d.Message, "internal") {
			return true
		}
	}
	return false
}
