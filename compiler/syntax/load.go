package syntax

import (
	"path/filepath"
	"strings"

	"reuselab/diag"
)

// LoadOptions configures Load.
type LoadOptions struct {
	// Root is the source root imports may not leave; default: the main
	// file's directory.
	Root string
	// ReadFile reads a file; default ReadSource under Root (regular files
	// only, inside the root after symlinks, at most MaxFileBytes). Tests
	// and the fuzzer load from memory through it.
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
	read := opts.ReadFile
	if read == nil {
		read = func(p string) ([]byte, error) { return ReadSource(p, root, MaxFileBytes) }
	}
	u := &Unit{}
	src, err := read(path)
	if err != nil {
		l.Errorf(Pos{File: path, Line: 1, Col: 1}, ReadCode(err), "cannot read %s: %v", path, err)
		return u, l
	}
	main, dl := Parse(path, src)
	l.Append(dl)
	u.Main = main
	u.Includes = main.Imports
	ld := &loader{read: read, root: root, unit: u, diags: &l, done: map[string]bool{}, active: map[string]bool{}, bytes: int64(len(src))}
	key := filepath.Clean(path)
	ld.active[key] = true
	ld.done[key] = true
	ld.imports(main)
	l.Append(CheckLegacy(u))
	return u, l
}

// DefaultRoot is a main file's source root when none is given: the nearest
// enclosing `DShader` directory (1.x resolved imports against it), else the
// file's own directory.
func DefaultRoot(path string) string {
	dir := filepath.Dir(filepath.Clean(path))
	for d := dir; ; {
		if filepath.Base(d) == "DShader" {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

type loader struct {
	read   func(string) ([]byte, error)
	root   string
	unit   *Unit
	diags  *diag.List
	done   map[string]bool // read already
	active map[string]bool // on the current import chain
	bytes  int64           // read so far, for MaxUnitBytes
}

func within(root, p string) bool {
	if filepath.IsAbs(root) != filepath.IsAbs(p) {
		// compare like with like (a relative main path, an absolute root)
		if r, err := filepath.Abs(root); err == nil {
			root = r
		}
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
	}
	rel, err := filepath.Rel(root, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
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
		if !within(ld.root, c) {
			left = true
			continue
		}
		b, err := ld.read(c)
		if err == nil {
			src, found = b, c
			break
		}
		if refused == nil && ReadCode(err) != "DSH8290" {
			refused = err
		}
	}
	if found == "" {
		if refused != nil {
			ld.diags.Errorf(imp.PathPos, ReadCode(refused), "import %q: %v", imp.Path, refused)
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
	if ld.bytes += int64(len(src)); ld.bytes > MaxUnitBytes {
		ld.diags.Errorf(imp.PathPos, "DSH8292", "import %q: the unit's files pass %d bytes together, the limit", imp.Path, MaxUnitBytes)
		return
	}
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
