package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/internal/tooltest"
)

// A bench run from a checkout leaves nothing git sees: the go command
// stamps a build vcs.modified=true (the +dirty that `reuselab version`
// prints) when `git status --porcelain` lists anything, and the lock of
// bench's output folder once stayed beside it as an untracked
// .bench-out.lock. The repository ignores bench-out/ as this one does.
func TestBenchLeavesTheCheckoutClean(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		tooltest.Skip(t, "git", "git is not installed: the test reads `git status`")
	}
	repo := t.TempDir()
	gitDo := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(git, append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	gitDo("init", "-q")
	writeSource(t, filepath.Join(repo, ".gitignore"), "/bench-out/\n")
	writeSource(t, filepath.Join(repo, "corpus", "M_EvalWitness.dsm"), evalWitness)
	gitDo("add", ".")
	gitDo("commit", "-q", "-m", "corpus")
	t.Chdir(repo)
	if code, _, errs := runCLI(t, "bench", "--modes", "none", "--engines", "reference", "--jobs", "1", "corpus"); code != 0 {
		t.Fatalf("bench: exit %d\n%s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(repo, "bench-out", "report.md")); err != nil {
		t.Fatalf("bench wrote no report in the checkout: %v", err)
	}
	if st := gitDo("status", "--porcelain"); strings.TrimSpace(st) != "" {
		t.Errorf("after bench, git status lists (a build would be vcs.modified):\n%s", st)
	}
}
