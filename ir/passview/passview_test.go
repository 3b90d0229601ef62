package passview_test

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"reuselab/compiler/passes"
	"reuselab/ir"
	"reuselab/ir/irgen"
	"reuselab/ir/passview"
)

func capture(g *ir.Graph, mode string) *passview.Run {
	r := &passview.Run{File: "G.dsm"}
	r.Result = passes.Run(g, passes.Options{Mode: mode, Observe: func(s *ir.Snapshot) { r.Snapshots = append(r.Snapshots, s) }})
	return r
}

func generated(seed uint64) *ir.Graph {
	return irgen.Generate(irgen.Config{Seed: seed, Nodes: 20 + int(seed%60), DupRate: float64(seed%5) / 5,
		Shape: []string{irgen.Forest, irgen.Deep}[seed%2], Function: seed%3 == 0, Legacy: seed%4 == 0})
}

// Every mark stands where the engine's fates put it, and nowhere a fate
// does not: a merged or pruned node is shown removed, once, in the column
// of the pass and round its fate names; a node whose last fate is folded or
// rewritten is marked so in that column; a fold or rewrite the fates do not
// keep (a later merge or prune overwrote it) comes before the removal.
func TestMarksFollowTheFates(t *testing.T) {
	marks := map[passview.Mark]int{}
	for seed := uint64(1); seed <= 200; seed++ {
		for _, mode := range []string{"2.0", "1x", "none"} {
			r := capture(generated(seed), mode)
			cols := passview.Columns(r)
			if len(cols) != len(r.Snapshots) || cols[0].Label != "build" || !cols[len(cols)-1].Final {
				t.Fatalf("seed %d %s: %d columns for %d snapshots", seed, mode, len(cols), len(r.Snapshots))
			}
			type place struct {
				col  int
				mark passview.Mark
			}
			seen := map[int][]place{}
			for ci, c := range cols {
				last := -1
				for _, row := range c.Rows {
					if row.Build <= last {
						t.Fatalf("seed %d %s %s: b%d after b%d", seed, mode, c.Label, row.Build, last)
					}
					last = row.Build
					if row.Mark != passview.Unchanged {
						seen[row.Build] = append(seen[row.Build], place{ci, row.Mark})
						marks[row.Mark]++
					}
					if row.Removed != (row.Mark == passview.Merged || row.Mark == passview.Pruned) {
						t.Fatalf("seed %d %s %s: b%d removed=%v marked %q", seed, mode, c.Label, row.Build, row.Removed, row.Mark)
					}
				}
			}
			for b, f := range r.Result.Fates {
				ps := seen[b]
				if f.Kind == ir.Kept {
					if len(ps) != 0 {
						t.Errorf("seed %d %s: kept b%d is marked %v", seed, mode, b, ps)
					}
					continue
				}
				if len(ps) == 0 {
					t.Errorf("seed %d %s: b%d (%v by %s round %d) is marked nowhere", seed, mode, b, f.Kind, f.Pass, f.Round)
					continue
				}
				lastMark := ps[len(ps)-1]
				c := cols[lastMark.col]
				if string(lastMark.mark) != f.Kind.String() || c.Pass != f.Pass.String() || c.Round != int(f.Round) {
					t.Errorf("seed %d %s: b%d's last mark is %s in %s; its fate %v by %s round %d",
						seed, mode, b, lastMark.mark, c.Label, f.Kind, f.Pass, f.Round)
				}
			}
		}
	}
	for _, m := range []passview.Mark{passview.Merged, passview.Pruned, passview.Folded, passview.Rewritten} {
		if marks[m] == 0 {
			t.Errorf("no node marked %s over 200 graphs: the sweep shows nothing", m)
		}
	}
}

// The text: a header per snapshot, the dump after it, the last one the
// result's dump as `compile --format ir` prints it.
func TestText(t *testing.T) {
	r := capture(generated(7), "2.0")
	var b bytes.Buffer
	if err := passview.WriteText(&b, []*passview.Run{r}); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	sections := strings.Split(text, "\n== ")
	if len(sections) != 1+len(r.Snapshots) {
		t.Fatalf("%d sections for %d snapshots", len(sections)-1, len(r.Snapshots))
	}
	if !strings.HasPrefix(sections[1], "build\nproduct 0 ") {
		t.Errorf("first section: %q", firstLine(sections[1]))
	}
	for k, p := range r.Result.Passes {
		head := firstLine(sections[k+2])
		want := fmt.Sprintf("after %s: %d changed", r.Snapshots[k+1].Label(), p.Changed)
		if !strings.HasPrefix(head, want) {
			t.Errorf("section %d: %q, want %q…", k+2, head, want)
		}
	}
	last := sections[len(sections)-1]
	if got := last[strings.Index(last, "\n")+1:]; got != ir.DumpGraph(r.Result.Graph) {
		t.Errorf("the last section is not the result's dump:\n%s", got)
	}
	if !strings.Contains(sections[2], "  b0 = ") && !strings.Contains(sections[2], "  b1 = ") {
		t.Errorf("nodes are not named by build id: %q", sections[2])
	}
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }

// The page: the same bytes twice; a column per snapshot; text from the
// source escaped.
func TestHTMLDeterministicAndEscaped(t *testing.T) {
	g := generated(11)
	g.Nodes[0].Debug = `</li><script>alert("x")</script>`
	r := capture(g, "2.0")
	var a, b bytes.Buffer
	if err := passview.WriteHTML(&a, "t <b>", []*passview.Run{r}); err != nil {
		t.Fatal(err)
	}
	if err := passview.WriteHTML(&b, "t <b>", []*passview.Run{capture(g, "2.0")}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two pages for one graph differ")
	}
	page := a.String()
	if strings.Contains(page, `<script>alert`) || strings.Contains(page, "<title>t <b>") {
		t.Error("source text reached the page unescaped")
	}
	if n := len(regexp.MustCompile(`<div class="column( final)?"`).FindAllString(page, -1)); n != len(r.Snapshots) {
		t.Errorf("%d columns for %d snapshots", n, len(r.Snapshots))
	}
	for _, banned := range []string{"src=", "href=", "@import", "url("} {
		if strings.Contains(page, banned) {
			t.Errorf("the page loads something (%s): not self-contained", banned)
		}
	}
}

// Equal groups a survivor with what was merged into it.
func TestEqual(t *testing.T) {
	r := capture(generated(3), "2.0")
	eq := passview.Equal(r.Result)
	groups := 0
	for b, f := range r.Result.Fates {
		if f.Kind != ir.Merged {
			continue
		}
		groups++
		has := func(list []int, x int) bool {
			for _, y := range list {
				if y == x {
					return true
				}
			}
			return false
		}
		if !has(eq[b], int(f.Into)) || !has(eq[f.Into], b) {
			t.Errorf("b%d merged into b%d: equal lists %v and %v", b, f.Into, eq[b], eq[f.Into])
		}
	}
	if groups == 0 {
		t.Fatal("seed 3 merges nothing: pick another")
	}
}
