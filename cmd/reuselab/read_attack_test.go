//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"reuselab/bench"
	"reuselab/sourcefile"
)

// The attacks of issue 28 on the file reads, each through the CLI as a
// user runs it. A hang is caught by a deadline (the command runs in its
// own goroutine), an unbounded read by the bytes the command allocated.

const dssMaterial = "export void M_Ok(inout material m)\n{\n    m.Opacity = 0.5;\n}\n"

// cliRun is one run of the CLI in this process.
type cliRun struct {
	code           int
	stdout, stderr string
	allocated      uint64 // bytes the run allocated (runtime.MemStats.TotalAlloc)
}

func (r cliRun) out() string { return r.stdout + r.stderr }

// runBounded runs the CLI and fails the test if it has not returned within
// the deadline: a read that blocks on a FIFO never returns.
func runBounded(t *testing.T, deadline time.Duration, args ...string) cliRun {
	t.Helper()
	done := make(chan cliRun, 1)
	go func() {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var stdout, stderr bytes.Buffer
		code := dispatch(args, &stdout, &stderr)
		runtime.ReadMemStats(&after)
		done <- cliRun{code, stdout.String(), stderr.String(), after.TotalAlloc - before.TotalAlloc}
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(deadline):
		t.Fatalf("reuselab %s: still running after %v", strings.Join(args, " "), deadline)
		return cliRun{}
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func writeSource(t *testing.T, path, text string) {
	t.Helper()
	mustDo(t, os.MkdirAll(filepath.Dir(path), 0o755))
	mustDo(t, os.WriteFile(path, []byte(text), 0o644))
}

// `ln -s /etc/passwd c/pw.dss; reuselab check c/pw.dss`: DSH2252, and
// nothing of the file in the output (it printed user names in DSH3205s).
func TestCheckRefusesADSSLinkedOutOfItsFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeSource(t, "outside/passwd", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n")
	mustDo(t, os.Mkdir("c", 0o755))
	targets := map[string]string{"c/pw.dss": filepath.Join(dir, "outside/passwd")}
	if _, err := os.Stat("/etc/passwd"); err == nil {
		targets["c/etc.dss"] = "/etc/passwd"
	}
	for link, target := range targets {
		mustDo(t, os.Symlink(target, link))
		r := runBounded(t, 20*time.Second, "check", link)
		if r.code != 1 || !strings.Contains(r.out(), link+":1:1: error DSH2252") {
			t.Errorf("check %s: exit %d: %s", link, r.code, r.out())
		}
		for _, leak := range []string{"root:x:", "daemon", "/bin/", "DSH3205", target} {
			if strings.Contains(r.out(), leak) {
				t.Errorf("check %s: the output holds %q of the file outside: %s", link, leak, r.out())
			}
		}
	}
}

// A .dss in a corpus folder linked to a secret outside it: bench reports
// the file (DSH2252) and no output file holds the secret.
func TestBenchKeepsASecretOutsideTheCorpusOut(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret", "key.dss")
	writeSource(t, secret, "SECRET_API_KEY_hunter2: sk-live-0123456789\nuniform float SECRET_API_KEY_hunter2 = 1;\n")
	writeSource(t, filepath.Join(dir, "corp", "A", "ok.dss"), dssMaterial)
	mustDo(t, os.Symlink(secret, filepath.Join(dir, "corp", "A", "leak.dss")))
	out := filepath.Join(dir, "report")
	r := runBounded(t, 60*time.Second, "bench", "--engines", "reference", "--modes", "2.0", "--jobs", "1", "--out", out, filepath.Join(dir, "corp"))
	report, err := os.ReadFile(filepath.Join(out, bench.ReportMD))
	if err != nil {
		t.Fatalf("bench wrote no report (exit %d): %s", r.code, r.out())
	}
	if !bytes.Contains(report, []byte("leak.dss")) || !bytes.Contains(report, []byte("DSH2252")) {
		t.Errorf("report.md does not name the refused file with DSH2252")
	}
	ents, err := os.ReadDir(out)
	mustDo(t, err)
	checked := 0
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(out, e.Name()))
		mustDo(t, err)
		if bytes.Contains(b, []byte("hunter2")) || bytes.Contains(b, []byte("sk-live")) {
			t.Errorf("%s holds the secret", e.Name())
		}
		if e.Name() == "report.md" || e.Name() == "summary.json" || e.Name() == "assets.csv" {
			checked++
		}
	}
	if checked != 3 {
		t.Errorf("report.md, summary.json and assets.csv: %d of them written", checked)
	}
	if strings.Contains(r.out(), "hunter2") {
		t.Errorf("bench printed the secret: %s", r.out())
	}
}

