package dss_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/diag"
	"reuselab/internal/shared"
	"reuselab/ir"
)

// TestGoldenlessBadSources checks the ten `.bad.dss` fixtures upstream
// ships without a golden (LANGUAGE-DSS §6 Q7) against the code their
// comments name.
func TestGoldenlessBadSources(t *testing.T) {
	root := corpusTests(t)
	cases := map[string]string{
		"IR/Reflected/Rf_WrongCase.bad.dss":                "DSH5210",
		"IR/Substrate/S1_LerpMixed.bad.dss":                "DSH5293",
		"IR/Substrate/S1_UnsupportedOperator.bad.dss":      "DSH5293",
		"IR/Substrate/S3_ConflictingArguments.bad.dss":     "DSH5295",
		"IR/Substrate/S3_IorAgainstMetallic.bad.dss":       "DSH5295",
		"IR/Substrate/S3_ThicknessAlone.bad.dss":           "DSH5296",
		"IR/Substrate/S5_HazinessWithoutRoughness.bad.dss": "DSH5296",
		"IR/Substrate/S5_ReadUnset.bad.dss":                "DSH5299",
		"IR/Substrate/S5_WriteAfterUse.bad.dss":            "DSH5297",
		"IR/Swizzle/S_RepeatedLValue.bad.dss":              "DSH4230",
	}
	for rel, code := range cases {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		_, ds := dss.CompileFile(path, dss.Options{Catalog: dss.TestCatalog})
		if !hasCode(ds, diag.Error, code) {
			t.Errorf("%s: want error %s, got:\n%s", rel, code, ds.String())
		}
	}
}

func hasCode(ds diag.List, sev diag.Severity, code string) bool {
	for _, d := range ds.Items {
		if d.Severity == sev && d.Code == code {
			return true
		}
	}
	return false
}

