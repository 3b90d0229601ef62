package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"reuselab/bench"
)

// packError is a --rules pack bench could not load; its report holds the
// pack's diagnostics.
type packError struct{ name, report string }

func (e *packError) Error() string { return fmt.Sprintf("rule pack %s:\n%s", e.name, e.report) }

// benchSkipped is what bench.Discover leaves out of the folder PATHs:
// `_versions/` snapshots and hidden folders (bench's skipDir), named here
// because bench itself passes over them without a word.
func benchSkipped(paths []string, w bench.Walk) []skip {
	var out []skip
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || !st.IsDir() {
			continue
		}
		_ = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() || q == p {
				return nil
			}
			switch name := d.Name(); {
			case name == "_versions" && !w.Versions:
				out = append(out, skip{path: q + "/", files: countSources(q), why: whySnapshots})
			case strings.HasPrefix(name, ".") && name != "." && name != "..":
				if n := countSources(q); n > 0 {
					out = append(out, skip{path: q + "/", files: n, why: whyHidden})
				}
			default:
				return nil // including _versions/ when w enters it
			}
			return filepath.SkipDir
		})
	}
	return out
}
