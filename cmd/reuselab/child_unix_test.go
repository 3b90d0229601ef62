//go:build unix

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"reuselab/bench"
	"reuselab/internal/tooltest"
	"reuselab/outfile"
)

// The test binary doubles as reuselab itself for the tests that need a
// process to kill, starve or run as another user: with mainEnv set it runs
// main with its arguments (main's signal handler included), after
// lowering its file size limit to fsizeEnv bytes when that is set.
const (
	mainEnv  = "REUSELAB_TEST_MAIN"
	fsizeEnv = "REUSELAB_TEST_FSIZE"
)

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		if n, err := strconv.ParseUint(os.Getenv(fsizeEnv), 10, 64); err == nil {
			if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
				fmt.Fprintln(os.Stderr, "setrlimit:", err)
				os.Exit(99)
			}
		}
		main()
	}
	os.Exit(tooltest.Run(m))
}

// reuselabCmd is the CLI as a child process.
func reuselabCmd(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test binary path:", err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(append(os.Environ(), mainEnv+"=1"), env...)
	return cmd
}

// hiddenLeftovers lists dir's temporary entries (.NAME.tmp-*, .old).
func hiddenLeftovers(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if n := e.Name(); strings.Contains(n, ".tmp-") || strings.Contains(n, ".probe-") || strings.HasSuffix(n, ".old") {
			out = append(out, n)
		}
	}
	return out
}

