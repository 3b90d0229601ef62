package front

import (
	"path/filepath"
	"strings"
)

// DefaultRoot is a main file's source root when none is given: the nearest
// enclosing folder named DShader (an Unreal project's shader sources),
// else the main file's own folder. Imports and includes may not leave it.
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

// SourceRoot is the source root a compile of main uses: root when given,
// else DefaultRoot.
func SourceRoot(main, root string) string {
	if root != "" {
		return filepath.Clean(root)
	}
	return DefaultRoot(main)
}

// RootRelative writes path relative to root with forward slashes, the way
// every output names a source file. A path outside the root (which the
// loader never reads) keeps only its base name: an output never holds a
// machine's folders.
func RootRelative(root, path string) string {
	if rel, ok := relativeTo(root, path); ok {
		return filepath.ToSlash(rel)
	}
	return filepath.Base(path)
}

func relativeTo(root, path string) (string, bool) {
	if filepath.IsAbs(root) != filepath.IsAbs(path) {
		// compare like with like (a relative main path, an absolute root)
		ar, err1 := filepath.Abs(root)
		ap, err2 := filepath.Abs(path)
		if err1 != nil || err2 != nil {
			return "", false
		}
		root, path = ar, ap
	}
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}
