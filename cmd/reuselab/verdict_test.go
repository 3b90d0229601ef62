package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reuselab/internal/shared"
	"reuselab/rules/pack"
)

// verdicts maps "file-base/asset" to whether an engine's result differs from
// the reference mode it is held against.
type verdicts map[string]bool

// validateVerdicts reads validate's per-asset lines: an asset differs when
// the pack disagrees, merges more (extra merge) or stopped.
func validateVerdicts(t *testing.T, out string) verdicts {
	t.Helper()
	line := regexp.MustCompile(`^(.*): asset \d+ ("(?:[^"\\]|\\.)*"): (.*)$`)
	v := verdicts{}
	for _, l := range strings.Split(out, "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		key := filepath.Base(m[1]) + "/" + strings.Trim(m[2], `"`)
		v[key] = v[key] || strings.Contains(m[3], "disagree") || strings.HasPrefix(m[3], "extra merge") || strings.Contains(m[3], "stopped")
	}
	return v
}

// benchVerdicts reads bench's assets.csv: an asset differs when the pack's
// column disagrees with its versus column or has an error.
func benchVerdicts(t *testing.T, dir, variant string) verdicts {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "assets.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	dis, ok1 := col[variant+"_disagrees"]
	errc, ok2 := col[variant+"_error"]
	if !ok1 || !ok2 {
		t.Fatalf("assets.csv has no columns for %s: %v", variant, rows[0])
	}
	v := verdicts{}
	for _, r := range rows[1:] {
		v[filepath.Base(r[col["file"]])+"/"+r[col["asset"]]] = r[dis] == "true" || r[errc] != ""
	}
	return v
}

// Every built-in pack gives the same verdict per asset whichever command
// runs it: validate and bench both resolve it through reuse/engines, which
// honours its header (legacy-1x reads the 1x build, `# input: 1x`). The
// files include docs-example-46.dsm, whose M_IfElse bench once reported as a
// legacy-1x disagreement (10 vs 12 nodes) while validate said it agreed:
// bench evaluated legacy-1x on the graph as built.
func TestEveryPackSameVerdictInEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("runs validate and bench for every built-in pack")
	}
	real := shared.CorpusOrSkip(t)
	files := []string{
		filepath.Join(real, "TypeDreamMoon__DreamShader/docs-examples/docs-example-46.dsm"),
		// an extra merge of commutative (51) and of identities (52, 58)
		filepath.Join(real, "TypeDreamMoon__DreamShader/docs-examples/docs-example-51.dsm"),
		filepath.Join(real, "TypeDreamMoon__DreamShader/docs-examples/docs-example-52.dsm"),
		filepath.Join(real, "TypeDreamMoon__DreamShader/docs-examples/docs-example-58.dsm"),
		filepath.Join(real, "TypeDreamMoon__MoonToon/DShader/Materials/Core"),
		filepath.Join(real, "TypeDreamMoon__DreamGUI/DShader"),
	}
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Skipf("the shared corpus has no %s", f)
		}
	}
	for _, pack := range pack.BuiltinNames() {
		t.Run(pack, func(t *testing.T) {
			_, vout, verr := runCLI(t, append([]string{"validate", "--rules", pack}, files...)...)
			if !strings.Contains(vout, "validate "+pack) {
				t.Fatalf("validate printed no summary:\n%s%s", vout, verr)
			}
			dir := filepath.Join(t.TempDir(), "bench")
			versus := "2.0"
			if pack == "legacy-1x" {
				versus = "1x"
			}
			if code, bout, berr := runCLI(t, append([]string{"bench", "--modes", versus, "--rules", pack, "--out", dir}, files...)...); code != 0 {
				t.Fatalf("bench exit %d\n%s%s", code, bout, berr)
			}
			got, want := benchVerdicts(t, dir, "datalog:"+pack), validateVerdicts(t, vout)
			if len(got) == 0 {
				t.Fatal("bench ran no asset")
			}
			differ := 0
			for key, b := range got {
				v := want[key] // validate prints nothing for an asset that agrees
				if b != v {
					t.Errorf("%s: bench says differs=%v, validate says differs=%v", key, b, v)
				}
				if b {
					differ++
				}
			}
			if k := "docs-example-46.dsm/Docs/M_IfElse"; pack == "legacy-1x" {
				if _, ok := got[k]; !ok {
					t.Errorf("bench has no row %s", k)
				} else if got[k] {
					t.Errorf("%s: legacy-1x still disagrees with mode 1x in bench", k)
				}
			}
			if (pack == "commutative" || pack == "identities") && differ == 0 {
				t.Errorf("%s: no asset differs from 2.0, so the files no longer test an extra merge", pack)
			}
			t.Logf("%s: %d assets, %d differ from %s in both commands", pack, len(got), differ, versus)
		})
	}
}
