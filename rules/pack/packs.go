package pack

import (
	"embed"
	"iter"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"reuselab/diag"
	"reuselab/rules/facts"
	"reuselab/sourcefile"
)

//go:embed packs/*.mg
var packFS embed.FS

// Interface predicates: what a pack derives (the package doc), then what
// the driver feeds it per phase.
var (
	PredLive     = ast.PredicateSym{Symbol: "live", Arity: 1}
	PredKeep     = ast.PredicateSym{Symbol: "keep", Arity: 1}
	PredSig      = ast.PredicateSym{Symbol: "sig", Arity: 2}
	PredFold     = ast.PredicateSym{Symbol: "fold", Arity: 3}
	PredFoldType = ast.PredicateSym{Symbol: "foldtype", Arity: 2}
	PredAlias    = ast.PredicateSym{Symbol: "alias", Arity: 3}
	PredRewrite  = ast.PredicateSym{Symbol: "rewrite", Arity: 4}
	PredSugar    = ast.PredicateSym{Symbol: "sugar", Arity: 4}

	PredCur    = ast.PredicateSym{Symbol: "cur", Arity: 3}
	PredArg    = ast.PredicateSym{Symbol: "arg", Arity: 5}
	PredArgStr = ast.PredicateSym{Symbol: "argstr", Arity: 2}
	PredFolded = ast.PredicateSym{Symbol: "folded", Arity: 1}
	PredESwz   = ast.PredicateSym{Symbol: "eswz", Arity: 4}
	PredEdge   = ast.PredicateSym{Symbol: "edge", Arity: 2}
)

// driverPredicates are the predicates the driver feeds (never derived by a
// pack): the schema, the per-phase inputs and the virtual predicates.
func driverPredicates() []ast.PredicateSym {
	ps := append([]ast.PredicateSym(nil), facts.SchemaPredicates...)
	ps = append(ps, PredCur, PredArg, PredArgStr, PredKeyArgs, PredConstOp, PredFolded, PredESwz, PredEdge)
	ps = append(ps, CarryHelpers...)
	return append(ps, facts.VirtualPredicates...)
}

// Phase is one evaluation phase of a pack (the package doc).
type Phase int

// The phases, in the order the driver runs them.
const (
	Pre Phase = iota
	Level
	Post
)

// Phases lists every phase, in order.
var Phases = []Phase{Pre, Level, Post}

var phaseTargets = map[Phase][]ast.PredicateSym{
	Pre:   {PredLive},
	Level: {PredSig, PredFold, PredFoldType, PredAlias, PredRewrite},
	Post:  {PredKeep},
}

// raiseTargets are what the raise phase derives (RaiseProgram), outside
// Phases: the decompiler reads them, the reuse driver never runs them.
var raiseTargets = []ast.PredicateSym{PredSugar}

// Program is one phase of a pack, analysed and stratified once: what the
// driver hands Mangle's engine.
type Program struct {
	Info          *analysis.ProgramInfo
	Static        []ast.Atom // initial facts, loaded into the base store once
	Strata        []analysis.Nodeset
	PredToStratum map[ast.PredicateSym]int
	defines       map[ast.PredicateSym]bool
}

// Pack is a loaded, checked rule pack.
type Pack struct {
	Name    string
	Claims  string
	Touches string
	// Mirrors is the reference mode the pack must equal exactly (`# mirrors:
	// 2.0`), "" for a pack that only claims to be sound; Input is the build
	// it reads (`# input: 1x` for legacy1x.Build, else "build"). An
	// extending pack inherits its base's Input, never its Mirrors.
	Mirrors string
	Input   string
	// Carries lists the predicates kept from one level to the next and
	// how a class merges them (`# carries:`, carries.go), the base pack's
	// first: an extending pack inherits them.
	Carries []Carry
	Files   []string // the files it was read from, base pack first
	Source  string   // its own text
	stmts   []Statement
	clauses *clauseIndex // where each clause of stmts was written
	phases  map[Phase]*Program
	// raise is the raise phase: sugar/4, read by the decompiler, never by
	// the reuse driver (Phases leaves it out).
	raise *Program
	// untrusted marks a user's pack (a .mg file): the parent only reads its
	// header; it is parsed, analysed and evaluated in a child process
	// under limits (eval.Run, pack.Load with eval.Analyser). phases and stmts are
	// nil here.
	untrusted bool
}

