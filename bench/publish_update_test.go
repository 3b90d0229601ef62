package bench

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bench --scaling adds its files to the report folder whole or not at
// all: the main report beside them survives, a failing write leaves the
// previous scaling files byte for byte and no temporary folder, and a
// second write replaces the first's figures.
func TestWriteScalingIsAtomicAndKeepsTheReport(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "out")
	if err := Publish(out, func(dir string) error {
		return os.WriteFile(filepath.Join(dir, ReportMD), []byte("main report\n"), 0o644)
	}); err != nil {
		t.Fatal(err)
	}
	first := []ScalingPoint{{Engine: "reference 2.0", Target: 1000, Nodes: 1000, Reps: 3, Seconds: 0.001, NsPerNode: 1000, CPUSeconds: 0.001, CPUNsPerNode: 1000, BytesPerNode: 77}}
	if err := WriteScaling(out, "test graphs", first); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, out)
	if got[ReportMD] != "main report\n" {
		t.Fatalf("the main report was lost or changed: %q", got[ReportMD])
	}
	for _, n := range []string{"scaling.json", "scaling.csv", "scaling.md", ScalingPlot, "scaling_per_node.svg", "scaling_memory.svg"} {
		if got[n] == "" {
			t.Errorf("%s missing or empty", n)
		}
	}
	if !strings.Contains(got["scaling.md"], "| reference 2.0 | 1000 | 3 |") {
		t.Errorf("scaling.md lacks the point:\n%s", got["scaling.md"])
	}

	boom := errors.New("disk full")
	err := Update(out, func(tmp string) error {
		// half of a new run: one file rewritten, then the failure
		os.WriteFile(filepath.Join(tmp, "scaling.json"), []byte("[{\"half"), 0o644)
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
	after := readAll(t, out)
	if len(after) != len(got) {
		t.Fatalf("files %d before, %d after a failed write", len(got), len(after))
	}
	for n, s := range got {
		if after[n] != s {
			t.Errorf("a failed write changed %s", n)
		}
	}
	ents, _ := os.ReadDir(parent)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary folder %s left behind", e.Name())
		}
	}

	second := []ScalingPoint{{Engine: "reference 2.0", Target: 2000, Nodes: 2000, Reps: 1, Seconds: 0.002, NsPerNode: 1000, CPUSeconds: 0.002, CPUNsPerNode: 1000, BytesPerNode: 88}}
	if err := WriteScaling(out, "test graphs", second); err != nil {
		t.Fatal(err)
	}
	final := readAll(t, out)
	if final[ReportMD] != "main report\n" || strings.Contains(final["scaling.md"], "| reference 2.0 | 1000 |") || !strings.Contains(final["scaling.md"], "| 2000 | 1 |") {
		t.Errorf("second write: report %q, scaling.md\n%s", final[ReportMD], final["scaling.md"])
	}
}

// A folder bench did not write is refused, not replaced.
func TestWriteScalingRefusesAForeignFolder(t *testing.T) {
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "thesis.tex"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteScaling(out, "x", nil); err == nil {
		t.Fatal("wrote into a folder of other files")
	}
	if b, err := os.ReadFile(filepath.Join(out, "thesis.tex")); err != nil || !bytes.Equal(b, []byte("mine")) {
		t.Fatalf("the foreign file was touched: %q %v", b, err)
	}
}
