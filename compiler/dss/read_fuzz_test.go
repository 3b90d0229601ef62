//go:build unix

package dss_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"reuselab/compiler/dss"
)

// The kinds of file FuzzReadDSSFromDisk puts where the include points.
const (
	incRegular = iota
	incFIFO
	incZero
	incOutside
	incMissing
	incSelf // a link back to the main file: an include cycle
	incKinds
)

// FuzzReadDSSFromDisk writes arbitrary bytes as a `.dss` and a header it
// may include (a regular file, a FIFO, /dev/zero, a link out of the root,
// nothing, a link to the main file) into a folder and compiles it through
// the real reader: the compile returns, never panics, places every
// diagnostic at a file of the unit with a line and a column, and no text
// of the file outside the root reaches a message.
func FuzzReadDSSFromDisk(f *testing.F) {
	f.Add([]byte(material), []byte("uniform float G = 1;\n"), true, uint8(incRegular))
	f.Add([]byte("\xEF\xBB\xBF"+material), []byte("\xEF\xBB\xBFfloat H(float x) { return x; }\n"), true, uint8(incRegular))
	f.Add([]byte(material), []byte(""), true, uint8(incFIFO))
	f.Add([]byte(material), []byte(""), true, uint8(incZero))
	f.Add([]byte(material), []byte(""), true, uint8(incOutside))
	f.Add([]byte(material), []byte(""), true, uint8(incMissing))
	f.Add([]byte(material), []byte("#include \"m.dss\"\n"), true, uint8(incSelf))
	f.Add([]byte("const float K = 1e999;\n"+material), []byte("Function F(in float a, out float b){ b = a; }\n"), false, uint8(incRegular))
	f.Add([]byte("#include \"../x/h.dsh\"\n#include \"h.dsh\"\n#include \"/abs/h.dsh\"\n"), []byte("#include \"h.dsh\"\n"), false, uint8(incRegular))
	f.Fuzz(func(t *testing.T, main, header []byte, include bool, kind uint8) {
		dir := t.TempDir()
		root, outside := filepath.Join(dir, "root"), filepath.Join(dir, "outside")
		for _, d := range []string{root, outside} {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		mainPath, incPath := filepath.Join(root, "m.dss"), filepath.Join(root, "h.dsh")
		if include {
			main = append([]byte("#include \"h.dsh\"\n"), main...)
		}
		if err := os.WriteFile(mainPath, main, 0o644); err != nil {
			t.Fatal(err)
		}
		secret := filepath.Join(outside, "h.dsh")
		if err := os.WriteFile(secret, []byte("uniform float OUTSIDE_SECRET = 1;\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var err error
		switch kind % incKinds {
		case incRegular:
			err = os.WriteFile(incPath, header, 0o644)
		case incFIFO:
			err = syscall.Mkfifo(incPath, 0o644)
		case incZero:
			err = os.Symlink("/dev/zero", incPath)
		case incOutside:
			err = os.Symlink(secret, incPath)
		case incSelf:
			err = os.Symlink("m.dss", incPath)
		}
		if err != nil {
			t.Skip("cannot make the include:", err)
		}
		done := make(chan string, 1)
		go func() {
			_, ds := dss.CompileFile(mainPath, dss.Options{})
			var problems []string
			for _, d := range ds.Items {
				if d.Code == "DSH4350" {
					problems = append(problems, "internal error: "+d.String())
				}
				if d.Pos.File != mainPath && d.Pos.File != incPath || d.Pos.Line < 1 || d.Pos.Col < 1 {
					problems = append(problems, "unplaced: "+d.String())
				}
				if strings.Contains(d.Message, "OUTSIDE_SECRET") || strings.Contains(d.Message, outside) {
					problems = append(problems, "the outside file leaks: "+d.String())
				}
			}
			done <- strings.Join(problems, "\n")
		}()
		select {
		case p := <-done:
			if p != "" {
				t.Fatal(p)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("the compile did not return within 20s (include kind %d)", kind%incKinds)
		}
	})
}
