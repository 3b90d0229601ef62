package reduce_test

import (
	"math/rand/v2"
	"testing"
	"time"
)

func TestZZSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 300; i++ {
		b := make([]byte, r.IntN(200))
		for k := range b {
			b[k] = byte(r.Uint32())
			if r.IntN(4) == 0 {
				b[k] = 0xff
			}
		}
		src := Program(b, 6)
		st := time.Now()
		_, fail := checkProgram(src, 16, 1)
		if d := time.Since(st); d > 500*time.Millisecond || fail != "" {
			t.Logf("%d: %v %s\n%s", i, d, fail, src)
			return
		}
	}
}
