package conform

// Comparing a written graphDump with a golden's: byte for byte, and field
// by field, naming the first field that differs (`M_X: nodes[3]
// (Multiply).props.ConstB: got 1, want 2`) so that a failure says what to
// fix without a diff tool.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"reuselab/emit"
	"reuselab/ir"
)

// dumpSection is one asset's part of a graphDump: its header and body.
type dumpSection struct {
	name, kind string
	body       string
}

// splitDump cuts a graphDump into its assets at the `=== … ===` lines.
func splitDump(s string) []dumpSection {
	var out []dumpSection
	locs := dumpHeader.FindAllStringSubmatchIndex(s, -1)
	for i, l := range locs {
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		out = append(out, dumpSection{name: s[l[2]:l[3]], kind: s[l[4]:l[5]], body: s[l[1]:end]})
	}
	return out
}

// parseDumpBody reads one asset's JSON, numbers kept as written; the
// comma the golden runner leaves before the closing brace is dropped.
func parseDumpBody(body string) (any, error) {
	fixed := danglingTail.ReplaceAllString(strings.TrimSpace(body), "}")
	dec := json.NewDecoder(bytes.NewReader([]byte(fixed)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// compareDumpFields compares two graphDump texts asset by asset and field
// by field; it returns "" when they agree, else the first difference.
func compareDumpFields(got, want string) string {
	g, w := splitDump(got), splitDump(want)
	for i := 0; i < len(g) || i < len(w); i++ {
		switch {
		case i >= len(g):
			return fmt.Sprintf("asset %s (%s) missing", w[i].name, w[i].kind)
		case i >= len(w):
			return fmt.Sprintf("asset %s (%s) not in the golden", g[i].name, g[i].kind)
		case g[i].name != w[i].name || g[i].kind != w[i].kind:
			return fmt.Sprintf("asset %d: got %s (%s), want %s (%s)", i, g[i].name, g[i].kind, w[i].name, w[i].kind)
		}
		gv, err := parseDumpBody(g[i].body)
		if err != nil {
			return g[i].name + ": ours unreadable: " + err.Error()
		}
		wv, err := parseDumpBody(w[i].body)
		if err != nil {
			return w[i].name + ": golden unreadable: " + err.Error()
		}
		if d := firstFieldDiff("", gv, wv, 0); d != "" {
			return w[i].name + ": " + d
		}
	}
	return ""
}

// maxDumpDepth bounds the walk: a dump nests six levels, and a golden
// nested deeper than this is compared below it as whole values, so that
// its depth cannot drive the recursion.
const maxDumpDepth = 32

// firstFieldDiff walks two JSON values in key order; nodes are named by
// their class as well as their position.
func firstFieldDiff(path string, got, want any, depth int) string {
	if depth > maxDumpDepth {
		if short(got) != short(want) || fmt.Sprint(got) != fmt.Sprint(want) {
			return fmt.Sprintf("%s: got %s, want %s", orRoot(path), short(got), short(want))
		}
		return ""
	}
	switch wv := want.(type) {
	case map[string]any:
		gv, ok := got.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: got %s, want an object", orRoot(path), short(got))
		}
		keys := map[string]bool{}
		for k := range wv {
			keys[k] = true
		}
		for k := range gv {
			keys[k] = true
		}
		var sorted []string
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		for _, k := range sorted {
			sub := path + "." + k
			if path == "" {
				sub = k
			}
			g, gok := gv[k]
			w, wok := wv[k]
			switch {
			case !gok:
				return fmt.Sprintf("%s: missing, want %s", sub, short(w))
			case !wok:
				return fmt.Sprintf("%s: got %s, not in the golden", sub, short(g))
			}
			if d := firstFieldDiff(sub, g, w, depth+1); d != "" {
				return d
			}
		}
		return ""
	case []any:
		gv, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%s: got %s, want an array", orRoot(path), short(got))
		}
		for i := 0; i < len(gv) && i < len(wv); i++ {
			sub := fmt.Sprintf("%s[%d]", path, i)
			if m, ok := wv[i].(map[string]any); ok {
				if c, ok := m["class"].(string); ok {
					sub += "(" + strings.TrimPrefix(c, classPathPrefix) + ")"
				}
			}
			if d := firstFieldDiff(sub, gv[i], wv[i], depth+1); d != "" {
				return d
			}
		}
		if len(gv) != len(wv) {
			return fmt.Sprintf("%s: %d items, want %d", orRoot(path), len(gv), len(wv))
		}
		return ""
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || (got == nil) != (want == nil) {
		return fmt.Sprintf("%s: got %s, want %s", orRoot(path), short(got), short(want))
	}
	return ""
}

func orRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

// short prints a JSON value on one line, cut to a readable length.
func short(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	s := strings.TrimSuffix(buf.String(), "\n")
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

// dumpContext is what writing a compile's graphDump needs beside its
// assets: the module they were emitted from, what the IR does not keep,
// and whether the run asks for byte-identical dumps (Options.GraphBytes).
type dumpContext struct {
	module    *ir.Module
	opt       DumpOptions
	bytes     bool
	instances map[string]instanceDump // a `.dsi` chain's instances by asset name
}

// compareWholeDump writes the assets' graphDump and compares it with the
// golden's, recording both verdicts in r: a field that differs is a
// problem always, a dump that agrees field by field but not byte for
// byte only in byte mode.
func compareWholeDump(r *Result, want string, assets []*emit.Asset, dc *dumpContext) []string {
	got := writeGraphDump(dc.module, assets, dc.opt, dc.instances)
	r.DumpCompared = true
	r.DumpBytesOK = got == want
	if d := compareDumpFields(got, want); d != "" {
		return []string{"graphDump differs: " + d}
	}
	r.DumpFieldsOK = true
	if dc.bytes && !r.DumpBytesOK {
		return []string{"graphDump not byte-identical: " + FirstDiff(got, want)}
	}
	return nil
}

// countDump adds a compile fixture's whole-dump verdicts to f.
func (f *Figures) countDump(r Result) {
	if r.Status == Skip || !r.DumpCompared {
		return
	}
	f.DumpTotal++
	if r.DumpFieldsOK {
		f.DumpFieldsOK++
	}
	if r.DumpBytesOK {
		f.DumpBytesOK++
	}
}

// printDump adds the whole-dump figures to the summary line.
func printDump(w io.Writer, f Figures) {
	if f.DumpTotal == 0 {
		return
	}
	fmt.Fprintf(w, "; compile graphDump field by field: %d of %d; graphDump byte-identical: %d of %d",
		f.DumpFieldsOK, f.DumpTotal, f.DumpBytesOK, f.DumpTotal)
}