// dssSources lists every .dss and .dsh of the real corpus.
func dssSources(t *testing.T) []string {
	c := shared.CorpusOrSkip(t)
	var files []string
	filepath.WalkDir(c, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if ext := filepath.Ext(p); ext == ".dss" || ext == ".dsh" {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// badCompiles are `.bad.` sources the front end still compiles, each with
// the reason: goldens of entry points the front end does not run yet.
var badCompiles = map[string]string{}

// TestCorpusSweep compiles every .dss and .dsh of the corpus (a `.dsh` of
// the 1.x dialect gives parse errors, which is fine): no panic, no
// internal error, every diagnostic placed in its file, and every `.bad.`
// source fails.
func TestCorpusSweep(t *testing.T) {
	files := dssSources(t)
	if len(files) < 100 {
		t.Fatalf("found %d .dss/.dsh files, expected the corpus's 110+", len(files))
	}
	corpus := shared.CorpusOrSkip(t)
	pending := map[string]bool{}
	defer func() {
		// A front end that learned the error must take the excuse out.
		for rel := range badCompiles {
			if !pending[rel] {
				t.Errorf("%s: listed in badCompiles but fails as it should now (or is gone): remove it", rel)
			}
		}
	}()
	for _, f := range files {
		// The engine catalog accepts more (m.Metallic, engine classes), so
		// only its robustness is checked; the .bad. rule is the test
		// catalog's.
		for _, cat := range []dss.Catalog{dss.EngineCatalog, dss.TestCatalog} {
			m, ds := dss.CompileFile(f, dss.Options{Catalog: cat})
			for _, d := range ds.Items {
				if d.Code == "DSH4350" {
					t.Errorf("%s: internal error: %s", f, d)
				}
			}
			if m != nil && !ds.HasErrors() {
				for _, g := range m.Products {
					if err := ir.Check(g); err != nil {
						t.Errorf("%s: %v", f, err)
					}
				}
				passes.RunModule(m, passes.Options{Mode: "2.0"})
			}
		}
		m, ds := dss.CompileFile(f, dss.Options{Catalog: dss.TestCatalog})
		for _, d := range ds.Items {
			if d.Code == "DSH4350" || (d.Code == "DSH2150" && strings.Contains(d.Message, "internal")) {
				t.Errorf("%s: internal error: %s", f, d)
			}
			if d.Pos.Line < 1 || d.Pos.Col < 1 || d.Pos.File == "" {
				t.Errorf("%s: diagnostic without a position: %s", f, d)
			}
		}
		if strings.Contains(filepath.Base(f), ".bad.") && !ds.HasErrors() {
			rel, _ := filepath.Rel(corpus, f)
			if why, ok := badCompiles[filepath.ToSlash(rel)]; ok {
				pending[filepath.ToSlash(rel)] = true
				t.Logf("%s compiles: %s", rel, why)
			} else {
				t.Errorf("%s: a .bad. source compiled without an error", f)
			}
		}
		if m != nil && !ds.HasErrors() {
			passes.RunModule(m, passes.Options{Mode: "2.0"})
		}
	}
}

// cleanErrors are `.dsi`/`.dsp` sources not named `.bad.` that bind with
// errors, each with the reason: goldens of the parser alone, whose file
// the binder refuses.
var cleanErrors = map[string]string{
	"TypeDreamMoon__DreamShader/Tests/Corpus/Lang/Pipeline/P_AllForms.dsp": "a Lang golden (the parser's forms); its buffer asks for Mips = 2, which the binder refuses (DSH7308: no pass can fill mip levels yet)",
}

// TestInstanceAndPipelineSweep binds every `.dsi` instance and `.dsp`
// pipeline of the corpus: no panic, no internal error, every diagnostic
// placed, every `.bad.` file has an error, and any other file's errors
// are listed with a reason.
func TestInstanceAndPipelineSweep(t *testing.T) {
	corpus := shared.CorpusOrSkip(t)
	perExt := map[string]int{}
	withErrors := map[string]bool{}
	filepath.WalkDir(corpus, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		var ds diag.List
		switch ext := filepath.Ext(p); ext {
		case ".dsi":
			_, ds = dss.CompileInstance(p, dss.Options{})
		case ".dsp":
			_, ds = dss.CompilePipeline(p, dss.Options{})
		default:
			return nil
		}
		perExt[filepath.Ext(p)]++
		rel, _ := filepath.Rel(corpus, p)
		rel = filepath.ToSlash(rel)
		for _, d := range ds.Items {
			if d.Code == "DSH4350" || strings.Contains(d.Message, "internal") {
				t.Errorf("%s: internal error: %s", rel, d)
			}
			if d.Pos.Line < 1 || d.Pos.Col < 1 || d.Pos.File == "" {
				t.Errorf("%s: diagnostic without a position: %s", rel, d)
			}
		}
		bad := strings.Contains(filepath.Base(p), ".bad.")
		switch {
		case bad && !ds.HasErrors():
			t.Errorf("%s: a .bad. file bound without an error", rel)
		case !bad && ds.HasErrors():
			withErrors[rel] = true
			if _, ok := cleanErrors[rel]; !ok {
				t.Errorf("%s: errors in a file not named .bad.:\n%s", rel, ds.String())
			}
		}
		return nil
	})
	for rel := range cleanErrors {
		if !withErrors[rel] {
			t.Errorf("cleanErrors: %s binds without errors now (or is gone): remove it", rel)
		}
	}
	if perExt[".dsi"] < 45 || perExt[".dsp"] < 45 {
		t.Errorf("swept %v, want the corpus's 50 .dsi and 51 .dsp", perExt)
	}
}

// TestDeterministicAnywhere compiles the corpus twice, the second time
// from a copy in another folder: the dumps are byte-identical (Custom
// code markers are relative to the root file).
func TestDeterministicAnywhere(t *testing.T) {
	files := dssSources(t)
	tmp := t.TempDir()
	compared := 0
	for _, f := range files {
		if filepath.Ext(f) != ".dss" {
			continue
		}
		m1, ds1 := dss.CompileFile(f, dss.Options{})
		if m1 == nil || ds1.HasErrors() {
			continue
		}
		// Copy the file and its folder's headers.
		dir := filepath.Join(tmp, itoa(compared))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		entries, _ := os.ReadDir(filepath.Dir(f))
		for _, e := range entries {
			if e.IsDir() {
				continue
			}
			if b, err := os.ReadFile(filepath.Join(filepath.Dir(f), e.Name())); err == nil {
				os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644)
			}
		}
		m2, _ := dss.CompileFile(filepath.Join(dir, filepath.Base(f)), dss.Options{})
		m3, _ := dss.CompileFile(f, dss.Options{})
		d1, d2, d3 := ir.Dump(m1), ir.Dump(m2), ir.Dump(m3)
		if d1 != d3 {
			t.Errorf("%s: two compiles differ", f)
		}
		if d1 != d2 {
			t.Errorf("%s: the copy in another folder compiles differently", f)
		}
		compared++
	}
	if compared < 50 {
		t.Errorf("compared %d files, expected most of the corpus", compared)
	}
}

func itoa(i int) string {
	return string(rune('a'+i%26)) + strings.Repeat("z", i/26)
}
