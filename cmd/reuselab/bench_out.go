package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// packError is a --rules pack bench could not load; its report holds the
// pack's diagnostics.
type packError struct{ name, report string }

func (e *packError) Error() string { return fmt.Sprintf("rule pack %s:\n%s", e.name, e.report) }

// probeReportDir checks, before the run, what bench.Write (bench.Publish)
// would refuse after it: an --out that is not a folder, a folder holding
// other files than a report's, a parent folder that cannot be written.
// The rules mirror bench.Publish and its isReportDir.
func probeReportDir(dir string) error {
	dir = filepath.Clean(dir)
	parent, base := filepath.Split(dir)
	if parent == "" {
		parent = "."
	}
	if base == "" || base == "." || base == ".." {
		return fmt.Errorf("output folder %q: name a folder of its own (it is replaced whole)", dir)
	}
	if st, err := os.Lstat(dir); err == nil {
		if !st.IsDir() {
			return fmt.Errorf("output %s exists and is not a folder", dir)
		}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if !e.Type().IsRegular() || !reportFile(e.Name()) {
				return fmt.Errorf("output folder %s holds %q, not a report: refusing to replace it", dir, e.Name())
			}
		}
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	probe, err := os.MkdirTemp(parent, "."+base+".probe-")
	if err != nil {
		return err
	}
	return os.Remove(probe)
}

func reportFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv", ".json", ".md", ".svg", ".png", ".txt":
		return true
	}
	return false
}

// benchSkipped is what bench.Discover leaves out of the folder PATHs:
// `_versions/` snapshots and hidden folders (bench's skipDir), named here
// because bench itself passes over them without a word.
func benchSkipped(paths []string) []skip {
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
			case name == "_versions":
				out = append(out, skip{path: q + "/", files: countSources(q), why: whySnapshots})
			case strings.HasPrefix(name, ".") && name != "." && name != "..":
				if n := countSources(q); n > 0 {
					out = append(out, skip{path: q + "/", files: n, why: whyHidden})
				}
			default:
				return nil
			}
			return filepath.SkipDir
		})
	}
	return out
}
