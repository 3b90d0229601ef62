package reduce

import (
	"fmt"
	"path/filepath"
	"strings"

	"reuselab/compiler"
	"reuselab/compiler/passes"
	"reuselab/compiler/syntax"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/ir/interp"
	"reuselab/rules"
)

// Engine is a reuse engine the conditions run: a function from a raw graph
// to what the engine made of it. The reference passes are one; a rule pack
// run by package rules is another.
type Engine struct {
	Name string
	Run  func(g *ir.Graph) *ir.Result
	// Signatures, when set, returns what the engine keyed each build node
	// by: for a rule pack the sig/2 facts it derived, whose text names the
	// rule that joined two nodes (the Result only says "dedupe").
	Signatures func(g *ir.Graph) [][]string
}

// Reference is the reference passes in mode 2.0.
func Reference() Engine {
	return Engine{Name: "reference", Run: func(g *ir.Graph) *ir.Result { return passes.Run(g, passes.Options{Mode: "2.0"}) }}
}

// PackEngine runs a rule pack (a built-in name or a .mg file) through the
// rules driver.
func PackEngine(nameOrFile string) (Engine, error) {
	p, ds := rules.LoadPack(nameOrFile)
	if p == nil || ds.HasErrors() {
		return Engine{}, fmt.Errorf("rule pack %s:\n%s", nameOrFile, ds.String())
	}
	return Engine{Name: "datalog " + p.Name,
		Run: func(g *ir.Graph) *ir.Result {
			return rules.Build(g, p.Name, rules.Evaluate(g, p, rules.Options{}))
		},
		Signatures: func(g *ir.Graph) [][]string {
			return rules.Evaluate(g, p, rules.Options{Record: true}).Sigs
		},
	}, nil
}

// Stopped reports whether res is a rule pack's evaluation that stopped
// before its end (fact limit, time or memory limit, error): its graph is
// the build graph untouched, which says nothing about the pack, so it must
// never count as sound or agreeing. why is the reason with its diagnostic.
func Stopped(res *ir.Result) (why string, stopped bool) {
	if res == nil || res.Engine != "datalog" || res.StopReason == rules.StopSaturated {
		return "", false
	}
	why = "stopped (" + res.StopReason + ")"
	for _, n := range res.Notes {
		if n.Severity == "error" {
			why += ": " + n.Message
			break
		}
	}
	return why, true
}

// Env is what the conditions need besides the source.
type Env struct {
	// Path is the file's name; imports resolve beside it on disk.
	Path string
	// Engine is the engine `mismatch` evaluates (default: Reference).
	Engine *Engine
	// Other is the engine `disagree` compares with Reference; nil when no
	// second engine is available (the condition then fails to parse).
	Other *Engine
	// Runs is the number of evaluation runs for `mismatch` (default 64).
	Runs int
	// Seed is the evaluation seed for `mismatch`.
	Seed uint64
}

// ParseCondition reads a --until spec: `disagree` (the engine Other and
// the reference make different partitions or graphs), `mismatch` (the
// engine's result evaluates differently from the raw graph), `diag:DSHnnnn`
// (a diagnostic with that code appears) or `panic` (compiling or running
// an engine panics).
func ParseCondition(spec string, env Env) (Condition, error) {
	if env.Engine == nil {
		e := Reference()
		env.Engine = &e
	}
	if env.Runs <= 0 {
		env.Runs = 64
	}
	switch {
	case spec == "panic":
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
						env.Engine.Run(g)
						if env.Other != nil {
							env.Other.Run(g)
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
			_, ds := safeCompile(env.Path, src)
			for _, d := range ds.Items {
				if d.Code == code {
					return true
				}
			}
			return false
		}, nil
	case spec == "mismatch":
		return func(src []byte) bool {
			return withProducts(env.Path, src, func(g *ir.Graph) bool {
				res := env.Engine.Run(g)
				rep := interp.Check(res, interp.Options{Runs: env.Runs, Seed: env.Seed, NoCulprit: true})
				// An unevaluable raw graph is not the behaviour sought.
				return rep.Err == nil && len(rep.Mismatches) > 0
			})
		}, nil
	case spec == "disagree":
		if env.Other == nil {
			return nil, fmt.Errorf("condition disagree needs a second engine (--rules PACK)")
		}
		ref := Reference()
		return func(src []byte) bool {
			return withProducts(env.Path, src, func(g *ir.Graph) bool {
				return !Agree(ref.Run(g), env.Other.Run(g))
			})
		}, nil
	}
	return nil, fmt.Errorf("unknown condition %q (want disagree, mismatch, diag:DSHnnnn or panic)", spec)
}

// Agree reports whether two engines made the same partition of the build
// nodes and the same surviving graph (D6), as `validate` compares them.
func Agree(a, b *ir.Result) bool { return rules.Compare(a, b).Agree() }

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

func safeCompile(path string, src []byte) (m *ir.Module, ds diag.List) {
	defer func() {
		if recover() != nil {
			m, ds = nil, diag.List{}
		}
	}()
	return compile(path, src)
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
		return syntax.ReadSource(p, root, syntax.MaxFileBytes)
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

// SharedSignatures lists, for each culprit member, the signatures it
// shares with the node it was merged into: the claim that joined them.
func SharedSignatures(e Engine, res *ir.Result, members []int) []string {
	if e.Signatures == nil {
		return nil
	}
	sigs := e.Signatures(res.Build)
	var out []string
	for _, m := range members {
		into := res.Fates[m].Into
		if into == m || m >= len(sigs) || into < 0 || into >= len(sigs) {
			continue
		}
		mine := map[string]bool{}
		for _, s := range sigs[m] {
			mine[s] = true
		}
		for _, s := range sigs[into] {
			if mine[s] {
				out = append(out, fmt.Sprintf("build %%%d and %%%d share the signature %s", m, into, s))
			}
		}
	}
	return out
}