// Untrusted reports whether p is a user's pack, evaluated only in a child.
func (p *Pack) Untrusted() bool { return p.untrusted }

// Program is the pack's program for phase ph; nil for a user's pack, which
// only its child parses.
func (p *Pack) Program(ph Phase) *Program { return p.phases[ph] }

// RaiseProgram is the pack's raise phase: the clauses sugar/4 depends on,
// evaluated once over a compiled graph by the decompiler (rules/eval.Sugar).
func (p *Pack) RaiseProgram() *Program { return p.raise }

//go:embed raise/raise.mg
var raiseSource string

// Raise loads the decompiler's raise rules (raise/raise.mg): not a reuse
// pack (it derives only sugar/4), so not among the built-ins.
func Raise() (*Pack, diag.List) {
	var l sink
	p := loadPack("raise/raise.mg", raiseSource, &l, true)
	return p, l.done()
}

// Statements lists every clause and declaration of the pack's files with
// where it was written, base pack first (for diagnostics and explain). A
// user's pack in the parent process has none: only the child reads it
// further than its header.
func (p *Pack) Statements() []Statement { return p.stmts }

// Pos is where a diagnostic about the pack as a whole points.
func (p *Pack) Pos() diag.Pos {
	f := ""
	if len(p.Files) > 0 {
		f = p.Files[len(p.Files)-1]
	}
	return diag.Pos{File: f, Line: 1, Col: 1}
}

// BuiltinNames lists the embedded packs.
func BuiltinNames() []string {
	ents, _ := packFS.ReadDir("packs")
	var names []string
	for _, e := range ents {
		names = append(names, strings.TrimSuffix(e.Name(), ".mg"))
	}
	sort.Strings(names)
	return names
}

// Builtin loads an embedded pack by name.
func Builtin(name string) (*Pack, diag.List) {
	src, err := packFS.ReadFile("packs/" + name + ".mg")
	if err != nil {
		var l diag.List
		l.Errorf(diag.Pos{File: name, Line: 1, Col: 1}, CodePackSyntax, "no built-in rule pack %q (have %s)", name, strings.Join(BuiltinNames(), ", "))
		return nil, l
	}
	return ParsePack("packs/"+name+".mg", string(src))
}

// maxPackBytes bounds a user's pack file, a quarter of what a source may
// have (sourcefile's 16 MiB): a pack is rules, not data, the largest
// built-in is a few KB, and a pack's load costs more per byte than a
// source's (each statement is parsed by Mangle's ANTLR parser on its own,
// then analysed), so that the file bounds the load's time and memory.
const maxPackBytes = 4 << 20

// OpenUser reads a user's pack, a .mg file, as far as this process ever
// does: its header. The pack is untrusted: it is parsed, analysed and
// evaluated only in a child process under limits (pack.Load with eval.Analyser
// checks it there at once; eval.Run evaluates it there), so that a pack
// built to keep Mangle busy is stopped like one that never terminates.
//
// It keeps nothing per statement: the parent never reads the pack's
// clauses (proofs and diagnostics come back from the child with their
// positions), and a 4 MB pack of a million statements cost it 280 MB.
func OpenUser(file string) (*Pack, diag.List) {
	var l sink
	p := openUser(file, &l)
	return p, l.done()
}

func openUser(file string, l *sink) *Pack {
	at := diag.Pos{File: file, Line: 1, Col: 1}
	src, err := readPackFile(file)
	if err != nil {
		l.Errorf(at, sourcefile.Code(err), "cannot read rule pack: %v", err)
		return nil
	}
	p := newPack(file, src, l)
	if p == nil {
		return nil
	}
	p.untrusted = true
	for _, b := range BuiltinNames() {
		if p.Name == b {
			l.Errorf(at, CodePackInterface, "a user's pack may not call itself %q, the name of a built-in pack (name it with `# pack: NAME`)", b)
			return nil
		}
	}
	chain, _ := bases(src)
	for _, b := range chain {
		p.Files = append(p.Files, b.file)
	}
	p.Files = append(p.Files, file)
	return p
}

