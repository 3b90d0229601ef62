// Package dss is reuselab's DreamShader 2.0 front end: it binds a parsed
// `.dss` file (package dss/syntax) against upstream's test catalog and
// lowers it to the same ir.Module the 1.x front end (package compiler)
// builds, so that the passes, engines, emitter and CLI take either
// (LANGUAGE-DSS §3). Binding and lowering run as one walk, as upstream's
// builder does; a diagnostic carries its stage, because a bind-stage error
// leaves no module while a build-stage error leaves the raw graph (§3.0).
package dss

import (
	"path/filepath"
	"runtime/debug"
	"strings"

	"reuselab/compiler/dss/syntax"
	"reuselab/compiler/front"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/sourcefile"
)

// Options configure a compile.
type Options struct {
	// Root is the source root includes may not leave, as the 1.x front
	// end's (default: the main file's nearest enclosing DShader folder,
	// else its own folder).
	Root string
	// ReadFile reads a file; default the careful read (sourcefile.Unit:
	// regular files only, inside Root after symlinks, each file and the
	// unit within their limits). Tests read from memory through it; the
	// unit's budget and the lexical root check hold for it too.
	ReadFile func(string) ([]byte, error)
	// MarkerPath maps a source path to the text Custom-node markers print.
	MarkerPath func(string) string
	// Substrate is the project's Substrate switch (golden field
	// `"substrate": true`): it decides the S4 modes (§3.14).
	Substrate bool
	// Catalog is what calls and attributes bind against: the engine table
	// (default) or upstream's test catalog (the goldens').
	Catalog Catalog
}

// Catalog is the choice of catalog, front's: the tools name it through
// this package, whose compiles alone read it.
type Catalog = front.Catalog

// The catalogs a .dss compile can bind against (front.EngineCatalog,
// front.TestCatalog).
const (
	EngineCatalog = front.EngineCatalog
	TestCatalog   = front.TestCatalog
)

// ParseFile parses path alone (the `legacy` entry point: parser only).
func ParseFile(path string, opts Options) diag.List {
	_, read := opts.reader(path)
	src, err := read(path)
	if err != nil {
		var ds diag.List
		ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, sourcefile.Code(err), "cannot read %s: %v", path, err)
		return ds
	}
	_, ds := syntax.Parse(path, src)
	return ds
}

// reader is the unit's root and how its files are read: the careful read,
// or the caller's reader under the unit's budget. The text has a leading
// byte order mark dropped, as the 1.x lexer skips it.
func (o Options) reader(main string) (root string, read func(string) (string, error)) {
	root = front.SourceRoot(main, o.Root)
	files := sourcefile.NewUnit(root)
	rf := files.Read
	if o.ReadFile != nil {
		rf = files.Through(o.ReadFile)
	}
	return root, func(p string) (string, error) {
		b, err := rf(p)
		return string(sourcefile.TrimBOM(b)), err
	}
}

// CompileFile parses path with its includes, binds and lowers it. On a
// parse or bind error the module is nil; on a build error it is the raw
// graph the builder made (what upstream's error goldens count).
func CompileFile(path string, opts Options) (m *ir.Module, ds diag.List) {
	return compileWithSnapshots(path, opts, false)
}

// compileWithSnapshots is CompileFile, with everySlot making an if's snapshot keep
// every slot (a test compiles with both and compares; ifstate.go).
func compileWithSnapshots(path string, opts Options, everySlot bool) (m *ir.Module, ds diag.List) {
	c := &compiler{opts: opts, rootPath: path, cat: front.NewCatalogSet(opts.Catalog), snapshotEverySlot: everySlot}
	defer func() {
		if r := recover(); r != nil {
			c.diags.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, "DSH4350", "internal compiler error: %v\n%s", r, diag.StackHead(debug.Stack()))
			m, ds = nil, c.diags
		}
	}()
	if !c.load() {
		return nil, c.diags
	}
	c.run()
	if c.bindFailed {
		return nil, c.diags
	}
	return c.module, c.diags
}

// srcFile is one parsed file of the unit.
type srcFile struct {
	path, leaf string
	p          *syntax.Parsed
	root       bool
}

// compiler is one compile of a unit.
type compiler struct {
	opts Options
	// snapshotEverySlot makes an if's snapshot keep every slot, as it did
	// before it kept only those the arms may change: a test compiles with
	// both and compares (ifstate.go).
	snapshotEverySlot bool
	cat               *front.CatalogSet
	rootPath          string
	root              *srcFile
	files             []*srcFile // includes first (depth-first), root last
	includes          []string
	diags             diag.List
	bindFailed        bool
	module            *ir.Module

	globals     map[string]*global
	globalSeq   []*global
	funcs       map[string]*funcInfo
	funcSeq     []*funcInfo
	structs     map[string]*syntax.StructDecl
	settings    []ir.Setting
	settingSeen map[string]bool
	substrate   string // S4 mode: "", "Bridge", "Native"
	layout      []ir.LayoutHint
	regions     []ir.Region

	b *build // the product being built
	// discardValue: the assignment being lowered is a whole statement, so
	// its value is not read.
	discardValue bool
	// snapFree are snapshot buffers of merged ifs, for the next snapshot.
	snapFree [][]slotState
	// armNames caches, per if, the names its arms mention (armNames).
	armNames map[*syntax.IfStmt]*armNames
	// slotChunk is where newSlot carves slots from.
	slotChunk front.Chunk[slot]
	// nodes builds the product's graph; its chunks carry over from product
	// to product.
	nodes front.Builder
}

func (c *compiler) dpos(f *srcFile, p syntax.Pos) diag.Pos {
	path := c.rootPath
	if f != nil {
		path = f.path
	}
	return diag.Pos{File: path, Line: p.Line, Col: p.Col}
}

