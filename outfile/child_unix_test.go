//go:build unix

package outfile

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as the child these tests kill or starve: with
// childEnv set it writes childDest and exits, without running the tests.
const (
	childEnv  = "OUTFILE_TEST_CHILD"
	childDest = "OUTFILE_TEST_DEST"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(childEnv); mode != "" {
		os.Exit(child(mode, os.Getenv(childDest)))
	}
	os.Exit(m.Run())
}

// bigPage is the page the child writes: 32 MiB in 32 KiB chunks, each
// numbered so that no prefix of it equals another's.
const (
	chunk  = 32 << 10
	chunks = 1024
)

func writeBigPage(w io.Writer) error {
	line := bytes.Repeat([]byte("<td>reuselab</td>"), chunk/17+1)[:chunk-16]
	for i := range chunks {
		if _, err := fmt.Fprintf(w, "<!-- %08d -->\n", i); err != nil {
			return err
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

func child(mode, dest string) int {
	switch mode {
	case "write": // says "writing" when the page starts, then writes it
		err := Write(dest, func(w io.Writer) error {
			fmt.Println("writing")
			return writeBigPage(w)
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		return 0
	case "fsize": // a disk that takes 1 MiB more
		lim := &syscall.Rlimit{Cur: 1 << 20, Max: 1 << 20}
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, lim); err != nil {
			fmt.Fprintln(os.Stderr, "setrlimit:", err)
			return 3
		}
		if err := Write(dest, writeBigPage); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		return 0
	}
	return 4
}

func childCmd(t *testing.T, mode, dest string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Skip("no test binary path:", err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"="+mode, childDest+"="+dest)
	return cmd
}

func digest(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return "absent"
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	n, _ := io.Copy(h, f)
	return fmt.Sprintf("%x (%d bytes)", h.Sum(nil), n)
}

// A child writing a 32 MiB page is killed with SIGKILL at random points
// from the start of the write to past its end: the page is afterwards the
// old one or the whole new one, never part of either. Most kills land
// mid-write (they leave the temporary file, which nothing can remove after
// SIGKILL); the test requires that some did, or it proved nothing.
func TestKillMidWriteLeavesOldOrWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("kills 30 child processes")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	var whole bytes.Buffer
	writeBigPage(&whole)
	wholeSum := fmt.Sprintf("%x (%d bytes)", sha256.Sum256(whole.Bytes()), whole.Len())
	old := []byte("<html>the old page</html>\n")

	// One run to the end, timed from "writing" to exit: the window to aim at.
	os.WriteFile(page, old, 0o644)
	cmd := childCmd(t, "write", page)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v: %s", err, out)
	}
	window := time.Since(start)
	if got := digest(t, page); got != wholeSum {
		t.Fatalf("an uninterrupted write left %s, want %s", got, wholeSum)
	}

	const runs = 30
	midWrite := 0
	for i := range runs {
		os.WriteFile(page, old, 0o644)
		cmd := childCmd(t, "write", page)
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if line, _ := bufio.NewReader(stdout).ReadString('\n'); line != "writing\n" {
			t.Fatalf("run %d: child said %q", i, line)
		}
		time.Sleep(time.Duration(rand.Int64N(int64(window) * 6 / 5)))
		cmd.Process.Kill()
		cmd.Wait()
		switch got := digest(t, page); got {
		case "absent":
			t.Errorf("run %d: the page is gone", i)
		case wholeSum:
		default:
			if b, _ := os.ReadFile(page); !bytes.Equal(b, old) {
				t.Errorf("run %d: the page is %s, neither the old one nor the whole new one", i, got)
			}
		}
		for _, name := range entries(t, dir) {
			if strings.Contains(name, ".tmp-") {
				midWrite++
				os.Remove(filepath.Join(dir, name))
			}
		}
	}
	t.Logf("%d of %d kills landed mid-write", midWrite, runs)
	if midWrite == 0 {
		t.Errorf("no kill of %d landed mid-write (window %v): the test proved nothing", runs, window)
	}
}

// A disk that fills mid-write (RLIMIT_FSIZE in a child: the write fails
// with EFBIG at 1 MiB of the 32): the old page stays whole, no temporary
// file is left, and the error names the page.
func TestFullDiskKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	old := []byte("<html>the old page</html>\n")
	os.WriteFile(page, old, 0o644)
	out, err := childCmd(t, "fsize", page).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("child: %v, want exit 2: %s", err, out)
	}
	if !strings.Contains(string(out), "write "+page+": file too large") {
		t.Errorf("the error does not name the page and the cause: %s", out)
	}
	if b, _ := os.ReadFile(page); !bytes.Equal(b, old) {
		t.Errorf("the old page changed: %d bytes", len(b))
	}
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("the folder holds %v, want only page.html", got)
	}
}
