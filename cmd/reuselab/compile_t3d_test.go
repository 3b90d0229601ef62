package main

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"reuselab/outfile"
)

const t3dReuseExample = "../../emit/testdata/M_Reuse.dsm"

// `compile --format t3d` prints a paste and nothing else on stdout; what a
// paste cannot carry (settings, root links) is the summary on stderr.
func TestCompileT3DStdoutIsAPaste(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runCompile([]string{"--format", "t3d", t3dReuseExample}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "Begin Object ") || !strings.HasSuffix(out, "End Object\n") {
		t.Errorf("stdout is not Begin … End Object text; it starts %q", out[:min(len(out), 60)])
	}
	if strings.Contains(out, "\n//") || strings.Contains(out, "reuselab:") {
		t.Error("stdout carries the summary")
	}
	if !strings.Contains(stderr.String(), "reuselab: Material ") || !strings.Contains(stderr.String(), "connect MaterialGraphNode_") {
		t.Errorf("stderr lacks the summary:\n%s", stderr.String())
	}
}

// `--out DIR` writes one file per asset, names made unique, the same bytes
// stdout would have printed, and the same files on a second run.
func TestCompileT3DOut(t *testing.T) {
	var want, errs bytes.Buffer
	if code := runCompile([]string{"--format", "t3d", t3dReuseExample}, &want, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	read := func() map[string]string {
		dir := t.TempDir()
		var stdout, stderr bytes.Buffer
		// The same file twice: two assets of one name.
		if code := runCompile([]string{"--format", "t3d", "--out", dir, t3dReuseExample, t3dReuseExample}, &stdout, &stderr); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr.String())
		}
		if stdout.Len() != 0 {
			t.Errorf("--out still prints %d bytes on stdout", stdout.Len())
		}
		files := map[string]string{}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if e.Name() == outfile.MarkerName { // the folder is reuselab's
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			files[e.Name()] = string(data)
		}
		return files
	}
	first, second := read(), read()
	var names []string
	for n := range first {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) != 2 || !strings.HasSuffix(names[0], "-2.t3d") && !strings.HasSuffix(names[1], "-2.t3d") {
		t.Fatalf("files %v, want one per asset with the second name made unique", names)
	}
	for _, n := range names {
		if first[n] != want.String() {
			t.Errorf("%s differs from what stdout prints", n)
		}
		if second[n] != first[n] {
			t.Errorf("%s differs between two runs", n)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := runCompile([]string{"--format", "json", "--out", t.TempDir(), t3dReuseExample}, &stdout, &stderr); code != 2 {
		t.Errorf("--out with --format json: exit %d, want 2", code)
	}
}
