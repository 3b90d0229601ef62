package syntax

import (
	"math/rand"
	"os"
	"testing"
	"time"
)

// TestMutationsTerminate parses random mutations of corpus files (a fixed
// seed, so failures reproduce): each must end quickly and without a panic.
// It found an infinite loop on a metadata list cut by '}' and an
// out-of-range slice on an empty attribute value.
func TestMutationsTerminate(t *testing.T) {
	needCorpus(t, corpusRoot)
	files := corpusFiles(t)
	r := rand.New(rand.NewSource(1))
	var srcs [][]byte
	for _, p := range files {
		b, _ := os.ReadFile(p)
		srcs = append(srcs, b)
	}
	toks := []string{"{", "}", "(", ")", "[", "]", ";", ",", "=", "#Region", "\n#EndRegion\n", "\"", "/*", "Shader(", "Graph = {", "if (", "else", "Function ", "UE.X(", "Group(\"a\") {", "[", "Expression(Class=\"X\")", ".", "::"}
	n := 0
	for n < 3000 {
		src := append([]byte(nil), srcs[r.Intn(len(srcs))]...)
		for k := r.Intn(4) + 1; k > 0 && len(src) > 0; k-- {
			i := r.Intn(len(src))
			switch r.Intn(3) {
			case 0:
				j := i + r.Intn(20)
				if j > len(src) {
					j = len(src)
				}
				src = append(src[:i], src[j:]...)
			default:
				tok := toks[r.Intn(len(toks))]
				src = append(src[:i], append([]byte(tok), src[i:]...)...)
			}
		}
		ext := fuzzExts[r.Intn(3)]
		done := make(chan bool, 1)
		go func() {
			defer func() {
				if e := recover(); e != nil {
					t.Errorf("panic: %v", e)
				}
				done <- true
			}()
			_, l := Parse("x"+ext, src)
			for _, d := range l.Items {
				if d.Code == "DSH2150" && len(d.Message) > 8 && d.Message[:8] == "internal" {
					t.Errorf("%s\ninput: %q", d, src)
				}
			}
		}()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			t.Fatalf("no end after 3s on run %d (%s): %q", n, ext, src)
		}
		n++
	}
	t.Logf("%d runs", n)
}
