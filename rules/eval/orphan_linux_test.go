package eval_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/rules/eval"
	"reuselab/rules/pack"
)

// SIGTERM to validate left its evaluation child running, reparented and
// growing. The child watches a pipe from its parent and has Pdeathsig: it
// dies with the parent however the parent dies, here by SIGKILL.
func TestChildDiesWithItsParent(t *testing.T) {
	if os.Getenv("RULES_ORPHAN_PARENT") == "1" {
		// this process is the parent: evaluate a pack that never ends
		p, ds := pack.Load(os.Getenv("RULES_ORPHAN_PACK"), eval.Analyser(ir.Limits{}))
		if p == nil {
			t.Fatal(ds.String())
		}
		eval.Run(irgen.Generate(irgen.Config{Seed: 1, Nodes: 10}), p, eval.Options{Limits: ir.Limits{Timeout: time.Minute, MaxFacts: 1 << 40}})
		return
	}
	if testing.Short() {
		t.Skip("spawns processes")
	}
	pack := writePack(t, "forever.mg", "# pack: forever\ngrow(0) :- cur(_, _, _).\ngrow(X) :- grow(Y), X = fn:plus(Y, 1).\nsig(N, \"x\") :- cur(N, _, _), grow(0).\n")
	parent := exec.Command(os.Args[0], "-test.run=^TestChildDiesWithItsParent$")
	parent.Env = append(os.Environ(), "RULES_ORPHAN_PARENT=1", "RULES_ORPHAN_PACK="+pack)
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	var child string
	for deadline := time.Now().Add(30 * time.Second); child == "" && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		// the evaluation child, not the short-lived loading one: wait until
		// one has run a while
		tasks, _ := filepath.Glob("/proc/" + itoa(parent.Process.Pid) + "/task/*/children")
		for _, f := range tasks {
			b, _ := os.ReadFile(f)
			for _, pid := range strings.Fields(string(b)) {
				if st, err := os.Stat("/proc/" + pid); err == nil && time.Since(st.ModTime()) > 500*time.Millisecond {
					child = pid
				}
			}
		}
	}
	if child == "" {
		parent.Process.Kill()
		parent.Wait()
		t.Fatal("the parent started no evaluation child")
	}
	parent.Process.Kill()
	parent.Wait()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		b, err := os.ReadFile("/proc/" + child + "/stat")
		if err != nil {
			return // gone
		}
		if f := strings.Fields(string(b)); len(f) > 2 && f[2] == "Z" {
			return // dead, waiting for a reaper
		}
	}
	t.Fatalf("evaluation child %s outlived its parent", child)
}
