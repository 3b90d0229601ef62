//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"reuselab/bench"
)

// The bench attack: a corpus holding a 2 MB chain, a FIFO and a
// symlink out of the corpus, and a string-bomb pack in --rules. The run
// goes on past each and writes a full report naming each bad input with
// its diagnostic; nothing of the outside file reaches the report.
func TestBenchSurvivesHostileCorpusAndPack(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns pack child processes")
	}
	dir := t.TempDir()
	corp := filepath.Join(dir, "corp")
	outside := filepath.Join(dir, "outside")
	for _, d := range []string{corp, outside} {
		os.Mkdir(d, 0o755)
	}
	shader := func(body string) string {
		return "Shader(Name=\"M\"){\n Properties = { ScalarParameter X = 1.0; }\n Outputs = { float C; Base.EmissiveColor = C; }\n Graph = {\n " + body + "\n }\n}\n"
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(corp, "good.dsm"), []byte(shader("C = X + X;")), 0o644))
	must(os.WriteFile(filepath.Join(corp, "chain.dsm"), []byte(shader("C = "+strings.Repeat("X + ", 500_000)+"X;")), 0o644))
	must(syscall.Mkfifo(filepath.Join(corp, "fifo.dsm"), 0o644))
	must(os.WriteFile(filepath.Join(outside, "s.dsh"), []byte("Function F(in float a, out float b){ b = a; }\nSECRET-TEXT\n"), 0o644))
	must(os.Symlink(filepath.Join(outside, "s.dsh"), filepath.Join(corp, "leak.dsm")))
	var pack strings.Builder
	pack.WriteString("# pack: bomb\ns0(\"ab\") :- cur(_, _, _).\n")
	for i := 1; i <= 40; i++ {
		pack.WriteString(strings.NewReplacer("I", strconv.Itoa(i), "J", strconv.Itoa(i-1)).Replace("sI(T) :- sJ(S), T = fn:string:concat(S, S).\n"))
	}
	pack.WriteString("sig(N, S) :- cur(N, _, _), s40(S).\n")
	bomb := filepath.Join(dir, "bomb.mg")
	must(os.WriteFile(bomb, []byte(pack.String()), 0o644))

	out := filepath.Join(dir, "report")
	var stdout, stderr bytes.Buffer
	code := dispatch([]string{"bench", "--jobs", "1", "--modes", "2.0", "--rules", bomb, "--pack-max-memory", "256",
		"--out", out, corp}, &stdout, &stderr)
	// The run goes on past every bad file and the stopped pack, writes its
	// report, and exits 1: the pack's stop at its memory limit is a finding.
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	report, err := os.ReadFile(filepath.Join(out, bench.ReportMD))
	must(err)
	for _, want := range []string{
		"`corp/chain.dsm`", "DSH2151: expression too long",
		"`corp/fifo.dsm`", "DSH8291", "is a FIFO",
		"`corp/leak.dsm`", "DSH2252", "outside the root",
		"DSH9310", "memory limit of 256 MiB",
	} {
		if !bytes.Contains(report, []byte(want)) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	ents, _ := os.ReadDir(out)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(out, e.Name()))
		if bytes.Contains(b, []byte("SECRET")) || bytes.Contains(b, []byte(outside)) {
			t.Errorf("%s holds text or the path of the file outside the corpus", e.Name())
		}
	}
	// A second bench on a folder that is being written stops at once, an
	// I/O problem (exit 2) rather than a finding.
	unlock, err := bench.LockOut(out)
	must(err)
	defer unlock()
	if code := dispatch([]string{"bench", "--modes", "none", "--engines", "reference", "--out", out, corp}, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "another run is writing") {
		t.Errorf("bench on a locked --out: exit %d, %s", code, stderr.String())
	}
}
