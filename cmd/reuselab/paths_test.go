package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"reuselab/internal/shared"
)

// The same sources compiled from two folders (one nested deeper, under a
// different parent) give byte-identical output in every format: no output
// carries the machine's folders. The sources are real corpus files with
// imports, Custom code, #Regions and Layout hints, copied at test time.
func TestOutputIsTheSameInAnyFolder(t *testing.T) {
	corpus := shared.Corpus()
	if corpus == "" {
		t.Skip("the real corpus (../shared/corpus/real) is not present")
	}
	trees := map[string]string{ // source folder → where it goes under each temp root
		"TypeDreamMoon__MoonToon/DShader": "moon/DShader",
		"TypeDreamMoon__DreamGUI/DShader": "gui/DShader",
	}
	files := []string{
		"moon/DShader/MaterialFunctions/MF_MoonToonTranslucencyShadow.dsf", // imports Shared/ToonFunctions.dsh, Custom code from it
		"moon/DShader/MaterialFunctions/Shared/MF_ToonEyeParallax.dsf",     // Custom code of its own
		"moon/DShader/Materials/Core/M_MoonToonOutline.dsm",                // imports, five #Regions
		"moon/DShader/Materials/Core/M_MoonToon.dsm",
		"gui/DShader/GizmoMaterial.dsm", // Layout hints
	}
	roots := []string{filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "deeper", "b", "c")}
	for _, root := range roots {
		for src, dst := range trees {
			if err := os.CopyFS(filepath.Join(root, dst), os.DirFS(filepath.Join(corpus, src))); err != nil {
				t.Fatal(err)
			}
		}
	}
	formats := []string{"ir", "ir-json", "table", "json", "t3d", "dot"}
	if _, err := exec.LookPath("dot"); err == nil {
		formats = append(formats, "svg")
	}
	markers := 0
	for _, f := range files {
		for _, format := range formats {
			var outs [2][]byte
			for k, root := range roots {
				var stdout, stderr bytes.Buffer
				if code := runCompile([]string{"--format", format, filepath.Join(root, f)}, &stdout, &stderr); code != 0 {
					t.Fatalf("%s %s: exit %d: %s", format, f, code, stderr.String())
				}
				if bytes.Contains(stdout.Bytes(), []byte(root)) || bytes.Contains(stdout.Bytes(), []byte(filepath.Dir(roots[0]))) {
					t.Errorf("%s %s: the output names the folder %s", format, f, root)
				}
				outs[k] = stdout.Bytes()
			}
			if len(outs[0]) == 0 {
				t.Errorf("%s %s: no output", format, f)
			}
			if !bytes.Equal(outs[0], outs[1]) {
				t.Errorf("%s %s: the output differs between %s and %s:\n%s", format, f, roots[0], roots[1], firstDifference(outs[0], outs[1]))
			}
			if format == "ir" {
				markers += strings.Count(string(outs[0]), "Begin DreamShader source: MaterialFunctions/")
				markers += strings.Count(string(outs[0]), "Begin DreamShader source: Shared/")
			}
		}
	}
	if markers < 3 {
		t.Errorf("only %d root-relative Custom source markers seen; the files no longer exercise Custom code", markers)
	}
}

func firstDifference(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			return "< " + la[i] + "\n> " + lb[i]
		}
	}
	return errors.New("one output is a prefix of the other").Error()
}