// `#include "../outside/bad.dsh"` is DSH2252 (it was read, and its
// uniform used).
func TestCheckRefusesAnIncludeOutsideTheRoot(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeSource(t, "inc/outside/bad.dsh", "uniform float OUTSIDE_SECRET = 3;\n")
	writeSource(t, "inc/src/m.dss", "#include \"../outside/bad.dsh\"\nexport void M(inout material m)\n{\n    m.Opacity = OUTSIDE_SECRET;\n}\n")
	r := runBounded(t, 20*time.Second, "check", "inc/src/m.dss")
	if r.code != 1 || !strings.Contains(r.out(), "inc/src/m.dss:1:1: error DSH2252: include \"../outside/bad.dsh\" leaves the source root") {
		t.Errorf("exit %d: %s", r.code, r.out())
	}
}

// /dev/zero as a .dss and as an include, and a 62 MB .dss: one diagnostic
// at once, the file never read (it filled memory: 1.8 GB, then 2.6 GB).
func TestCheckRefusesEndlessAndHugeDSS(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	mustDo(t, os.Mkdir("z", 0o755))
	mustDo(t, os.Symlink("/dev/zero", "z/z.dss"))
	mustDo(t, os.Symlink("/dev/zero", "z/zero.dsh"))
	writeSource(t, "z/m.dss", "#include \"zero.dsh\"\n"+dssMaterial)
	big, err := os.Create("z/big.dss")
	mustDo(t, err)
	mustDo(t, big.Truncate(62<<20)) // sparse: no disk used
	big.Close()
	for _, c := range []struct{ file, want string }{
		{"z/z.dss", "z/z.dss:1:1: error DSH8291: cannot read z/z.dss: is not a regular file: z/z.dss is a character device"},
		{"z/m.dss", "z/m.dss:1:1: error DSH8291: include \"zero.dsh\": is not a regular file: z/zero.dsh is a character device"},
		{"z/big.dss", "z/big.dss:1:1: error DSH8292: cannot read z/big.dss: is larger than the limit: z/big.dss has 65011712 bytes, the limit is 16777216"},
	} {
		r := runBounded(t, 20*time.Second, "check", c.file)
		if r.code != 1 || !strings.Contains(r.out(), c.want) {
			t.Errorf("check %s: exit %d: %s", c.file, r.code, r.out())
		}
		// Less than the limit of one file: none of these was read.
		if r.allocated > sourcefile.MaxFileBytes {
			t.Errorf("check %s allocated %d bytes", c.file, r.allocated)
		}
	}
}

