package gen

import (
	"strings"
	"testing"
)

func TestReproducible(t *testing.T) {
	c := Config{Nodes: 300, Seed: 7, DupRate: 0.3, Branches: 3}
	a, na := Program(c)
	b, nb := Program(c)
	if a != b || na != nb {
		t.Fatal("the same config gave two programs")
	}
	c.Seed = 8
	if d, _ := Program(c); d == a {
		t.Error("another seed gave the same program")
	}
}

func TestSizeAndShape(t *testing.T) {
	for _, n := range []int{10, 100, 1000, 10000} {
		c := Config{Nodes: n, Seed: 1, DupRate: 0.3, Branches: 4}
		src, est := Program(c)
		// The program stops growing once it reaches n; one statement or one
		// forced if (each up to ~25 nodes) may overshoot.
		if est < n || est > n+n/4+25*c.Branches {
			t.Errorf("nodes %d: estimate %d", n, est)
		}
		if got := strings.Count(src, "if ("); got != 4 {
			t.Errorf("nodes %d: %d if statements, want 4", n, got)
		}
		if strings.Count(src, "{") != strings.Count(src, "}") || strings.Count(src, "(") != strings.Count(src, ")") {
			t.Errorf("nodes %d: unbalanced brackets", n)
		}
		for _, want := range []string{"Shader(Name=", "Graph = {", "Color = ", "Rough = "} {
			if !strings.Contains(src, want) {
				t.Errorf("nodes %d: no %q", n, want)
			}
		}
	}
}

// A higher duplicate rate repeats more right-hand sides.
func TestDupRate(t *testing.T) {
	repeats := func(rate float64) int {
		src, _ := Program(Config{Nodes: 2000, Seed: 3, DupRate: rate})
		seen := map[string]int{}
		n := 0
		for _, l := range strings.Split(src, "\n") {
			if _, rhs, ok := strings.Cut(l, " = "); ok {
				if seen[rhs]++; seen[rhs] > 1 {
					n++
				}
			}
		}
		return n
	}
	lo, hi := repeats(0), repeats(0.6)
	if hi <= lo {
		t.Errorf("repeated right-hand sides: %d at rate 0, %d at rate 0.6", lo, hi)
	}
}
