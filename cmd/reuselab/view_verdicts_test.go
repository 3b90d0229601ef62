package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"reuselab/internal/browser"
	"reuselab/prove"
)

const (
	unsoundMG    = "../../rules/examples/unsound.mg"
	subtractFile = "../../rules/examples/M_Subtract.dsm"
)

var mergeRow = regexp.MustCompile(`<tbody data-verdict="([a-z]+)" data-board="(asset-\d+-merged)" data-nodes="([^"]*)">`)

// verdictsOf are the verdicts of the merges a page lists, in order.
func verdictsOf(page string) []string {
	var out []string
	for _, m := range mergeRow.FindAllStringSubmatch(page, -1) {
		out = append(out, m[1])
	}
	return out
}

func viewPage(t *testing.T, args ...string) (string, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "page.html")
	var stdout, stderr bytes.Buffer
	if code := dispatch(append([]string{"view", "--out", out}, args...), &stdout, &stderr); code != 0 {
		t.Fatalf("view %v: exit %d\n%s", args, code, stderr.String())
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(page), stderr.String()
}

// unsound's one extra merge (a - b is b - a) is drawn unverified without
// --prove, and refuted with it, the solver's witness, replayed by
// ir/interp, in its title; the same page from two runs.
func TestViewVerdictsUnsound(t *testing.T) {
	page, errs := viewPage(t, "--rules", unsoundMG, subtractFile)
	if v := verdictsOf(page); len(v) != 1 || v[0] != "unverified" {
		t.Fatalf("merges drawn as %q, want the one extra merge unverified\n%s", v, errs)
	}
	if !strings.Contains(page, `id="view-legend"`) || !strings.Contains(page, "not proved (view --prove asks the solver):\nmerge %3#0 = %4#0 (Subtract)") {
		t.Errorf("no legend, or the unverified merge's title does not name its claim")
	}
	if !strings.Contains(errs, "view: merges of unsound drawn as: 1 unverified") {
		t.Errorf("stderr does not count the verdicts: %s", errs)
	}
	z3OrSkip(t)
	page, errs = viewPage(t, "--rules", unsoundMG, "--prove", subtractFile)
	if v := verdictsOf(page); len(v) != 1 || v[0] != "refuted" {
		t.Fatalf("with --prove: merges drawn as %q, want refuted\n%s", v, errs)
	}
	title := regexp.MustCompile(`class="verdict v-refuted" title="([^"]*)"`).FindStringSubmatch(page)
	if title == nil || !strings.Contains(title[1], "merge %3#0 = %4#0 (Subtract): refuted") ||
		!strings.Contains(title[1], "(input) = [") || !strings.Contains(title[1], "ir/interp: confirmed") {
		t.Errorf("the refuted merge's title has no replayed witness: %q", title)
	}
	again, _ := viewPage(t, "--rules", unsoundMG, "--prove", subtractFile)
	if again != page {
		t.Error("two runs of view --prove wrote different pages")
	}
}

// x*1 → x: the alias mulone makes beyond the reference (a merge of A and
// A * 1.0) is proved; the merges reuse-2.0 makes too are the reference's,
// and with --prove-all proved as well.
func TestViewVerdictsProved(t *testing.T) {
	z3OrSkip(t)
	src := mZeroFile(t)
	page, errs := viewPage(t, "--rules", "testdata/prove/mulone.mg", "--prove", src)
	// b4 = 0.0 is one node with b2, m0's 0.0, under the reference too
	if v := strings.Join(verdictsOf(page), " "); v != "proved reference" {
		t.Fatalf("merges drawn as %q, want the alias proved and the constants' merge the reference's\n%s", v, errs)
	}
	if !strings.Contains(page, "proved for every float32 input") {
		t.Error("the proved merge's title does not say so")
	}
	// the reference passes on M_Reuse: every merge is theirs, and proved
	page, errs = viewPage(t, reuseExample)
	ref := verdictsOf(page)
	if len(ref) == 0 {
		t.Fatalf("M_Reuse has no merge\n%s", errs)
	}
	for _, v := range ref {
		if v != "reference" {
			t.Errorf("without --prove-all the reference's own merge is drawn %s", v)
		}
	}
	page, errs = viewPage(t, "--prove", "--prove-all", reuseExample)
	all := verdictsOf(page)
	if len(all) != len(ref) {
		t.Fatalf("--prove-all lists %d merges, without it %d", len(all), len(ref))
	}
	for _, v := range all {
		if v != "proved" {
			t.Errorf("--prove-all: a merge of the reference drawn %s\n%s", v, errs)
		}
	}
}

func TestViewProveFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--prove-all"},
		{"--semantics", "real"},
		{"--prove", "--prove-timeout", "-1s"},
	} {
		args = append(args, reuseExample)
		if code, out, errs := runCLI(t, append([]string{"view"}, args...)...); code != exitUsage || out != "" {
			t.Errorf("view %v: exit %d, want %d and no page\n%s", args, code, exitUsage, errs)
		}
	}
}

// In a real browser, the page script gives each merged node ueblueprint
// drew its merge's verdict and title: the unsound merge's node is marked
// unverified (and with z3, mulone's alias proved; the other merges are the
// reference's), and the legend is shown.
func TestViewVerdictsInChromium(t *testing.T) {
	browser.Chromium(t)
	cases := []struct {
		verdict string
		args    []string
	}{{"unverified", []string{"--rules", unsoundMG, subtractFile}}}
	if haveZ3(t) {
		cases = append(cases, struct {
			verdict string
			args    []string
		}{"proved", []string{"--rules", "testdata/prove/mulone.mg", "--prove", mZeroFile(t)}})
	}
	for _, c := range cases {
		t.Run(c.verdict, func(t *testing.T) {
			page := writeViewPage(t, c.args...)
			dom := browser.DOM(t, browser.URL(page, ""))
			body := regexp.MustCompile(`<body[^>]*>`).FindString(dom)
			if attrValue(body, "data-view-done") != "1" || attrValue(body, "data-view-errors") != "" {
				t.Fatalf("the page script did not finish cleanly: %s", body)
			}
			legend := regexp.MustCompile(`(?s)<p id="view-legend"[^>]*>(.*?)</p>`).FindStringSubmatch(dom)
			if legend == nil {
				t.Fatal("no legend in the DOM")
			}
			for _, v := range []string{"proved", "tested", "unverified", "refuted", "reference"} {
				if !strings.Contains(legend[1], `data-verdict="`+v+`"`) {
					t.Errorf("the legend lacks %s", v)
				}
			}
			merged := dom[strings.Index(dom, `<ueb-blueprint id="asset-0-merged"`):]
			var marked []string
			for _, tag := range uebNode.FindAllString(merged, -1) {
				if v := attrValue(tag, "data-verdict"); v != "" {
					marked = append(marked, v+" "+attrValue(tag, "title"))
				}
			}
			n := 0
			for _, m := range marked {
				switch {
				case strings.HasPrefix(m, c.verdict+" "):
					n++
				case !strings.HasPrefix(m, "reference "):
					t.Errorf("a merged node marked %q", m)
				}
			}
			if n != 1 {
				t.Errorf("drawn merged nodes marked %q, want one %s", marked, c.verdict)
			}
		})
	}
}

// haveZ3 says whether z3 is there, and logs what is left out when not.
func haveZ3(t *testing.T) bool {
	t.Helper()
	if err := prove.Z3().Available(); err != nil {
		t.Logf("z3 is not installed (%v): the cases that need it are left out", err)
		return false
	}
	return true
}
