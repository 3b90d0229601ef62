package bench

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Source is one file to compile.
type Source struct {
	// Corpus names the corpus the file belongs to, from the PATH it was
	// found under (see Discover).
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

// Walk says which folders a corpus walk enters besides the ordinary ones.
type Walk struct {
	// Versions enters `_versions/` folders. They keep other versions
	// (mostly older, some newer) of files the corpus already has, so a
	// plain walk leaves them out: counted twice, one file's history would
	// weigh as many files. With Versions each snapshot is a file of its own,
	// named by its path (`_versions/<commit>/…`).
	Versions bool
}

// skipDir reports whether a walk passes over a directory: hidden folders
// always, `_versions/` unless the walk asks for snapshots.
func (w Walk) skipDir(name string) bool {
	if name == "_versions" {
		return !w.Versions
	}
	return strings.HasPrefix(name, ".") && name != "." && name != ".."
}

// Discover lists the sources under paths and names their corpora.
//
// Each PATH is one corpus, named by its last element (a file PATH by the
// file's name). Names that collide get as many parent elements as make them
// differ (`MoonToon/DShader`, `DreamGUI/DShader`); the same path given twice
// gets `#2`; "all", the name of the overall row, is never a corpus name.
//
// One exception keeps `bench corpus/real` useful: a single folder PATH whose
// sources lie in two or more of its sub-folders is a collection, and each
// sub-folder is a corpus named after it (one row per repository); sources
// lying directly in it form one more corpus, named after the PATH. A single
// folder whose sources lie in at most one sub-folder is one corpus named
// after the PATH (`bench …/TypeDreamMoon__MoonToon` is "TypeDreamMoon__MoonToon",
// not its only sub-folder "DShader").
//
// The result is sorted by corpus, then by path. A folder that cannot be
// read is left out, as check and counts leave it out (DiscoverAll names
// them).
func Discover(paths []string) ([]Source, error) {
	srcs, _, err := DiscoverAll(paths)
	return srcs, err
}

// Unread is a folder the walk could not list, left out of the run.
type Unread struct {
	Path string
	Err  error
}

// DiscoverAll is Discover, and the folders under paths it could not read:
// one unreadable sub-folder costs its own sources, not the run. A PATH
// that does not exist is still an error.
func DiscoverAll(paths []string) ([]Source, []Unread, error) {
	return Walk{}.DiscoverAll(paths)
}

// DiscoverAll is the package's DiscoverAll, walking as w says.
func (w Walk) DiscoverAll(paths []string) ([]Source, []Unread, error) {
	abs := make([]string, len(paths))
	for i, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return nil, nil, err
		}
		a, err := filepath.Abs(p)
		if err != nil {
			a = filepath.Clean(p)
		}
		abs[i] = a
	}
	names := uniqueNames(abs)
	var out []Source
	var unread []Unread
	for i, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, nil, err
		}
		if !st.IsDir() {
			out = append(out, Source{Corpus: names[i], Rel: filepath.Base(p), Path: p, Root: filepath.Dir(p)})
			continue
		}
		var srcs []Source
		var skipped []Unread
		if len(paths) == 1 {
			srcs, skipped, err = w.discoverFS(os.DirFS(p), ".", names[i])
		} else {
			srcs, skipped, err = w.discoverOne(os.DirFS(p), ".", names[i])
		}
		if err != nil {
			return nil, nil, err
		}
		for _, s := range srcs {
			s.Path = filepath.Join(p, filepath.FromSlash(s.Path))
			s.Root = filepath.Join(p, filepath.FromSlash(s.Root))
			out = append(out, s)
		}
		for _, u := range skipped {
			unread = append(unread, Unread{Path: filepath.Join(p, filepath.FromSlash(u.Path)), Err: u.Err})
		}
	}
	sortSources(out)
	return out, unread, nil
}

// overallName is the name Summarize gives the row over every corpus.
const overallName = "all"

