package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"reuselab/bench"
	"reuselab/compiler"
	"reuselab/diag"
	"reuselab/internal/shared"
)

// assetSummary is evalcheck's line on the emitted Unreal graphs.
var assetSummary = regexp.MustCompile(`IR vs asset \(none and reference\): (\d+) assets? checked, \d+ roots?, (\d+) mismatching or mis-wired, (\d+) not evaluable`)

// validateAndEvalcheck runs validate and evalcheck on paths and checks
// their summaries: every asset that compiles agrees with the reference
// and is sound on 64 evaluations, and its emitted graph matches its IR. It
// returns the number of files and of those that did not compile.
func validateAndEvalcheck(t *testing.T, paths []string, minAssets int) (files, notCompiling int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runValidate(append([]string{"-q", "--eval", "64"}, paths...), &out, &errOut)
	m := validateSummary.FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("validate: exit %d, no summary:\n%s\n%s", code, out.String(), errOut.String())
	}
	assets, agree := summaryInt(m[3]), summaryInt(m[4])
	if code != 0 || assets < minAssets || agree != assets || m[5] != "0" || m[6] != "0" || m[7] != "0" {
		t.Errorf("validate: exit %d: %s (want every one of at least %d assets agreeing)\n%s", code, m[0], minAssets, out.String())
	}
	t.Log(m[0])

	out.Reset()
	errOut.Reset()
	code = runEvalCheck(paths, &out, &errOut)
	e := evalSummary.FindStringSubmatch(out.String())
	a := assetSummary.FindStringSubmatch(out.String())
	if e == nil || a == nil {
		t.Fatalf("evalcheck: exit %d, no summary:\n%s\n%s", code, out.String(), errOut.String())
	}
	if code != 0 || summaryInt(e[3]) != assets || e[4] != "0" || e[5] != "0" || e[6] != "0" || summaryInt(a[1]) != 2*assets || a[2] != "0" || a[3] != "0" {
		t.Errorf("evalcheck: exit %d: %s; %s (validate saw %d assets)\n%s", code, e[0], a[0], assets, out.String())
	}
	t.Log(e[0] + "; " + a[0])
	return summaryInt(m[1]), summaryInt(m[2])
}

// Upstream's Tests/Corpus, of DreamShader and of its fork: validate and
// evalcheck find every asset that compiles sound (reuse-2.0 equal to the
// reference, no evaluation mismatch, the emitted graphs equal to their
// IR), with no panic; the files that do not compile are the `.bad.` ones
// and those compiler's TestCorpusSweep allowlists.
func TestTestsCorpusValidateAndEvalcheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs validate and evalcheck over upstream's Tests/Corpus; skipped with -short")
	}
	corpus := shared.CorpusOrSkip(t)
	var dirs []string
	bad := 0
	for _, repo := range []string{"TypeDreamMoon__DreamShader", "ioOvOoi__DreamShader"} {
		dir := filepath.Join(corpus, repo, "Tests", "Corpus")
		dirs = append(dirs, dir)
		srcs, err := sourceFiles([]string{dir}, bench.Walk{})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range srcs {
			if strings.Contains(filepath.Base(f), ".bad.") {
				bad++
			}
		}
	}
	files, notCompiling := validateAndEvalcheck(t, dirs, 250)
	if files < 450 || notCompiling < bad {
		t.Errorf("%d files, %d not compiling: want at least 450 files and every one of the %d .bad. ones not compiling", files, notCompiling, bad)
	}
}

