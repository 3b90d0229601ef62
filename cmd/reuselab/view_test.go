package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"reuselab/emit"
	"reuselab/internal/browser"
	"reuselab/internal/shared"
	"reuselab/reuse/engines"
)

const reuseExample = "../../bench/corpus/examples/M_Reuse.dsm"

func moonToonMaterial(t *testing.T) string {
	t.Helper()
	src := filepath.Join(shared.Corpus(), "TypeDreamMoon__MoonToon/DShader/Materials/Core/M_MoonToonOutline.dsm")
	if shared.Corpus() == "" {
		t.Skip("../shared is absent: no MoonToon material to view")
	}
	if _, err := os.Stat(src); err != nil {
		t.Skipf("corpus file missing: %v", err)
	}
	return src
}

// drawnCounts is what a page's blueprint must show: the emitted asset's
// nodes, comment boxes and connected inputs, counted here from the assets
// view itself emits, not read from the page.
type drawnCounts struct{ nodes, comments, links int }

func emittedCounts(a *emit.Asset) drawnCounts {
	c := drawnCounts{nodes: len(a.Nodes), comments: len(a.Comments)}
	for _, n := range a.Nodes {
		c.links += len(n.Inputs)
	}
	return c
}

// expectedBoards lists, in page order, the counts of every blueprint the
// page for files shows (raw then merged, per asset).
func expectedBoards(t *testing.T, files ...string) []drawnCounts {
	t.Helper()
	var stderr bytes.Buffer
	entries, code := viewEntries(files, "", merger{engine: engines.MustResolve("2.0"), label: "merged (2.0)"}, &stderr)
	if code != 0 || len(entries) == 0 {
		t.Fatalf("view entries: code %d, %d entries\n%s", code, len(entries), stderr.String())
	}
	var out []drawnCounts
	for _, e := range entries {
		out = append(out, emittedCounts(e.Raw.Asset), emittedCounts(e.Merged.Asset))
	}
	return out
}

func writeViewPage(t *testing.T, args ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "page.html")
	var stdout, stderr bytes.Buffer
	if code := dispatch(append([]string{"view", "--out", out}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("view %v: exit %d\n%s", args, code, stderr.String())
	}
	return out
}