// uniqueNames names each path by its last element, adding parent elements
// to the names that collide until they differ, and `#n` to paths given more
// than once. paths are absolute and clean.
func uniqueNames(paths []string) []string {
	elems := make([][]string, len(paths))
	depth := make([]int, len(paths))
	for i, p := range paths {
		for _, e := range strings.Split(filepath.ToSlash(p), "/") {
			if e != "" {
				elems[i] = append(elems[i], e)
			}
		}
		if len(elems[i]) == 0 {
			elems[i] = []string{"root"}
		}
		depth[i] = 1
	}
	name := func(i int) string {
		e := elems[i]
		return strings.Join(e[len(e)-min(depth[i], len(e)):], "/")
	}
	for grew := true; grew; {
		grew = false
		byName := map[string][]int{}
		for i := range paths {
			byName[name(i)] = append(byName[name(i)], i)
		}
		for n, group := range byName {
			distinct := map[string]bool{}
			for _, i := range group {
				distinct[paths[i]] = true
			}
			if len(distinct) < 2 && n != overallName {
				continue
			}
			for _, i := range group {
				if depth[i] < len(elems[i]) {
					depth[i]++
					grew = true
				}
			}
		}
	}
	out := make([]string, len(paths))
	seen := map[string]int{overallName: 1}
	for i := range paths {
		n := name(i)
		seen[n]++
		if seen[n] > 1 {
			n = fmt.Sprintf("%s#%d", n, seen[n])
		}
		out[i] = n
	}
	return out
}

// DiscoverFS lists the sources under root in fsys (Path relative to fsys)
// as Discover does a single folder PATH named name: a collection whose
// sources lie in two or more sub-folders has a corpus per sub-folder, and
// any other folder is one corpus, name.
func DiscoverFS(fsys fs.FS, root, name string) ([]Source, error) {
	srcs, _, err := Walk{}.discoverFS(fsys, root, name)
	return srcs, err
}

// discoverFS is DiscoverFS and the folders it could not read.
func (w Walk) discoverFS(fsys fs.FS, root, name string) ([]Source, []Unread, error) {
	out, unread, err := w.discoverOne(fsys, root, name)
	if err != nil {
		return nil, nil, err
	}
	subs := map[string]bool{}
	for _, s := range out {
		if i := strings.IndexByte(s.Rel, '/'); i >= 0 {
			subs[s.Rel[:i]] = true
		}
	}
	if len(subs) < 2 {
		return out, unread, nil
	}
	for i, s := range out {
		j := strings.IndexByte(s.Rel, '/')
		if j < 0 {
			continue // lying directly in root: the corpus name
		}
		sub := s.Rel[:j]
		corpus := sub
		if corpus == name || corpus == overallName {
			corpus = name + "/" + sub
		}
		out[i].Corpus, out[i].Rel, out[i].Root = corpus, s.Rel[j+1:], path.Join(root, sub)
	}
	sortSources(out)
	return out, unread, nil
}

// discoverOne lists the sources under root as one corpus, name, with Rel
// below root, and the folders it could not list. Only a root that cannot
// be found at all is an error.
func (w Walk) discoverOne(fsys fs.FS, root, name string) ([]Source, []Unread, error) {
	var out []Source
	var unread []Unread
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if d == nil { // root itself is missing
				return err
			}
			// A folder WalkDir could not list (its entry was visited;
			// this is the second call, with the ReadDir error): passed
			// over, the walk goes on.
			unread = append(unread, Unread{Path: p, Err: err})
			return nil
		}
		if d.IsDir() {
			if p != root && w.skipDir(d.Name()) {
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
		out = append(out, Source{Corpus: name, Rel: rel, Path: p, Root: root})
		return nil
	})
	sortSources(out)
	return out, unread, err
}

func sortSources(s []Source) {
	sort.SliceStable(s, func(i, j int) bool { return sourceLess(s[i], s[j]) })
}

// sourceLess is the order of Discover's list: by corpus, then by path.
func sourceLess(a, b Source) bool {
	if a.Corpus != b.Corpus {
		return a.Corpus < b.Corpus
	}
	return a.Rel < b.Rel
}