// A FIFO as a .dss and as an include: every command that compiles sources
// reports it and returns (each hung for ever).
func TestNoCommandWaitsOnAFIFO(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	mustDo(t, os.Mkdir("fifo", 0o755))
	if err := syscall.Mkfifo("fifo/f.dss", 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	mustDo(t, os.Mkdir("inc", 0o755))
	mustDo(t, syscall.Mkfifo("inc/p.dsh", 0o644))
	writeSource(t, "inc/m.dss", "#include \"p.dsh\"\n"+dssMaterial)
	wants := map[string]string{
		"fifo/f.dss": "DSH8291: cannot read fifo/f.dss: is not a regular file: fifo/f.dss is a FIFO",
		"inc/m.dss":  "DSH8291: include \"p.dsh\": is not a regular file: inc/p.dsh is a FIFO",
	}
	for file, want := range wants {
		out := filepath.Join(dir, "out-"+filepath.Dir(file))
		// What each command says of a file that does not compile.
		for _, c := range []struct {
			args []string
			say  string
		}{
			{[]string{"check"}, want},
			{[]string{"compile"}, want},
			{[]string{"counts"}, file + ": does not compile: DSH8291"},
			{[]string{"validate"}, "1 file (1 not compiling, skipped)"},
			{[]string{"bench", "--engines", "reference", "--modes", "2.0", "--out", out}, "is a FIFO"},
		} {
			r := runBounded(t, 30*time.Second, append(c.args, file)...)
			text := r.out()
			if c.args[0] == "bench" {
				b, err := os.ReadFile(filepath.Join(out, bench.ReportMD))
				if err != nil {
					t.Errorf("bench %s wrote no report (exit %d): %s", file, r.code, text)
					continue
				}
				text = string(b)
			}
			if !strings.Contains(text, c.say) {
				t.Errorf("%s %s: exit %d, no %q in:\n%s", c.args[0], file, r.code, c.say, text)
			}
		}
	}
}

// The codes of a file that cannot be read are the same for both front
// ends: a missing file in a folder walk, a FIFO, a link out of the folder,
// a file past the limit.
func TestReadCodesAreTheSameForDSSAndDSM(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeSource(t, "outside/x.txt", "x\n")
	mustDo(t, os.Mkdir("src", 0o755))
	for _, ext := range []string{".dss", ".dsm"} {
		mustDo(t, os.Symlink("/nonexistent", "src/gone"+ext))
		if err := syscall.Mkfifo("src/fifo"+ext, 0o644); err != nil {
			t.Skip("no FIFOs here:", err)
		}
		mustDo(t, os.Symlink(filepath.Join(dir, "outside/x.txt"), "src/out"+ext))
		f, err := os.Create("src/big" + ext)
		mustDo(t, err)
		mustDo(t, f.Truncate(sourcefile.MaxFileBytes+1))
		f.Close()
	}
	r := runBounded(t, 20*time.Second, "check", "src")
	for _, c := range []struct{ name, code string }{{"gone", "DSH8290"}, {"fifo", "DSH8291"}, {"out", "DSH2252"}, {"big", "DSH8292"}} {
		for _, ext := range []string{".dss", ".dsm"} {
			want := "src/" + c.name + ext + ":1:1: error " + c.code + ": "
			if !strings.Contains(r.out(), want) {
				t.Errorf("no %q in:\n%s", want, r.out())
			}
		}
	}
	if strings.Contains(r.out(), "DSH1001") {
		t.Errorf("the .dss code of old: %s", r.out())
	}
}

// A UTF-8 BOM is skipped in a .dss as in a .dsm: both check clean, and the
// .dss compiles to what it does without one.
func TestBOMIsSkippedInBothFrontEnds(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeSource(t, "bom/M.dss", "\xEF\xBB\xBF"+dssMaterial)
	writeSource(t, "plain/M.dss", dssMaterial)
	writeSource(t, "bom/M.dsm", "\xEF\xBB\xBFShader(Name=\"M_Ok\")\n{\n    Outputs { float C; Base.Opacity = C; }\n    Graph { C = 0.5; }\n}\n")
	for _, f := range []string{"bom/M.dss", "bom/M.dsm"} {
		if r := runBounded(t, 20*time.Second, "check", f); r.code != 0 || r.out() != "" {
			t.Errorf("check %s: exit %d: %s", f, r.code, r.out())
		}
	}
	a := runBounded(t, 20*time.Second, "compile", "--format", "json", "bom/M.dss")
	b := runBounded(t, 20*time.Second, "compile", "--format", "json", "plain/M.dss")
	if a.code != 0 || a.stdout != strings.ReplaceAll(b.stdout, "plain/", "bom/") {
		t.Errorf("with a BOM (exit %d):\n%s\nwithout:\n%s", a.code, a.stdout, b.stdout)
	}
}

// `1e999` in a .dss is DSH8272 at compile, as in a .dsm (it was a silent
// 0), in a constant and in CoordinateIndex.
func TestOverflowingLiteralWarnsInBothFrontEnds(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeSource(t, "o.dss", "const float BIG = 1e999;\nexport void M(inout material m)\n{\n    m.Opacity = BIG;\n    m.BaseColor = UE.TexCoord(CoordinateIndex = 1e999);\n}\n")
	writeSource(t, "o.dsm", "Shader(Name=\"M\")\n{\n    Outputs { float C; float2 U; Base.Opacity = C; Base.Normal = U; }\n    Graph { C = 1e999; U = UE.TexCoord(Index = 1e999); }\n}\n")
	for _, f := range []string{"o.dss", "o.dsm"} {
		r := runBounded(t, 20*time.Second, "compile", f)
		for _, want := range []string{"warning DSH8272: Value=inf does not fit a float", "warning DSH8272: CoordinateIndex=inf does not fit a float"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("compile %s: no %q in: %s", f, want, r.out())
			}
		}
	}
}