// readPackFile reads a user's pack with the careful read every source
// has (package sourcefile): a regular file of at most maxPackBytes that
// lies in its own folder once symlinks are resolved, as a source's
// default root is its folder.
func readPackFile(name string) (string, error) {
	b, err := sourcefile.Read(name, filepath.Dir(name), maxPackBytes)
	return string(sourcefile.TrimBOM(b)), err
}

// CheckUserFile reports why OpenUser could not read the pack file name,
// nil if it could, without reading it: a pack that cannot be read is a
// usage error, one that was read and has errors a finding.
func CheckUserFile(name string) error {
	return sourcefile.Check(name, filepath.Dir(name), maxPackBytes)
}

func header(src, key string) string {
	v, _ := headerAt(src, key)
	return v
}

// headerAt is a header's value and its line (0 when absent).
func headerAt(src, key string) (string, int) {
	for k, line := range headerLines(src) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "#")), key+":"); ok {
			return strings.TrimSpace(v), k + 1
		}
	}
	return "", 0
}

// headerLines yields the comment lines of src's leading block of comments
// and blank lines, as written, with their 0-based numbers: the header,
// read without cutting the rest of the file into lines.
func headerLines(src string) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		for k := 0; ; k++ {
			line, rest, more := strings.Cut(src, "\n")
			switch t := strings.TrimSpace(line); {
			case strings.HasPrefix(t, "#"):
				if !yield(k, line) {
					return
				}
			case t != "":
				return
			}
			if !more {
				return
			}
			src = rest
		}
	}
}

// The values `# mirrors:` and `# input:` may take.
var (
	mirrorModes = []string{"2.0", "1x", "none"}
	inputBuilds = []string{"build", "1x"}
)

// newPack reads a pack's header. A bad `# mirrors:` or `# input:` is an
// error at its line.
func newPack(file, src string, l *sink) *Pack {
	p := &Pack{Name: header(src, "pack"), Claims: header(src, "claims"), Touches: header(src, "touches"), Source: src,
		clauses: &clauseIndex{}}
	if p.Name == "" {
		p.Name = strings.TrimSuffix(filepath.Base(file), ".mg")
	}
	ok := true
	pick := func(key string, allowed []string) string {
		v, line := headerAt(src, key)
		if v != "" && !slices.Contains(allowed, v) {
			l.Errorf(diag.Pos{File: file, Line: line, Col: 1}, CodePackInterface, "# %s: %q is not one of %s", key, v, strings.Join(allowed, ", "))
			ok = false
		}
		return v
	}
	p.Mirrors = pick("mirrors", mirrorModes)
	p.Input = pick("input", inputBuilds)
	own, okc := parseCarries(file, src, l)
	ok = ok && okc
	var inherited []Carry
	chain, _ := bases(src)
	for k := len(chain) - 1; k >= 0; k-- { // the nearest base's input wins
		if in := header(chain[k].src, "input"); p.Input == "" && in != "" {
			p.Input = in
		}
	}
	for _, b := range chain {
		cs, _ := parseCarries(b.file, b.src, &sink{})
		inherited = append(inherited, cs...)
	}
	if p.Carries, okc = inheritCarries(inherited, own, l); !okc {
		ok = false
	}
	if p.Input == "" {
		p.Input = "build"
	}
	if !ok {
		return nil
	}
	return p
}

// ParsePack parses, analyses and stratifies a pack. Every problem is a
// diagnostic at the pack's file, line and column (DSH9300–9303); past
// the first few hundred they are counted, not built (sink), and past
// maxPackErrors errors the pack is refused without looking further.
func ParsePack(file, src string) (*Pack, diag.List) {
	var l sink
	p := loadPack(file, src, &l, false)
	return p, l.done()
}