// newRealSources are the real sources added to the corpus after its
// first refresh (PROVENANCE.md): DreamGUI's MF_DreamUI_Shade.dsf, newer
// versions of three DreamGUI files and versions of four youli42
// volume-cloud files. A directory run leaves `_versions/` out, so the
// test names them.
var newRealSources = []string{
	"TypeDreamMoon__DreamGUI/DShader/MF_DreamUI_Shade.dsf",
	"TypeDreamMoon__DreamGUI/_versions/50960b7497b9/DShader/MF_DreamUI_Clip.dsf",
	"TypeDreamMoon__DreamGUI/_versions/5d36e5ff09b5/DShader/DreamUI_RectBlock.dsm",
	"TypeDreamMoon__DreamGUI/_versions/26555b6a53d3/DShader/DreamUI_ImageAndFont.dsm",
	"youli42__Test_DreamShader/_versions/84ccd14c481b/DShader/Cloud/dsm/dsh_VolumeCloud.dsh",
	"youli42__Test_DreamShader/_versions/53f4e3829a21/DShader/Cloud/dsm/dsh_VolumeCloud.dsh",
	"youli42__Test_DreamShader/_versions/2e5f7de7d376/DShader/Cloud/dsm/M_VolumeCloud_Curve.dsm",
	"youli42__Test_DreamShader/_versions/84ccd14c481b/DShader/Cloud/dsm/M_VolumeCloud.dsm",
	"youli42__Test_DreamShader/_versions/53f4e3829a21/DShader/Cloud/dsm/M_VolumeCloud.dsm",
	"youli42__Test_DreamShader/_versions/d1421639d39e/DShader/Cloud/dsm/M_VolumeCloud.dsm",
	"youli42__Test_DreamShader/_versions/d9de087f25fb/DShader/Cloud/dsm/M_VolumeCloud_RayMarching.dsm",
}

// newRealSourceErrors are the new sources with errors of their own, by
// their codes, and why the source (not the compiler) is wrong.
var newRealSourceErrors = map[string]struct{ codes, why string }{
	"youli42__Test_DreamShader/_versions/2e5f7de7d376/DShader/Cloud/dsm/M_VolumeCloud_Curve.dsm": {"DSH2252,DSH3253,DSH3255",
		"imports dsh_VolumeCloud.dsh, which its snapshot does not hold; a CurveAtlasRowParameter (no 2.0 form, as upstream's P_NoSpelling.bad); a ';' missing between two metadata keys"},
	"youli42__Test_DreamShader/_versions/53f4e3829a21/DShader/Cloud/dsm/M_VolumeCloud.dsm": {"DSH3253,DSH3255",
		"a CurveAtlasRowParameter (no 2.0 form); a ';' missing between two metadata keys"},
	"youli42__Test_DreamShader/_versions/84ccd14c481b/DShader/Cloud/dsm/M_VolumeCloud.dsm": {"DSH4200",
		"writes Base.FrontMaterial with no Base output declared"},
	"youli42__Test_DreamShader/_versions/d1421639d39e/DShader/Cloud/dsm/M_VolumeCloud.dsm": {"DSH2252",
		"imports dsh_VolumeCloud.dsh, which its snapshot does not hold (with any stored version of it, Base is undeclared as well)"},
}

// The new real sources: each compiles cleanly or has exactly the errors
// listed for it, every diagnostic placed; validate and evalcheck find the
// assets of those that compile sound.
func TestNewRealSources(t *testing.T) {
	if testing.Short() {
		t.Skip("runs validate and evalcheck on the new real sources; skipped with -short")
	}
	corpus := shared.CorpusOrSkip(t)
	var paths []string
	for _, rel := range newRealSources {
		p := filepath.Join(corpus, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("%s: %v (PROVENANCE.md lists it)", rel, err)
		}
		paths = append(paths, p)
		_, ds := compiler.CompileFile(p, compiler.Options{})
		codes := map[string]bool{}
		for _, d := range ds.Items {
			if d.Pos.File == "" || d.Pos.Line < 1 || d.Pos.Col < 1 {
				t.Errorf("%s: diagnostic without a place: %s", rel, d)
			}
			if d.Severity == diag.Error {
				codes[d.Code] = true
			}
		}
		var got []string
		for c := range codes {
			got = append(got, c)
		}
		sort.Strings(got)
		if want := newRealSourceErrors[rel].codes; strings.Join(got, ",") != want {
			t.Errorf("%s: errors %v, want [%s] (%s)", rel, got, want, newRealSourceErrors[rel].why)
		}
	}
	files, notCompiling := validateAndEvalcheck(t, paths, len(newRealSources)-len(newRealSourceErrors)-2)
	if files != len(newRealSources) || notCompiling != len(newRealSourceErrors) {
		t.Errorf("validate read %d files, %d not compiling; want %d and %d", files, notCompiling, len(newRealSources), len(newRealSourceErrors))
	}
}