// Attack 5, a full disk: a page cut mid-tag replaced the old one. Each
// command that writes a file writes it whole or not at all: with the file
// size limit below the output's size (the disk is full part-way), the
// command exits 2 with a message naming the output, the old output is
// byte for byte as it was, and no temporary file is left.
func TestOutputsSurviveAFullDisk(t *testing.T) {
	dir := t.TempDir()
	var big bytes.Buffer
	if code := dispatch([]string{"gen", "--nodes", "3000", "--seed", "3"}, &big, os.Stderr); code != 0 {
		t.Fatal("gen failed")
	}
	src := filepath.Join(dir, "big.dsm")
	os.WriteFile(src, big.Bytes(), 0o644)
	bad := filepath.Join(dir, "bad.dsm")
	os.WriteFile(bad, []byte("Shader(Name=\"M\"){\n Properties = { ScalarParameter X = 1.0; }\n Outputs = { float C; Base.EmissiveColor = C; }\n"+
		" Graph = {\n  float a = X + X;\n  float b = a * 2.0;\n  C = b + Nope;\n }\n}\n"), 0o644)
	const oldContent = "the old output, which must survive\n"
	for _, c := range []struct {
		name  string
		limit int // bytes the disk takes
		out   string
		args  []string
	}{
		{"view", 64 << 10, "page.html", []string{"view", src, "--out", "page.html"}},
		{"reduce", 16, "small.dsm", []string{"reduce", bad, "--until", "diag:DSH4200", "--out", "small.dsm"}},
		{"compile t3d", 64 << 10, "t3d/Generated_G_n3000_s3.t3d", []string{"compile", "--format", "t3d", "--out", "t3d", src}},
		{"gen", 64 << 10, "gen/G_n20000_s1.dsm", []string{"gen", "--nodes", "20000", "--out", "gen"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			work := t.TempDir()
			out := filepath.Join(work, c.out)
			if sub := filepath.Dir(c.out); sub != "." { // a folder of the command's own, from an earlier run
				if err := outfile.OwnDir(filepath.Join(work, sub), strings.Fields(c.name)[0]); err != nil {
					t.Fatal(err)
				}
			}
			os.WriteFile(out, []byte(oldContent), 0o644)
			cmd := reuselabCmd(t, []string{fsizeEnv + "=" + strconv.Itoa(c.limit)}, c.args...)
			cmd.Dir = work
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitUsage {
				t.Fatalf("exit %v, want 2: %s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "file too large") || !strings.Contains(stderr.String(), filepath.Base(c.out)) {
				t.Errorf("the message does not name the output and the cause: %s", stderr.String())
			}
			if b, _ := os.ReadFile(out); string(b) != oldContent {
				t.Errorf("the old output is now %d bytes", len(b))
			}
			if left := hiddenLeftovers(t, filepath.Dir(out)); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// bench left `.NAME.tmp-*` folders after SIGINT and SIGTERM. A bench child
// gets the signal the moment its temporary report folder appears: it dies
// of the signal (a shell sees 130 or 143), the temporary folder is gone,
// and the report folder is the previous report or the new one, whole.
func TestBenchSignalRemovesItsTemporaryFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bench in child processes")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "bo")
	if code, _, stderr := runCLI(t, "bench", "--jobs", "1", "--out", out); code != exitOK {
		t.Fatalf("first report: exit %d: %s", code, stderr)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		landed := 0
		for try := 0; try < 8 && landed < 2; try++ {
			cmd := reuselabCmd(t, nil, "bench", "--jobs", "1", "--out", out)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			sent := false
		watch:
			for {
				select {
				case err := <-done:
					done <- err
					break watch
				default:
				}
				if ms, _ := filepath.Glob(filepath.Join(dir, ".bo.tmp-*")); len(ms) > 0 {
					cmd.Process.Signal(sig)
					sent = true
					break
				}
				time.Sleep(100 * time.Microsecond)
			}
			err := <-done
			var ee *exec.ExitError
			killed := errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signaled() && ee.Sys().(syscall.WaitStatus).Signal() == sig
			if sent && killed {
				landed++
			} else if sent && err == nil {
				t.Logf("%v: the run finished before the signal", sig)
			} else if sent {
				t.Errorf("%v: the child ended with %v, want death by the signal", sig, err)
			}
			if left := hiddenLeftovers(t, dir); len(left) > 0 {
				t.Errorf("%v: left behind %v", sig, left)
				for _, l := range left {
					os.RemoveAll(filepath.Join(dir, l))
				}
			}
			for _, f := range []string{bench.ReportMD, bench.SummaryJSON, bench.MetricsJSON, outfile.MarkerName} {
				if _, err := os.Stat(filepath.Join(out, f)); err != nil {
					t.Errorf("%v: the report lost %s", sig, f)
				}
			}
		}
		if landed == 0 {
			t.Errorf("%v never reached bench while it wrote: the test proved nothing", sig)
		}
	}
}

// Attack 7: one unreadable sub-folder made bench exit 2 with no report,
// where check and counts skip it. Run as a user that chmod 000 stops (as
// root, bench runs as nobody), bench names the folder on stderr as check
// does, reports the rest, and exits 0.
func TestBenchPassesOverAnUnreadableFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs bench in a child process")
	}
	dir, err := os.MkdirTemp("", "reuselab-unread-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(dir, "corp", "locked"), 0o755); os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	corp := filepath.Join(dir, "corp")
	writeFiles(t, filepath.Join(corp, "ok"), map[string]string{"M_Ok.dsm": shaderNamed("Ok", "1.0")})
	writeFiles(t, filepath.Join(corp, "locked"), map[string]string{"M_Locked.dsm": shaderNamed("Locked", "1.0")})
	os.Chmod(filepath.Join(corp, "locked"), 0)
	cmd := reuselabCmd(t, nil, "bench", "--modes", "2.0", "--engines", "reference", "--jobs", "1", "--out", filepath.Join(dir, "bo"), corp)
	if os.Geteuid() == 0 {
		// nobody cannot reach the test binary in the build cache: a copy
		exe, err := os.ReadFile(cmd.Path)
		if err != nil {
			t.Fatal(err)
		}
		cmd.Path = filepath.Join(dir, "reuselab.test")
		if err := os.WriteFile(cmd.Path, exe, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if strings.Contains(stderr.String(), "permission denied") && strings.Contains(stderr.String(), "fork/exec") || errors.Is(err, os.ErrPermission) {
		t.Skipf("cannot run the test binary as another user: %v", err)
	}
	if err != nil {
		t.Fatalf("bench: %v: %s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "skipped 1 entry (cannot read)") {
		t.Errorf("stderr does not name the unreadable folder: %s", stderr.String())
	}
	report, err := os.ReadFile(filepath.Join(dir, "bo", bench.ReportMD))
	if err != nil {
		t.Fatalf("no report: %v", err)
	}
	if !bytes.Contains(report, []byte("| ok ")) && !strings.Contains(stdout.String(), "corp ") {
		t.Errorf("the readable sources are not reported:\n%s", stdout.String())
	}
}