// A pack that is a FIFO, /dev/zero, or a link out of its folder: a read
// diagnostic and exit 2 (a usage or I/O problem), at once.
func TestUnreadablePackIsAUsageError(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeSource(t, "src/ok.dss", dssMaterial)
	writeSource(t, "elsewhere/p.mg", "# pack: p\nsig(N, S) :- cur(N, S, _).\n")
	mustDo(t, os.Mkdir("packs", 0o755))
	if err := syscall.Mkfifo("packs/f.mg", 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	mustDo(t, os.Symlink("/dev/zero", "packs/z.mg"))
	mustDo(t, os.Symlink(filepath.Join(dir, "elsewhere/p.mg"), "packs/out.mg"))
	for pack, want := range map[string]string{
		"packs/f.mg":    "packs/f.mg:1:1: error DSH8291: cannot read rule pack: is not a regular file: packs/f.mg is a FIFO",
		"packs/z.mg":    "packs/z.mg:1:1: error DSH8291: cannot read rule pack: is not a regular file: packs/z.mg is a character device",
		"packs/out.mg":  "packs/out.mg:1:1: error DSH2252: cannot read rule pack: leaves the source root",
		"packs/none.mg": "packs/none.mg:1:1: error DSH8290: cannot read rule pack",
	} {
		r := runBounded(t, 20*time.Second, "validate", "--rules", pack, "src/ok.dss")
		if r.code != exitUsage || !strings.Contains(r.out(), want) {
			t.Errorf("validate --rules %s: exit %d: %s", pack, r.code, r.out())
		}
	}
}

// conform over a FIFO golden, a golden linked to /dev/zero and a golden
// whose source is a FIFO reports each as a failure with its read code and
// goes on to the next golden.
func TestConformReportsUnreadableGoldens(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	mustDo(t, os.Mkdir("g", 0o755))
	if err := syscall.Mkfifo("g/F.expected.json", 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	mustDo(t, os.Symlink("/dev/zero", "g/Z.expected.json"))
	for _, stem := range []string{"F", "Z", "Ok"} {
		writeSource(t, "g/"+stem+".dsm", "Shader(Name=\"M\")\n{\n    Outputs { float C; Base.Opacity = C; }\n    Graph { C = 0.5; }\n}\n")
	}
	writeSource(t, "g/Ok.expected.json", `{"entryPoint": "legacy", "outcome": "ok"}`)
	// and a golden whose source is a FIFO
	mustDo(t, syscall.Mkfifo("g/S.dss", 0o644))
	writeSource(t, "g/S.expected.json", `{"entryPoint": "ir", "outcome": "ok"}`)
	r := runBounded(t, 20*time.Second, "conform", "g")
	for _, want := range []string{
		"FAIL F: DSH8291: cannot read the golden: is not a regular file: g/F.expected.json is a FIFO",
		"FAIL Z: DSH8291: cannot read the golden: is not a regular file: g/Z.expected.json is a character device",
		"FAIL S: unexpected errors: 1:1 DSH8291 cannot read g/S.dss: is not a regular file: g/S.dss is a FIFO",
		"PASS Ok",
		"1 passed, 3 failed",
	} {
		if !strings.Contains(r.out(), want) {
			t.Errorf("no %q in:\n%s", want, r.out())
		}
	}
	if r.code != 1 {
		t.Errorf("exit %d, want 1", r.code)
	}
	if r.allocated > sourcefile.MaxFileBytes {
		t.Errorf("conform allocated %d bytes", r.allocated)
	}
}

// Run from a folder reached through a symlink, `check X.dsm` and
// `check X.dss` read the file (DSH2252 before: the root was taken from
// the logical $PWD, the file's path from the kernel).
func TestCheckFromASymlinkedFolder(t *testing.T) {
	dir := t.TempDir()
	writeSource(t, filepath.Join(dir, "real", "x.dsm"), "Shader(Name=\"M\")\n{\n    Outputs { float C; Base.Opacity = C; }\n    Graph { C = 0.5; }\n}\n")
	writeSource(t, filepath.Join(dir, "real", "x.dss"), "#include \"h.dsh\"\n"+dssMaterial)
	writeSource(t, filepath.Join(dir, "real", "h.dsh"), "uniform float G = 1;\n")
	mustDo(t, os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "link")))
	t.Chdir(filepath.Join(dir, "link"))
	for _, f := range []string{"x.dsm", "x.dss"} {
		if r := runBounded(t, 20*time.Second, "check", f); r.code != 0 {
			t.Errorf("check %s from the link: exit %d: %s", f, r.code, r.out())
		}
	}
}
