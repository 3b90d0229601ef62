package main

import (
	"bytes"
	"html"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reuselab/internal/browser"
	"reuselab/internal/shared"
	"reuselab/ir"
	"reuselab/ir/passview"
	"reuselab/pipeline"
	"reuselab/reuse/engines"
)

// pageRow and pageColumn are what a `compile --format html` page holds,
// read back from its markup.
type pageRow struct {
	b       int
	mark    string
	removed bool
	eq      []int
	title   string
}

type pageColumn struct {
	pass  string
	round int
	final bool
	rows  []pageRow
}

var (
	sectionTag = regexp.MustCompile(`<section class="product"[^>]*>`)
	columnTag  = regexp.MustCompile(`<div class="column( final)?"[^>]*>`)
	rowTag     = regexp.MustCompile(`<li class="node[^"]*"[^>]*>`)
)

// split cuts s at the start of every match of re.
func split(s string, re *regexp.Regexp) []string {
	locs := re.FindAllStringIndex(s, -1)
	var out []string
	for i, l := range locs {
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out = append(out, s[l[0]:end])
	}
	return out
}

// readPassPage returns the columns of every product section of page.
func readPassPage(t *testing.T, page string) [][]pageColumn {
	t.Helper()
	var products [][]pageColumn
	for _, sec := range split(page, sectionTag) {
		var cols []pageColumn
		for _, col := range split(sec, columnTag) {
			tag := columnTag.FindString(col)
			c := pageColumn{pass: browser.Attr(tag, "data-pass"), round: atoi(browser.Attr(tag, "data-round")), final: strings.Contains(tag, "final")}
			for _, rt := range rowTag.FindAllString(col, -1) {
				r := pageRow{b: atoi(browser.Attr(rt, "data-b")), mark: browser.Attr(rt, "data-mark"),
					removed: browser.Attr(rt, "data-removed") == "1", title: html.UnescapeString(browser.Attr(rt, "title"))}
				for _, f := range strings.Fields(browser.Attr(rt, "data-eq")) {
					r.eq = append(r.eq, atoi(f))
				}
				c.rows = append(c.rows, r)
			}
			cols = append(cols, c)
		}
		products = append(products, cols)
	}
	return products
}