// bindErr reports a bind-stage error: the compile leaves no module.
func (c *compiler) bindErr(f *srcFile, p syntax.Pos, code, format string, args ...any) {
	c.bindFailed = true
	c.diags.Errorf(c.dpos(f, p), code, format, args...)
}

// buildErr reports a build-stage error: the raw module is kept.
func (c *compiler) buildErr(f *srcFile, p syntax.Pos, code, format string, args ...any) {
	c.diags.Errorf(c.dpos(f, p), code, format, args...)
}

func (c *compiler) warn(f *srcFile, p syntax.Pos, code, format string, args ...any) {
	c.diags.Warnf(c.dpos(f, p), code, format, args...)
}

func (c *compiler) info(f *srcFile, p syntax.Pos, code, format string, args ...any) {
	c.diags.Infof(c.dpos(f, p), code, format, args...)
}

// load parses the root and, depth-first, what it includes. An include
// resolves the path's leaf next to the including file, then in the root's
// folder (§3.0: the runner does no preprocessing). Every file is read
// once, carefully, and none from outside the source root.
func (c *compiler) load() bool {
	srcRoot, read := c.opts.reader(c.rootPath)
	seen := map[string]bool{}
	ok := true
	var visit func(path, src string, root bool, depth int) *srcFile
	visit = func(path, src string, root bool, depth int) *srcFile {
		p, ds := syntax.Parse(path, src)
		c.diags.Append(ds)
		if ds.HasErrors() {
			ok = false
		}
		f := &srcFile{path: path, leaf: filepath.Base(path), p: p, root: root}
		if !c.readLegacyBlocks(f) {
			ok = false
		}
		for _, d := range p.Decls {
			inc, isInc := d.(*syntax.IncludeDecl)
			if !isInc {
				continue
			}
			leaf := filepath.Base(filepath.FromSlash(inc.Path))
			// The leaf next to the including file, then in the root's folder
			// (the IR runner's rule, §3.0), then the path as written from the
			// including file's folder and each folder above it (a source root
			// such as DShader/).
			cands := []string{filepath.Join(filepath.Dir(path), leaf), filepath.Join(filepath.Dir(c.rootPath), leaf)}
			for d := filepath.Dir(path); ; d = filepath.Dir(d) {
				cands = append(cands, filepath.Join(d, filepath.FromSlash(inc.Path)))
				if filepath.Dir(d) == d || len(cands) > 40 {
					break
				}
			}
			found, src := c.findInclude(f, inc, srcRoot, cands, read)
			if found == "" {
				ok = false
				continue
			}
			if root {
				c.includes = append(c.includes, leaf)
			}
			key, _ := filepath.Abs(found)
			if seen[key] || depth > 32 {
				continue
			}
			seen[key] = true
			if sub := visit(found, src, false, depth+1); sub != nil {
				c.files = append(c.files, sub)
			}
		}
		return f
	}
	src, err := read(c.rootPath)
	if err != nil {
		c.diags.Errorf(diag.Pos{File: c.rootPath, Line: 1, Col: 1}, sourcefile.Code(err), "cannot read %s: %v", c.rootPath, err)
		return false
	}
	key, _ := filepath.Abs(c.rootPath)
	seen[key] = true
	c.root = visit(c.rootPath, src, true, 0)
	c.files = append(c.files, c.root)
	return ok
}

// findInclude reads the first of an include's candidate paths that can be
// read and lies under the source root, and reports an include none gives:
// as the 1.x loader reports an import, a file that exists but may not be
// read under its read code, a path that as written leaves the root
// DSH2252, else DSH3230. (Candidates in the folders above are a search:
// that they lie outside the root says nothing of the include.)
func (c *compiler) findInclude(f *srcFile, inc *syntax.IncludeDecl, srcRoot string, cands []string, read func(string) (string, error)) (string, string) {
	written := filepath.Join(filepath.Dir(f.path), filepath.FromSlash(inc.Path))
	left := !sourcefile.Within(srcRoot, written)
	var refused error
	for _, cand := range cands {
		if !sourcefile.Within(srcRoot, cand) {
			continue
		}
		src, err := read(cand)
		if err == nil {
			return cand, src
		}
		if refused == nil && sourcefile.Code(err) != "DSH8290" {
			refused = err
		}
	}
	switch {
	case refused != nil:
		c.diags.Errorf(c.dpos(f, inc.Pos), sourcefile.Code(refused), "include %q: %v", inc.Path, refused)
	case left:
		c.diags.Errorf(c.dpos(f, inc.Pos), "DSH2252", "include %q leaves the source root", inc.Path)
	default:
		c.diags.Errorf(c.dpos(f, inc.Pos), "DSH3230", "cannot find the included file %q", inc.Path)
	}
	return "", ""
}

// markerPath is what a Custom node's source markers print: by default the
// path relative to the root file's folder, so that the code is the same
// wherever the sources sit.
func (c *compiler) markerPath(path string) string {
	if c.opts.MarkerPath != nil {
		return c.opts.MarkerPath(path)
	}
	if rel, err := filepath.Rel(filepath.Dir(c.rootPath), path); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(filepath.Base(path))
}

// CheckReuseMode refuses a reuse mode that has no meaning for a `.dss`:
// "1x" replays how the 1.5 generator shared nodes, and 1.5 never read a
// `.dss`, so there is nothing to replay (DSH9058, a tool refusal).
func CheckReuseMode(path, mode string) diag.List {
	var ds diag.List
	if mode == "1x" && strings.EqualFold(filepath.Ext(path), ".dss") {
		ds.Errorf(diag.Pos{File: path, Line: 1, Col: 1}, ir.CodeNo1x, "%s; use --reuse 2.0 or none", ir.MessageNo1x)
	}
	return ds
}
