package bench

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Source is one file to compile.
type Source struct {
	// Corpus names the folder the file belongs to (see Discover).
	Corpus string `json:"corpus"`
	// Rel is the file's path below its corpus folder, with slashes: the name
	// reports print, stable across machines.
	Rel string `json:"file"`
	// Path is what the compiler opens through Config.ReadFile; Root is the
	// corpus folder in the same terms.
	Path string `json:"-"`
	Root string `json:"-"`
}

// IsSource reports whether name is a DreamShader source the bench compiles:
// 1.x (.dsm .dsf .dsh) or 2.0 (.dss, the compiler's 2.0 front end).
func IsSource(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".dsm", ".dsf", ".dsh", ".dss":
		return true
	}
	return false
}

// skipDir reports whether a directory holds no corpus files of its own:
// `_versions/` keeps older copies of files that are already in the corpus.
func skipDir(name string) bool {
	return name == "_versions" || (strings.HasPrefix(name, ".") && name != "." && name != "..")
}

// Discover lists the sources under paths. A folder is a corpus: files lying
// directly in an argument folder form a corpus named after that folder, and
// every sub-folder of an argument is a corpus of its own named after the
// sub-folder (so `bench corpus/real` yields one corpus per repository). A
// file argument forms a corpus named after its parent folder. The result is
// sorted by corpus, then by path.
func Discover(paths []string) ([]Source, error) {
	var out []Source
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			abs, _ := filepath.Abs(p)
			out = append(out, Source{Corpus: filepath.Base(filepath.Dir(abs)), Rel: filepath.Base(p), Path: p, Root: filepath.Dir(p)})
			continue
		}
		srcs, err := DiscoverFS(os.DirFS(p), ".", folderName(p))
		if err != nil {
			return nil, err
		}
		for _, s := range srcs {
			s.Path = filepath.Join(p, filepath.FromSlash(s.Path))
			s.Root = filepath.Join(p, filepath.FromSlash(s.Root))
			out = append(out, s)
		}
	}
	sortSources(out)
	return out, nil
}

func folderName(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Base(p)
	}
	return filepath.Base(abs)
}

// DiscoverFS is Discover over one folder root of fsys; Path is relative to
// fsys. name is the corpus of the files lying directly in root.
func DiscoverFS(fsys fs.FS, root, name string) ([]Source, error) {
	var out []Source
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && skipDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		if !IsSource(d.Name()) {
			return nil
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, root), "/")
		if root == "." {
			rel = p
		}
		corpus, croot := name, root
		if i := strings.IndexByte(rel, '/'); i >= 0 {
			corpus, rel = rel[:i], rel[i+1:]
			croot = path.Join(root, corpus)
		}
		out = append(out, Source{Corpus: corpus, Rel: rel, Path: p, Root: croot})
		return nil
	})
	sortSources(out)
	return out, err
}

func sortSources(s []Source) {
	sort.SliceStable(s, func(i, j int) bool {
		if s[i].Corpus != s[j].Corpus {
			return s[i].Corpus < s[j].Corpus
		}
		return s[i].Rel < s[j].Rel
	})
}