// The command: a page per run with two blueprints per asset, the same bytes
// from two runs and from copies of the source in other folders, stdout
// without --out, exit 2 for an unknown asset, and a
// file that does not compile reported while the others still make a page.
func TestViewCommand(t *testing.T) {
	a := writeViewPage(t, reuseExample)
	b := writeViewPage(t, reuseExample)
	pa, _ := os.ReadFile(a)
	pb, _ := os.ReadFile(b)
	if len(pa) == 0 || !bytes.Equal(pa, pb) {
		t.Fatalf("two runs wrote different pages (%d and %d bytes)", len(pa), len(pb))
	}
	if n := bytes.Count(pa, []byte("<ueb-blueprint ")); n != len(expectedBoards(t, reuseExample)) {
		t.Errorf("%d blueprints on the page", n)
	}
	src, err := os.ReadFile(reuseExample)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{t.TempDir(), filepath.Join(t.TempDir(), "deeper", "folder")} {
		// The same source in another folder: the same bytes.
		copyPath := filepath.Join(dir, "M_Reuse.dsm")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(copyPath, src, 0o644); err != nil {
			t.Fatal(err)
		}
		if pc, _ := os.ReadFile(writeViewPage(t, copyPath)); !bytes.Equal(pc, pa) {
			t.Errorf("the page for a copy in %s differs from the one for %s", dir, reuseExample)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"view", reuseExample}, &stdout, &stderr); code != 0 || !bytes.Equal(stdout.Bytes(), pa) {
		t.Errorf("view to stdout: exit %d, %d bytes (file: %d)", code, stdout.Len(), len(pa))
	}
	stdout.Reset()
	stderr.Reset()
	if code := dispatch([]string{"view", "--asset", "NoSuchAsset", reuseExample}, &stdout, &stderr); code != 2 || stdout.Len() != 0 {
		t.Errorf("unknown asset: exit %d, %d bytes out", code, stdout.Len())
	}
	bad := filepath.Join(t.TempDir(), "M_Bad.dsm")
	if err := os.WriteFile(bad, []byte("this is not DreamShader ((\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	code := dispatch([]string{"view", bad, reuseExample}, &stdout, &stderr)
	if code != 1 || !bytes.Contains(stdout.Bytes(), []byte(`id="asset-0-merged"`)) || !strings.Contains(stderr.String(), "M_Bad.dsm") {
		t.Errorf("a bad file among good ones: exit %d, page %d bytes, stderr %q", code, stdout.Len(), stderr.String())
	}
}

// --rules reuse-2.0 (the Datalog pack that mirrors the reference) draws the
// same merged asset as the reference passes.
func TestViewRulesPack(t *testing.T) {
	ref := writeViewPage(t, reuseExample)
	pack := writeViewPage(t, "--rules", "reuse-2.0", reuseExample)
	pr, _ := os.ReadFile(ref)
	pp, _ := os.ReadFile(pack)
	merged := regexp.MustCompile(`(?s)<ueb-blueprint id="asset-0-merged".*?</ueb-blueprint>`)
	if m1, m2 := merged.Find(pr), merged.Find(pp); m1 == nil || !bytes.Equal(m1, m2) {
		t.Errorf("the reuse-2.0 pack's merged blueprint differs from the reference's")
	}
	if !bytes.Contains(pp, []byte("merged (reuse-2.0)")) {
		t.Error("the page does not say which pack merged")
	}
}

var (
	boardStart = regexp.MustCompile(`<ueb-blueprint\s[^>]*>`)
	uebNode    = regexp.MustCompile(`<ueb-node\s[^>]*>`)
)

// attrValue is the value of attribute name in the start tag tag.
func attrValue(tag, name string) string { return browser.Attr(tag, name) }

// drawnBoards reads back, per blueprint in page order, the ueb-node and
// ueb-link elements ueblueprint put into the DOM (comment boxes apart), by
// counting the elements themselves and by the page script's attributes.
func drawnBoards(t *testing.T, dom string) []drawnCounts {
	t.Helper()
	locs := boardStart.FindAllStringIndex(dom, -1)
	var out []drawnCounts
	for i, l := range locs {
		end := len(dom)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		seg := dom[l[0]:end]
		var c drawnCounts
		for _, tag := range uebNode.FindAllString(seg, -1) {
			if strings.HasSuffix(attrValue(tag, "data-type"), "_Comment") {
				c.comments++
			} else {
				c.nodes++
			}
		}
		c.links = strings.Count(seg, "<ueb-link ")
		tag := dom[l[0]:l[1]]
		id := attrValue(tag, "id")
		script := drawnCounts{atoi(attrValue(tag, "data-drawn-nodes")), atoi(attrValue(tag, "data-drawn-comments")), atoi(attrValue(tag, "data-drawn-links"))}
		if script != c {
			t.Errorf("%s: the page script counted %+v, the DOM holds %+v", id, script, c)
		}
		out = append(out, c)
	}
	return out
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return -1
	}
	return n
}

// A real browser draws the page: headless chromium loads `reuselab view`'s
// page for M_Reuse and for a MoonToon material, ueblueprint parses the T3D
// and draws it, and the DOM then holds exactly the emitted nodes, comment
// boxes and links of every raw and merged asset, with no script error.
func TestViewInChromium(t *testing.T) {
	browser.Chromium(t)
	cases := []struct{ name, file string }{{"M_Reuse", reuseExample}}
	if shared.Corpus() != "" {
		cases = append(cases, struct{ name, file string }{"MoonToonOutline", moonToonMaterial(t)})
	} else {
		t.Log("../shared is absent: only M_Reuse is viewed")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := expectedBoards(t, c.file)
			page := writeViewPage(t, c.file)
			dom := browser.DOM(t, browser.URL(page, ""))
			body := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
			if attrValue(body, "data-view-done") != "1" {
				t.Fatalf("the page script did not finish: %s", body)
			}
			if e := attrValue(body, "data-view-errors"); e != "" {
				t.Errorf("script errors while ueblueprint drew the page: %s", e)
			}
			got := drawnBoards(t, dom)
			if len(got) != len(want) {
				t.Fatalf("%d blueprints in the DOM, %d emitted sides", len(got), len(want))
			}
			for i := range want {
				side := []string{"raw", "merged"}[i%2]
				if got[i] != want[i] {
					t.Errorf("asset %d %s: drawn %d nodes, %d comment boxes, %d links; emitted %d, %d, %d",
						i/2, side, got[i].nodes, got[i].comments, got[i].links, want[i].nodes, want[i].comments, want[i].links)
				}
				if want[i].nodes == 0 {
					t.Errorf("asset %d %s: nothing emitted, so the drawing proves nothing", i/2, side)
				}
			}
			if n := atoi(attrValue(body, "data-view-as-emitted")); n != len(want) {
				t.Errorf("the page says %d of %d graphs drawn as emitted", n, len(want))
			}
		})
	}
}
