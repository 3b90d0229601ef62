package bench

import (
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/pipeline"
	"reuselab/reuse"
)

// Variant is one column of the benchmark: an engine (the reference passes
// in one mode, or a rule pack) under its limits.
type Variant struct {
	// Name is the column name: the reference mode ("none", "1x", "2.0") or
	// "datalog:<pack>".
	Name   string
	Engine reuse.Engine
	Limits ir.Limits
	// Versus names the variant this one must agree with (D6: pack reuse-2.0
	// must equal reference 2.0); "" for none. Disagreements are reported.
	Versus string
	// Check, when set, runs the variant in place of Engine.Run and judges
	// it (verdicts.go): a rule pack's clause coverage and verdict.
	Check Checker
}

// Kind is the engine's kind, "reference" or "datalog".
func (v Variant) Kind() string { return v.Engine.Info().Kind }

// Mode is the reference mode or the pack's name.
func (v Variant) Mode() string { return v.Engine.Name() }

// ReadFunc reads a source file: nil for the compiler's careful read
// (regular files inside the corpus folder, symlinks resolved, size-limited),
// or the embedded corpus.
type ReadFunc = func(path string) ([]byte, error)

// CompileFunc compiles one file into raw graphs, one per asset (passes off).
// root is the corpus folder, the source root its imports may not leave.
type CompileFunc func(path, root string, read ReadFunc) (*ir.Module, diag.List)

// AssetCountFunc returns the number of Unreal expressions the emitter
// writes for r's surviving graph (SEMANTICS D2), and false when it cannot
// tell.
type AssetCountFunc func(r *ir.Result) (int, bool)

// AssetClassFunc counts the Unreal expressions the emitter writes for r's
// surviving graph by class (without the MaterialExpression prefix), and
// false when it cannot tell.
type AssetClassFunc func(r *ir.Result) (map[string]int, bool)

// Config says what to run.
type Config struct {
	// Compile compiles each source; nil is the pipeline's compile with no
	// engine (pipeline.Compile: the graphs as built), root bounding the
	// imports, read serving the files.
	Compile  CompileFunc
	Read     ReadFunc
	Variants []Variant
	// AssetNodes counts emitted asset nodes; nil leaves them absent.
	// AssetClasses, when set, counts them by class instead (AssetNodes is
	// then not called): a research pack's savings are reported per class.
	AssetNodes   AssetCountFunc
	AssetClasses AssetClassFunc
	// Baseline and Target name the variants whose ratio is "the reduction"
	// (default "none" and "2.0"); Legacy is the 1.x column ("1x") the target
	// is also compared with when it is present.
	Baseline, Target, Legacy string
	// Jobs is the number of files compiled at once; <= 0 means one per core.
	Jobs int
	// Repeat is the timed runs of each variant on each asset (repeat.go);
	// <= 1 times the one run that is also counted and checked. With more,
	// that first run is untimed and the Repeat timed runs are plain
	// Engine.Runs, the variants interleaved.
	Repeat int
	// Profile, if set, profiles every datalog variant on each asset in a
	// run of its own (profile.go: rules-profile.csv, report.md).
	Profile ProfileFunc
	// Progress, if set, is called once per finished file.
	Progress func(done, total int)
}

// defaults fills the names in. Without a "none" column the baseline is the
// graph as built ("build"); without a "2.0" column the target is the first
// other variant (a datalog-only run compares its pack with the build).
func (c *Config) defaults() {
	if c.Baseline == "" {
		c.Baseline = "none"
	}
	if c.variant(c.Baseline) == -1 {
		c.Baseline = "build"
	}
	if c.Target == "" {
		c.Target = "2.0"
	}
	if c.variant(c.Target) < 0 {
		for _, v := range c.Variants {
			if v.Name != c.Baseline {
				c.Target = v.Name
				break
			}
		}
	}
	if c.Legacy == "" {
		c.Legacy = "1x"
	}
	c.Repeat = max(c.Repeat, 1)
}

// compile is Config.Compile, or the pipeline's.
func (c *Config) compile(path, root string, read ReadFunc) (*ir.Module, diag.List) {
	if c.Compile != nil {
		return c.Compile(path, root, read)
	}
	m, _, ds := pipeline.Compile(path, pipeline.Options{Root: root, ReadFile: read})
	return m, ds
}

// EmittedClasses is the count Config.AssetClasses asks for, by the
// pipeline's emitter (pipeline.AssetClasses).
func EmittedClasses(r *ir.Result) (map[string]int, bool) { return pipeline.AssetClasses(r), true }

// countsAssets reports whether the runs count emitted asset nodes.
func (c *Config) countsAssets() bool { return c.AssetNodes != nil || c.AssetClasses != nil }

// variant returns the index of the variant named name, buildColumn for
// "build", or -1.
func (c *Config) variant(name string) int {
	if name == "build" {
		return buildColumn
	}
	for i, v := range c.Variants {
		if v.Name == name {
			return i
		}
	}
	return -1
}
