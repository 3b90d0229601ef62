package conform

import (
	"encoding/json"
	"fmt"
	"strings"

	"reuselab/compiler/dss"
	"reuselab/compiler/passes"
	"reuselab/decompile"
	"reuselab/decompile/raiserules"
	"reuselab/diag"
	"reuselab/ir"
	"reuselab/sourcefile"
)

// textGolden is what the `decompile` and `roundtrip` goldens add: the
// printed `.dss` text.
type textGolden struct {
	Text *string `json:"text"`
}

// RoundTrip compiles a `.dss` source against upstream's test catalog with
// the 2.0 passes, decompiles it, and compiles the text again: the text,
// and "" when the second module is equivalent to the first, else the
// difference (or why the text did not compile).
func RoundTrip(source string, opts dss.Options) (text, problem string, ds diag.List) {
	m, ds := compileDSSModule(source, opts)
	if m == nil || ds.HasErrors() {
		return "", "the source does not compile: " + firstErrors(ds, 3), ds
	}
	raise, err := raiserules.Options(ir.Limits{})
	if err != nil {
		return "", err.Error(), ds
	}
	text, notes, err := decompile.Module(m, raise)
	if err != nil {
		return "", err.Error(), ds
	}
	for _, n := range notes {
		ds.Add(diag.Pos{File: source, Line: 1, Col: 1}, severity(n.Severity), n.Code, "%s", n.Message)
	}
	again := opts
	again.ReadFile = func(p string) ([]byte, error) {
		if p == source {
			return []byte(text), nil
		}
		return nil, fmt.Errorf("the decompiled text reads only itself, not %s", p)
	}
	m2, ds2 := compileDSSModule(source, again)
	if m2 == nil || ds2.HasErrors() {
		return text, "the decompiled text does not compile: " + firstErrors(ds2, 3), ds
	}
	return text, decompile.Equivalent(m, m2), ds
}

func compileDSSModule(source string, opts dss.Options) (*ir.Module, diag.List) {
	m, ds := dss.CompileFile(source, opts)
	if m == nil || ds.HasErrors() {
		return m, ds
	}
	m, results := passes.RunModule(m, passes.Options{Mode: "2.0"})
	for _, res := range results {
		for _, n := range res.Notes {
			ds.Add(diag.Pos{File: source, Line: n.Span.Line, Col: n.Span.Col}, severity(n.Severity), n.Code, "%s", n.Message)
		}
	}
	return m, ds
}

// runTextGolden runs a `decompile` or `roundtrip` golden: the source
// compiled with the 2.0 passes, printed back as `.dss` and compared with
// the golden's text byte for byte, and the text compiled again to an
// equivalent module. A `roundtrip` golden's text ends in the node
// positions of the asset upstream's editor saved (`#pragma layout(Node…)`),
// which no compile of the source has: they are left out of the compare.
func runTextGolden(r Result, gd Golden, golden, groot string) Result {
	if r.Source == "" {
		r.Status, r.Detail = Skip, "source file absent"
		return r
	}
	if !strings.HasSuffix(r.Source, ".dss") {
		r.Status, r.Detail = Skip, "entry point "+quoteOr(gd.EntryPoint, "")+" with a 1.x source is not run by reuselab"
		return r
	}
	r.DSS = true
	var tg textGolden
	if data, err := sourcefile.Read(golden, groot, sourcefile.MaxFileBytes); err == nil {
		_ = json.Unmarshal(sourcefile.TrimBOM(data), &tg)
	}
	text, problem, ds := RoundTrip(r.Source, dss.Options{Catalog: dss.TestCatalog, Substrate: gd.Substrate})
	var problems []string
	problems = append(problems, missing(ds, diag.Error, "error", gd.ErrorContains)...)
	problems = append(problems, missing(ds, diag.Warning, "warning", gd.WarningsContain)...)
	problems = append(problems, missing(ds, diag.Info, "info", gd.InfosContain)...)
	r.CodesOK = len(problems) == 0 && !ds.HasErrors()
	if problem != "" {
		problems = append(problems, "round trip: "+problem)
	}
	if tg.Text != nil {
		want := *tg.Text
		if gd.EntryPoint == "roundtrip" {
			want = withoutEditorLines(want)
			text = withoutEditorLines(text)
		}
		r.TextCompared = true
		if text == want {
			r.TextOK = true
		} else {
			problems = append(problems, "text differs: "+FirstDiff(text, want))
		}
	}
	if len(problems) == 0 {
		r.Status, r.Detail = Pass, "ok"
	} else {
		r.Status, r.Detail = Fail, strings.Join(problems, "; ")
	}
	return r
}

// withoutEditorLines drops what an editor-saved asset writes from the
// asset rather than from the graph: the `#pragma layout(Node, …)` node
// positions after the last function, and the `#pragma material(…)` line,
// which carries the settings as the asset stored them (source order, the
// backend) where the IR keeps them sorted with the defaults filled in.
func withoutEditorLines(text string) string {
	lines := strings.Split(text, "\n")
	var kept []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "#pragma layout(Node,") && !strings.HasPrefix(l, "#pragma material(") {
			kept = append(kept, l)
		}
	}
	out := strings.TrimLeft(strings.Join(kept, "\n"), "\n")
	for strings.HasSuffix(out, "\n\n") {
		out = strings.TrimSuffix(out, "\n")
	}
	return out
}
