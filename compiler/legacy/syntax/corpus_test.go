package syntax

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reuselab/internal/shared"
	"sort"
	"strconv"
	"strings"
	"testing"

	"reuselab/diag"
)

var corpusRoot = shared.Corpus()

var legacyParseDir = filepath.Join(corpusRoot, "TypeDreamMoon__DreamShader/Tests/Corpus/Legacy/Parse")

func needCorpus(t testing.TB, dir string) {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("corpus not available (%s): %v", dir, err)
	}
}

func isLegacySource(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".dsm", ".dsf", ".dsh":
		return true
	}
	return false
}

type golden struct {
	EntryPoint      string   `json:"entryPoint"`
	Outcome         string   `json:"outcome"`
	ErrorContains   []string `json:"errorContains"`
	WarningsContain []string `json:"warningsContain"`
	InfosContain    []string `json:"infosContain"`
}

// stemOf drops the source extension: "F_BareReturn.bad.dsh" -> "F_BareReturn.bad".
func stemOf(path string) string {
	b := filepath.Base(path)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

func loadKnownFailures(t *testing.T) map[string]string {
	m := map[string]string{}
	f, err := os.Open("testdata/legacy-parse-known-failures.txt")
	if err != nil {
		return m
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		stem, reason, _ := strings.Cut(line, "\t")
		m[stem] = reason
	}
	return m
}

// hasCode reports whether some diagnostic of that severity carries code.
func hasCode(l diag.List, sev diag.Severity, code string) bool {
	for _, d := range l.Items {
		if d.Severity == sev && strings.Contains(strings.ToUpper(d.Code+": "+d.Message), strings.ToUpper(code)) {
			return true
		}
	}
	return false
}

// checkGolden compares outcome and listed codes; "" means it matches.
func checkGolden(path string, l diag.List) string {
	g := golden{}
	gp := strings.TrimSuffix(path, filepath.Ext(path)) + ".expected.json"
	if b, err := os.ReadFile(gp); err == nil {
		if err := json.Unmarshal(b, &g); err != nil {
			return "bad golden: " + err.Error()
		}
	} else {
		g.Outcome = "ok"
		if strings.Contains(filepath.Base(path), ".bad.") {
			g.Outcome = "error"
		}
	}
	var problems []string
	wantErr := strings.EqualFold(g.Outcome, "error")
	if wantErr != l.HasErrors() {
		problems = append(problems, "outcome: want "+g.Outcome)
	}
	for _, c := range g.ErrorContains {
		if !hasCode(l, diag.Error, c) {
			problems = append(problems, "missing error "+c)
		}
	}
	for _, c := range g.WarningsContain {
		if !hasCode(l, diag.Warning, c) {
			problems = append(problems, "missing warning "+c)
		}
	}
	for _, c := range g.InfosContain {
		if !hasCode(l, diag.Info, c) {
			problems = append(problems, "missing info "+c)
		}
	}
	return strings.Join(problems, "; ")
}

// TestLegacyParseFixtures runs every Legacy/Parse fixture through Load and
// compares outcome and codes with its golden.
func TestLegacyParseFixtures(t *testing.T) {
	needCorpus(t, legacyParseDir)
	known := loadKnownFailures(t)
	var files []string
	filepath.WalkDir(legacyParseDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && isLegacySource(p) {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	pass := 0
	for _, p := range files {
		u, l := Load(p, LoadOptions{Root: legacyParseDir})
		_ = u
		stem := stemOf(p)
		msg := checkGolden(p, l)
		switch {
		case msg == "":
			pass++
			if _, ok := known[stem]; ok {
				t.Logf("%s passes now: remove it from the known failures", stem)
			}
		case known[stem] != "":
			t.Logf("known failure %s: %s (%s)", stem, msg, known[stem])
		default:
			t.Logf("FAIL %s: %s\n%s", stem, msg, l.String())
		}
	}
	t.Logf("Legacy/Parse: %d of %d .dsm/.dsf/.dsh fixtures pass", pass, len(files))
	if len(files) > 0 && pass*100 < len(files)*95 {
		t.Errorf("only %d of %d fixtures pass (< 95%%)", pass, len(files))
	}
}

// corpusFiles lists every 1.x source of the corpus (no _versions/, no .dss).
func corpusFiles(t testing.TB) []string {
	return shared.SourceFiles(corpusRoot)
}

// TestCorpusSweep parses every real file: no panic, every `.bad.` file gets
// an error; it prints how many files got errors, by code.
func TestCorpusSweep(t *testing.T) {
	needCorpus(t, corpusRoot)
	files := corpusFiles(t)
	byCode := map[string]int{}
	withErr, goodWithErr, leftToBinder := 0, 0, 0
	for _, p := range files {
		_, l := Load(p, LoadOptions{})
		bad := strings.Contains(filepath.Base(p), ".bad.")
		seen := map[string]bool{}
		for _, d := range l.Items {
			if d.Severity == diag.Error && !seen[d.Code] {
				seen[d.Code] = true
				byCode[d.Code]++
			}
			if d.Code == "DSH2150" && strings.Contains(d.Message, "internal parser error") {
				t.Errorf("%s: %s", p, d)
			}
		}
		if l.HasErrors() {
			withErr++
			if !bad {
				goodWithErr++
				if testing.Verbose() {
					t.Logf("errors in %s:\n%s", strings.TrimPrefix(p, corpusRoot+"/"), l.String())
				}
			}
		} else if bad {
			if codes := goldenErrors(p); frontEndCodes(codes) {
				t.Errorf("%s: a .bad. file parsed without errors (golden wants %v)", p, codes)
			} else {
				leftToBinder++
			}
		}
	}
	var codes []string
	for c := range byCode {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	var b strings.Builder
	for _, c := range codes {
		b.WriteString(" " + c + "×" + strconv.Itoa(byCode[c]))
	}
	t.Logf("corpus: %d files, %d with errors (%d not named .bad.); %d .bad. files fail only later (binder codes); files by error code:%s", len(files), withErr, goodWithErr, leftToBinder, b.String())
}

// goldenErrors reads the errorContains codes of a source's golden, if any.
func goldenErrors(path string) []string {
	var g golden
	b, err := os.ReadFile(strings.TrimSuffix(path, filepath.Ext(path)) + ".expected.json")
	if err != nil || json.Unmarshal(b, &g) != nil {
		return nil
	}
	return g.ErrorContains
}

// frontEndCodes reports whether some code is one this package owns (2xxx,
// 3xxx, 5250–5265, 6300–6319); other .bad. files fail in the binder.
func frontEndCodes(codes []string) bool {
	for _, c := range codes {
		n, err := strconv.Atoi(strings.TrimPrefix(c, "DSH"))
		if err != nil {
			continue
		}
		if n >= 2000 && n < 4000 || n >= 5250 && n <= 5265 || n >= 6300 && n <= 6319 {
			return true
		}
	}
	return false
}