func compileOut(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := dispatch(append([]string{"compile"}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("compile %v: exit %d\n%s", args, code, stderr.String())
	}
	return stdout.String()
}

func passFiles(t *testing.T) []string {
	files := []string{reuseExample}
	preview := filepath.Join(shared.Corpus(), "TypeDreamMoon__DreamShader/Tests/Corpus/Legacy/IR/Rules/PreviewDefault.dsf")
	if _, err := os.Stat(preview); shared.Corpus() != "" && err == nil {
		files = append(files, preview) // a Preview pin that reads a later node (ir.Check's one exception)
	} else {
		t.Log("../shared is absent: PreviewDefault.dsf is not viewed")
	}
	return files
}

// The page's structure: per product a column per pass the reference ran
// (build first, reindex last, in the dump's numbering), every merged,
// pruned, folded or rewritten node marked in the column of the pass its
// fate names, and every node's hover text holding the nodes equal to it
// and their source spans.
func TestCompilePassesPage(t *testing.T) {
	for _, file := range passFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			m, results, ds := pipeline.Compile(file, pipeline.Options{Engine: &engines.Reference{Mode: "2.0"}})
			if m == nil || ds.HasErrors() {
				t.Fatalf("%s does not compile: %s", file, ds.String())
			}
			page := compileOut(t, "--format", "html", "--check-ir", file)
			products := readPassPage(t, page)
			if len(products) != len(results) {
				t.Fatalf("%d product sections for %d products", len(products), len(results))
			}
			for i, res := range results {
				cols := products[i]
				if len(cols) != 1+len(res.Passes) || cols[0].pass != "build" || !cols[len(cols)-1].final {
					t.Fatalf("product %d: %d columns for %d passes", i, len(cols), len(res.Passes))
				}
				for k, p := range res.Passes {
					if c := cols[k+1]; c.pass != p.Pass || c.round != p.Round {
						t.Errorf("column %d is %s round %d, the pass run %s round %d", k+1, c.pass, c.round, p.Pass, p.Round)
					}
				}
				if n := len(cols[len(cols)-1].rows); n != len(res.Graph.Nodes) {
					t.Errorf("the last column shows %d nodes, the result has %d", n, len(res.Graph.Nodes))
				}
				if len(cols[0].rows) != len(res.Build.Nodes) {
					t.Errorf("the build column shows %d nodes of %d", len(cols[0].rows), len(res.Build.Nodes))
				}
				marked, changed := 0, 0
				for _, c := range cols {
					for _, r := range c.rows {
						if r.mark != "" {
							marked++
						}
					}
				}
				for b, f := range res.Fates {
					if f.Kind == ir.Kept {
						continue
					}
					changed++
					col := -1
					for k, c := range cols {
						if c.pass == f.Pass.String() && c.round == int(f.Round) {
							col = k
						}
					}
					if col < 0 {
						t.Errorf("b%d: no column for %s round %d", b, f.Pass, f.Round)
						continue
					}
					found := false
					for _, r := range cols[col].rows {
						if r.b == b {
							found = true
							if r.mark != f.Kind.String() || r.removed != (f.Kind == ir.Merged || f.Kind == ir.Pruned) {
								t.Errorf("b%d in %s: marked %q (removed %v), its fate is %v", b, f.Pass, r.mark, r.removed, f.Kind)
							}
						}
					}
					if !found {
						t.Errorf("b%d (%v) is not in the %s column", b, f.Kind, f.Pass)
					}
				}
				if marked < changed {
					t.Errorf("%d marks for %d changed nodes", marked, changed)
				}
				equal := passview.Equal(res)
				for _, r := range cols[0].rows {
					if len(r.eq) != len(equal[r.b]) {
						t.Errorf("b%d: hover lights %v, its class is %v", r.b, r.eq, equal[r.b])
					}
					for _, e := range equal[r.b] {
						if !strings.Contains(r.title, passview.SpanText(res.Build.Nodes[e].Span)) {
							t.Errorf("b%d's hover text lacks b%d's span: %q", r.b, e, r.title)
						}
					}
				}
			}
			if filepath.Base(file) == "M_Reuse.dsm" {
				if marked := countMarks(products[0], "merged"); marked == 0 {
					t.Error("M_Reuse merges nothing on the page")
				}
			}
		})
	}
}

func countMarks(cols []pageColumn, mark string) int {
	n := 0
	for _, c := range cols {
		for _, r := range c.rows {
			if r.mark == mark {
				n++
			}
		}
	}
	return n
}

