package syntax

import (
	"path/filepath"
	"strings"

	"reuselab/compiler/front"
	"reuselab/diag"
	"reuselab/sourcefile"
)

// LoadOptions configures Load.
type LoadOptions struct {
	// Root is the source root imports may not leave; default: the main
	// file's directory.
	Root string
	// ReadFile reads a file; default the careful read (sourcefile.Unit:
	// regular files only, inside the root after symlinks, each file and
	// the unit within their limits). Tests and the fuzzer load from memory
	// through it; the unit's budget holds for it too.
	ReadFile func(string) ([]byte, error)
}

// Load parses a file and, depth-first, everything it imports. Imports resolve
// relative to the importing file, then to opts.Root; an import without an
// extension means `.dsh`. Each file is read once; a cycle is DSH4211; a
// missing file, a non-header, or a path leaving the root is DSH2252.
func Load(path string, opts LoadOptions) (*Unit, diag.List) {
	var l diag.List
	root := opts.Root
	if root == "" {
		root = DefaultRoot(path)
	}
	root = filepath.Clean(root)
	files := sourcefile.NewUnit(root)
	read := files.Read
	if opts.ReadFile != nil {
		read = files.Through(opts.ReadFile)
	}
	u := &Unit{}
	src, err := read(path)
	if err != nil {
		l.Errorf(Pos{File: path, Line: 1, Col: 1}, sourcefile.Code(err), "cannot read %s: %v", path, err)
		return u, l
	}
	main, dl := Parse(path, src)
	l.Append(dl)
	u.Main = main
	u.Includes = main.Imports
	ld := &loader{read: read, root: root, unit: u, diags: &l, done: map[string]bool{}, active: map[string]bool{}}
	key := filepath.Clean(path)
	ld.active[key] = true
	ld.done[key] = true
	ld.imports(main)
	l.Append(CheckLegacy(u))
	return u, l
}

// DefaultRoot is a main file's source root when none is given (the
// nearest enclosing `DShader` directory, 1.x resolved imports against it);
// both front ends share it (front.DefaultRoot).
func DefaultRoot(path string) string { return front.DefaultRoot(path) }

type loader struct {
	read   func(string) ([]byte, error)
	root   string
	unit   *Unit
	diags  *diag.List
	done   map[string]bool // read already
	active map[string]bool // on the current import chain
}

func (ld *loader) imports(f *File) {
	for _, imp := range f.Imports {
		ld.load(f, imp)
	}
}

func (ld *loader) load(from *File, imp *Import) {
	name := imp.Path
	if strings.TrimSpace(name) == "" {
		ld.diags.Errorf(imp.PathPos, "DSH2252", "empty import path")
		return
	}
	if i := strings.IndexByte(name, ':'); i > 1 && !strings.HasPrefix(name, "@") {
		ld.diags.Errorf(imp.PathPos, "DSH2252", "import %q: a root-qualified import has no include spelling", imp.Path)
		return
	}
	ext := strings.ToLower(filepath.Ext(name))
	if ext == "" {
		name += ".dsh"
	} else if ext != ".dsh" {
		ld.diags.Errorf(imp.PathPos, "DSH2252", "import %q: an import names a header (.dsh)", imp.Path)
		return
	}
	var candidates []string
	if strings.HasPrefix(name, "@") {
		candidates = append(candidates, filepath.Join(ld.root, "Packages", name))
	} else if filepath.IsAbs(name) {
		candidates = append(candidates, filepath.Clean(name))
	} else {
		candidates = append(candidates, filepath.Join(filepath.Dir(from.Path), name))
		// 1.x resolved against the importing file's DShader/ folder; a
		// caller's Root (say, a corpus folder) bounds the search but does not
		// replace that folder.
		if ds := DefaultRoot(from.Path); ds != ld.root {
			candidates = append(candidates, filepath.Join(ds, name))
		}
		candidates = append(candidates, filepath.Join(ld.root, name))
	}
	var src []byte
	var found string
	left := false
	var refused error // a candidate that exists but may not be read
	for _, c := range candidates {
		if !sourcefile.Within(ld.root, c) {
			left = true
			continue
		}
		b, err := ld.read(c)
		if err == nil {
			src, found = b, c
			break
		}
		if refused == nil && sourcefile.Code(err) != "DSH8290" {
			refused = err
		}
	}
	if found == "" {
		if refused != nil {
			ld.diags.Errorf(imp.PathPos, sourcefile.Code(refused), "import %q: %v", imp.Path, refused)
		} else if left {
			ld.diags.Errorf(imp.PathPos, "DSH2252", "import %q leaves the source root", imp.Path)
		} else {
			ld.diags.Errorf(imp.PathPos, "DSH2252", "import %q: file not found", imp.Path)
		}
		return
	}
	imp.Resolved = found
	if ld.active[found] {
		ld.diags.Errorf(imp.PathPos, "DSH4211", "import cycle: %q imports itself (through %s)", imp.Path, from.Path)
		return
	}
	if ld.done[found] {
		return
	}
	ld.done[found] = true
	f, dl := Parse(found, src)
	ld.diags.Append(dl)
	ld.active[found] = true
	ld.imports(f)
	delete(ld.active, found)
	// imports first: 1.x inlined each import before its importer
	ld.unit.Imported = append(ld.unit.Imported, f)
}

// CheckLegacy runs the checks that need the whole unit: one Shader per
// unit (imports are headers, so a Shader can only come from the main file
// unless a header wrongly holds one, which Parse already reports).
func CheckLegacy(u *Unit) diag.List {
	var l diag.List
	if u == nil {
		return l
	}
	shaders := 0
	for _, f := range u.Files() {
		for _, d := range f.Decls {
			if b, ok := d.(*BlockDecl); ok && b.Kind == BlockShader {
				shaders++
				if shaders > 1 && f != u.Main {
					l.Errorf(b.Pos, "DSH2250", "one Shader per unit: '%s' comes from an import", b.Name())
				}
			}
		}
	}
	return l
}
