package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/internal/shared"
)

// The case: MoonToon and DreamGUI both keep their sources in a
// DShader/ folder, and bench used to print them as one "DShader" row. Each
// PATH is a corpus, so stdout has one row for each, and two runs write the
// same report.
func TestBenchNamesCorporaByPath(t *testing.T) {
	real := shared.Corpus()
	if real == "" {
		t.Skip("../shared/corpus/real is absent")
	}
	moon, gui := filepath.Join(real, "TypeDreamMoon__MoonToon"), filepath.Join(real, "TypeDreamMoon__DreamGUI")
	var reports [2][]byte
	for i, jobs := range []string{"1", "2"} {
		out := t.TempDir()
		var stdout, stderr bytes.Buffer
		if code := dispatch([]string{"bench", "--modes", "none,2.0", "--engines", "reference", "--jobs", jobs, "--out", out, moon, gui}, &stdout, &stderr); code != 0 {
			t.Fatalf("bench exit %d: %s", code, stderr.String())
		}
		rows := map[string]bool{}
		for _, line := range strings.Split(stdout.String(), "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				rows[f[0]] = true
			}
		}
		if !rows["TypeDreamMoon__MoonToon"] || !rows["TypeDreamMoon__DreamGUI"] || rows["DShader"] {
			t.Errorf("stdout rows:\n%s", stdout.String())
		}
		md, err := os.ReadFile(filepath.Join(out, "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		reports[i], _, _ = bytes.Cut(md, []byte("\n## Timings"))
	}
	if !bytes.Equal(reports[0], reports[1]) {
		t.Error("report.md differs between two runs over the same PATHs")
	}
	if !bytes.Contains(reports[0], []byte("| TypeDreamMoon__MoonToon |")) {
		t.Error("report.md has no TypeDreamMoon__MoonToon row")
	}
}
