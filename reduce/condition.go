package reduce

import (
	"fmt"
	"path/filepath"
	"strings"

	"reuselab/compiler"
	"reuselab/compiler/legacy/syntax"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/reuse"
	"reuselab/sourcefile"
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
			panicked := false
			func() {
				defer func() {
					if recover() != nil {
						panicked = true
					}
				}()
				m, ds := compile(env.Path, src)
				panicked = hasInternalError(ds)
				if m != nil && !panicked {
					for _, g := range m.Products {
						env.Engine.Run(g, env.Limits)
						if env.Other != nil {
							env.Other.Run(g, env.Limits)
						}
					}
				}
			}()
			return panicked
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
func withProducts(path string, src []byte, f func(*ir.Graph) bool) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
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
}

// compile compiles src as if it were the file at path: the candidate is
// served from memory, its imports from disk beside it.
func compile(path string, src []byte) (*ir.Module, diag.List) {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	root := syntax.DefaultRoot(path)
	return compiler.CompileFile(path, compiler.Options{ReadFile: func(p string) ([]byte, error) {
		if p == path {
			return src, nil
		}
		if a, err := filepath.Abs(p); err == nil && a == abs {
			return src, nil
		}
		// the compiler's careful read: regular files under the root only
		return sourcefile.Read(p, root, sourcefile.MaxFileBytes)
	}})
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