// loadPack loads a pack; raise marks the raise rules, which derive
// sugar/4 in place of sig/2.
func loadPack(file, src string, l *sink, raise bool) (p *Pack) {
	defer func() {
		if r := recover(); r != nil {
			p = nil
			l.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, CodePackAnalysis, "Mangle panicked reading the pack: %v", r)
		}
	}()
	if p = newPack(file, src, l); p == nil {
		return nil
	}
	type part struct {
		file, src string
		from, to  int // its statements in p.stmts
	}
	parts := []part{}
	chain, missing := bases(src)
	if missing != "" {
		l.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, CodePackInterface, "extends %q: no such built-in pack (have %s)", missing, strings.Join(BuiltinNames(), ", "))
		return nil
	}
	for _, b := range chain {
		parts = append(parts, part{file: b.file, src: b.src})
	}
	parts = append(parts, part{file: file, src: src})
	n := 0
	for _, pt := range parts {
		n += countStatements(pt.src)
	}
	p.stmts = make([]Statement, 0, n)
	for k := range parts {
		pt := &parts[k]
		p.Files = append(p.Files, pt.file)
		pt.from = len(p.stmts)
		p.stmts = appendStatements(p.stmts, pt.file, pt.src)
		pt.to = len(p.stmts)
	}

	extra := map[ast.PredicateSym]ast.Decl{}
	for _, sym := range driverPredicates() {
		extra[sym] = ast.NewSyntheticDeclFromSym(sym)
	}
	parsed, why := p.parseAlone(extra)
	switch why {
	case arityFlood:
		p.arityDiagnostics(l, parsed)
		return nil
	case fedFlood:
		var clauses []ast.Clause
		var at []diag.Pos
		for _, st := range p.stmts[:parsed] {
			if st.Clause != nil {
				clauses, at = append(clauses, *st.Clause), append(at, st.Pos)
			}
		}
		p.fedDiagnostics(l, clauses, at, extra)
		return nil
	}
	var unit parse.SourceUnit
	for _, pt := range parts {
		u, ok := parse.SourceUnit{}, false
		if pt.to <= parsed {
			u, ok = unitOf(p.stmts[pt.from:pt.to])
		}
		if !ok {
			// The file is parsed whole, as Mangle would, once its syntax
			// errors are known to be few enough to read.
			syn := syntaxErrors(pt.src, maxPackErrors)
			if syn.n > 0 || syn.cut {
				syntaxDiagnostics(l, pt.file, pt.src, syn.text)
				if syn.cut {
					l.stop(diag.Pos{File: pt.file, Line: syn.line, Col: syn.col + 1}, CodePackSyntax, "the rest of the file was not read")
				}
				continue
			}
			if parsed < len(p.stmts) {
				parsed += parseStatementsWhile(p.stmts[parsed:], func(int, int) bool { return true })
			}
			var err error
			if u, err = parse.Unit(strings.NewReader(pt.src)); err != nil {
				syntaxDiagnostics(l, pt.file, pt.src, err.Error())
				continue
			}
		}
		unit.Decls = append(unit.Decls, u.Decls...)
		unit.Clauses = append(unit.Clauses, u.Clauses...)
	}
	if l.HasErrors() {
		return nil
	}
	if p.arityDiagnostics(l, len(p.stmts)); l.HasErrors() {
		return nil
	}
	if p.fedDiagnostics(l, unit.Clauses, nil, extra); l.HasErrors() {
		return nil
	}
	if _, err := analysis.AnalyzeOneUnit(unit, extra); err != nil {
		p.analysisDiagnostic(l, unit, extra, err)
		return nil
	}
	heads := map[ast.PredicateSym]bool{}
	for _, c := range unit.Clauses {
		heads[c.Head.Predicate] = true
	}
	if raise && !heads[PredSugar] {
		l.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, CodePackInterface, "the raise rules derive no sugar/4")
		return nil
	}
	if !raise && !heads[PredSig] {
		l.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, CodePackInterface,
			"the pack derives no sig/2: a pack must say which nodes are equal (the interface: `go doc reuselab/rules/pack`)")
	}
	for _, sym := range []ast.PredicateSym{PredLive, PredKeep, PredSig, PredFold, PredFoldType, PredAlias, PredRewrite} {
		for h := range heads {
			if h.Symbol == sym.Symbol && h.Arity != sym.Arity {
				l.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, CodePackInterface,
					"%s has arity %d, the driver reads %s/%d", h.Symbol, h.Arity, sym.Symbol, sym.Arity)
			}
		}
	}
	p.checkCarries(heads, l)
	if l.HasErrors() {
		return nil
	}
	unit = p.renameCarried(unit, extra)
	// The phases are analysed at once, each on its own (they read the
	// unit and extra, which nothing writes now), and their problems
	// reported in the order the driver runs them.
	progs := make([]*Program, len(Phases))
	lists := make([]sink, len(Phases))
	var wg sync.WaitGroup
	for k, ph := range Phases {
		targets := phaseTargets[ph]
		if ph == Level {
			// A carried predicate is derived per level even when nothing
			// of the level reads it: the levels above do.
			targets = append(slices.Clip(targets), p.carried()...)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					progs[k] = nil
					lists[k].Errorf(diag.Pos{File: file, Line: 1, Col: 1}, CodePackAnalysis, "Mangle panicked analysing the pack: %v", r)
				}
			}()
			progs[k], _ = p.compilePhase(&lists[k], unit, extra, targets)
		}()
	}
	wg.Wait()
	var raiseList sink
	p.raise, _ = p.compilePhase(&raiseList, unit, extra, raiseTargets)
	l.addAll(raiseList.kept.Items)
	if p.raise == nil {
		return nil
	}
	p.phases = map[Phase]*Program{}
	for k, ph := range Phases {
		l.addAll(lists[k].kept.Items)
		if progs[k] == nil {
			return nil
		}
		p.phases[ph] = progs[k]
	}
	return p
}

