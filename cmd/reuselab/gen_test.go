package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/bench/gen"
	"reuselab/compiler"
)

// `gen --lang dss --out DIR` writes G_n<N>_s<S>.dss files, byte-identical
// for the same flags and to what the library writes, that check cleanly;
// an unknown --lang is a usage error.
func TestGenLangDSS(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--lang", "dss", "--nodes", "120", "--seed", "5", "--dup-rate", "0.4", "--branches", "2", "--count", "2", "--out", dir}
	var out, errOut bytes.Buffer
	if code := runGen(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, seed := range []uint64{5, 6} {
		cfg := gen.Config{Nodes: 120, Seed: seed, DupRate: 0.4, Branches: 2, Lang: "dss"}
		p := filepath.Join(dir, cfg.FileName())
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := gen.Program(cfg); string(got) != want {
			t.Errorf("%s differs from gen.Program", p)
		}
		if _, ds := compiler.CompileFile(p, compiler.Options{}); ds.HasErrors() {
			t.Errorf("%s: %s", p, ds.String())
		}
	}
	var stdout1, stdout2 bytes.Buffer
	one := []string{"--lang", "dss", "--nodes", "60", "--seed", "9"}
	runGen(one, &stdout1, &errOut)
	runGen(one, &stdout2, &errOut)
	if stdout1.String() != stdout2.String() || !strings.Contains(stdout1.String(), "export void G_n60_s9(inout material m)") {
		t.Errorf("stdout program not reproducible or not a .dss:\n%.300s", stdout1.String())
	}
	errOut.Reset()
	if code := runGen([]string{"--lang", "hlsl"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "unknown --lang") {
		t.Errorf("--lang hlsl: exit %d, %q", code, errOut.String())
	}
}