// The text: a header per pass, the last section exactly the product as
// `--format ir` prints it; the same bytes from a copy in another folder;
// usage errors for formats --passes cannot print.
func TestCompilePassesText(t *testing.T) {
	text := compileOut(t, "--passes", reuseExample)
	dump := compileOut(t, reuseExample)
	_, results, _ := pipeline.Compile(reuseExample, pipeline.Options{Engine: &engines.Reference{Mode: "2.0"}})
	heads := regexp.MustCompile(`(?m)^== .*$`).FindAllString(text, -1)
	if len(heads) != 1+len(results[0].Passes) || heads[0] != "== build" || !strings.HasPrefix(heads[1], "== after prune: ") {
		t.Fatalf("headers: %q", heads)
	}
	if !strings.Contains(text, "== after fold (round 1): ") {
		t.Error("no header for round 1's fold")
	}
	last := text[strings.LastIndex(text, "== after reindex"):]
	last = last[strings.Index(last, "\n")+1:]
	if product := dump[strings.Index(dump, "product 0"):]; last != product {
		t.Errorf("after reindex:\n%s\n--format ir:\n%s", last, product)
	}
	src, err := os.ReadFile(reuseExample)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	copyPath := filepath.Join(dir, "M_Reuse.dsm")
	if err := os.WriteFile(copyPath, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if again := compileOut(t, "--passes", copyPath); again != text {
		t.Error("the text for a copy in another folder differs")
	}
	if a, b := compileOut(t, "--format", "html", reuseExample), compileOut(t, "--format", "html", copyPath); a != b {
		t.Error("the page for a copy in another folder differs")
	}
	var stdout, stderr bytes.Buffer
	if code := dispatch([]string{"compile", "--passes", "--format", "json", reuseExample}, &stdout, &stderr); code != 2 || stdout.Len() != 0 {
		t.Errorf("--passes --format json: exit %d, %d bytes", code, stdout.Len())
	}
}

// A real browser draws the page: headless chromium loads it (#selftest
// hovers the first merged node), and the DOM then says every column was
// laid out, left to right, every marked node styled apart from plain ones,
// and the hover lit exactly the rows of the nodes equal to it. A
// screenshot shows the marks' colours.
func TestCompilePassesPageInChromium(t *testing.T) {
	browser.Chromium(t)
	page := compileOut(t, "--format", "html", reuseExample)
	path := filepath.Join(t.TempDir(), "passes.html")
	if err := os.WriteFile(path, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	products := readPassPage(t, page)
	columns, marked := 0, 0
	var firstMerged *pageRow
	var litWant int
	for _, cols := range products {
		columns += len(cols)
		for _, c := range cols {
			for i := range c.rows {
				if r := &c.rows[i]; r.mark != "" {
					marked++
					if r.mark == "merged" && firstMerged == nil {
						firstMerged = r
						for _, c2 := range cols {
							for _, r2 := range c2.rows {
								for _, e := range r.eq {
									if r2.b == e {
										litWant++
									}
								}
							}
						}
					}
				}
			}
		}
	}
	if firstMerged == nil {
		t.Fatal("no merged node on the page")
	}
	dom := browser.DOM(t, browser.URL(path, "selftest"))
	body := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
	if browser.Attr(body, "data-passview-done") != "1" {
		t.Fatalf("the page script did not finish: %s", body)
	}
	for attr, want := range map[string]int{"data-drawn-columns": columns, "data-drawn-ordered": 1,
		"data-drawn-marked": marked, "data-drawn-styled": marked, "data-hover-b": firstMerged.b, "data-hover-lit": litWant} {
		if got := atoi(browser.Attr(body, attr)); got != want {
			t.Errorf("%s = %d, want %d", attr, got, want)
		}
	}
	if got := html.UnescapeString(browser.Attr(body, "data-hover-info")); got != firstMerged.title {
		t.Errorf("the info line says %q, the node's title %q", got, firstMerged.title)
	}
	if n := len(regexp.MustCompile(`<li class="node[^"]*\bhl\b`).FindAllString(dom, -1)); n != litWant {
		t.Errorf("%d rows lit in the DOM, want %d", n, litWant)
	}

	shot := filepath.Join(t.TempDir(), "passes.png")
	browser.Screenshot(t, browser.URL(path, ""), shot, 2600, 900)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	colours := map[string]int{}
	want := map[[3]uint32]string{{0x4a, 0x34, 0x10}: "merged", {0x33, 0x33, 0x33}: "pruned"}
	bounds := img.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if name, ok := want[[3]uint32{r >> 8, g >> 8, b >> 8}]; ok {
				colours[name]++
			}
		}
	}
	for _, name := range want {
		if colours[name] < 100 {
			t.Errorf("the screenshot shows %d pixels of the %s mark", colours[name], name)
		}
	}
	if dir := os.Getenv("REUSELAB_SCREENSHOTS"); dir != "" {
		data, _ := os.ReadFile(shot)
		if err := os.WriteFile(filepath.Join(dir, "compile-passes-M_Reuse.png"), data, 0o644); err != nil {
			t.Error(err)
		}
	}
	t.Logf("screenshot: %dx%d, %v", bounds.Dx(), bounds.Dy(), colours)
}