// compilePhase keeps the clauses the phase's targets depend on, so that a
// level evaluation does not recompute the prune and the other way round.
func (p *Pack) compilePhase(l *sink, unit parse.SourceUnit, extra map[ast.PredicateSym]ast.Decl, targets []ast.PredicateSym) (*Program, bool) {
	byHead := map[ast.PredicateSym][]ast.Clause{}
	for _, c := range unit.Clauses {
		byHead[c.Head.Predicate] = append(byHead[c.Head.Predicate], c)
	}
	need := map[ast.PredicateSym]bool{}
	var visit func(s ast.PredicateSym)
	visit = func(s ast.PredicateSym) {
		if need[s] {
			return
		}
		need[s] = true
		for _, c := range byHead[s] {
			for _, t := range c.Premises {
				switch a := t.(type) {
				case ast.Atom:
					visit(a.Predicate)
				case ast.NegAtom:
					visit(a.Atom.Predicate)
				}
			}
		}
	}
	for _, t := range targets {
		visit(t)
	}
	var sub parse.SourceUnit
	for _, d := range unit.Decls {
		if need[d.DeclaredAtom.Predicate] {
			sub.Decls = append(sub.Decls, d)
		}
	}
	for _, c := range unit.Clauses {
		if need[c.Head.Predicate] {
			sub.Clauses = append(sub.Clauses, c)
		}
	}
	info, err := analysis.AnalyzeOneUnit(sub, extra)
	if err != nil {
		p.analysisDiagnostic(l, sub, extra, err)
		return nil, false
	}
	strata, pts, err := analysis.Stratify(analysis.Program{EdbPredicates: info.EdbPredicates, IdbPredicates: info.IdbPredicates, Rules: info.Rules})
	if err != nil {
		p.stratificationDiagnostic(l, sub)
		return nil, false
	}
	defines := map[ast.PredicateSym]bool{}
	for _, c := range sub.Clauses {
		defines[c.Head.Predicate] = true
	}
	// The engine adds a program's initial facts on every evaluation; the
	// driver loads them once per graph instead (one level is one
	// evaluation, and these tables are most of a pack's text).
	static := info.InitialFacts
	lean := *info
	lean.InitialFacts = nil
	return &Program{Info: &lean, Static: static, Strata: strata, PredToStratum: pts, defines: defines}, true
}

// Defines reports whether the pack derives sym in the phase that reads it.
func (pr *Program) Defines(sym ast.PredicateSym) bool { return pr != nil && pr.defines[sym] }

// ParseUser parses a user's pack in this process, clauses and all, for a
// caller that reads its clauses (rules/clauses proves them for all graphs).
// Call it only once the pack was loaded in a child under limits
// (OpenUser's caller, pack.Load with eval.Analyser): that load ending within them
// is what makes this one safe to run unbounded here.
func ParseUser(file string) (*Pack, diag.List) {
	src, err := readPackFile(file)
	if err != nil {
		var l diag.List
		l.Errorf(diag.Pos{File: file, Line: 1, Col: 1}, sourcefile.Code(err), "cannot read rule pack: %v", err)
		return nil, l
	}
	p, ds := ParsePack(file, src)
	if p != nil {
		p.untrusted = true
	}
	return p, ds
}
