package syntax

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"reuselab/diag"
)

var fuzzExts = []string{".dsm", ".dsf", ".dsh"}

// FuzzParse checks that no input makes the parser panic (Parse turns a
// panic into an "internal parser error" diagnostic, which fails here) and
// that every diagnostic has a real position.
func FuzzParse(f *testing.F) {
	f.Add(uint8(0), []byte(fullShader))
	f.Add(uint8(2), []byte("Function float F(in float a) { return a; }\nGraphFunction G(out float o) { o = UE.Time(); }"))
	// long flat chains (issue 13): at, past and far past the chain limit
	for _, n := range []int{maxChain, maxChain + 1, 4 * maxChain} {
		for _, link := range []string{" + X", ".x", "()", "[0]"} {
			f.Add(uint8(0), graphOf("C = X"+strings.Repeat(link, n)+";"))
		}
	}
	f.Add(uint8(0), []byte("Shader(Name=\"M\"){\r Graph={\r C = Y;\r }\r}\r/* open"))
	if _, err := os.Stat(corpusRoot); err != nil {
		f.Logf("corpus not available (%s): only built-in seeds", corpusRoot)
	} else {
		for _, p := range corpusFiles(f) {
			src, err := os.ReadFile(p)
			if err != nil {
				continue
			}
			k := uint8(0)
			for i, e := range fuzzExts {
				if strings.EqualFold(filepath.Ext(p), e) {
					k = uint8(i)
				}
			}
			f.Add(k, src)
		}
	}
	f.Fuzz(func(t *testing.T, kind uint8, src []byte) {
		path := "fuzz" + fuzzExts[int(kind)%len(fuzzExts)]
		// A hang is a failure too: the fuzzer only records inputs that fail.
		done := make(chan diag.List, 1)
		go func() {
			_, l := Parse(path, src)
			done <- l
		}()
		var l diag.List
		select {
		case l = <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Parse did not return within 5s")
		}
		for _, d := range l.Items {
			if strings.Contains(d.Message, "internal parser error") {
				t.Fatalf("%s", d)
			}
			if d.Pos.Line < 1 || d.Pos.Col < 1 || d.Code == "" {
				t.Fatalf("bad diagnostic position or code: %s", d)
			}
		}
	})
}
