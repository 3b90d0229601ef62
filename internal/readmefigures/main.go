// Command readmefigures measures the figures README.md quotes and writes
// them between its `<!-- figures:begin -->` and `<!-- figures:end -->`
// markers, with the date and the machine, so that no figure in the README is
// typed by hand or left from another day. Nothing outside the markers is
// touched.
//
//	go run ./internal/readmefigures            # from the repository root
//	go run ./internal/readmefigures -print     # print the region, write nothing
//
// It builds the CLI once and runs what the README names: `conform` on
// upstream's goldens, `bench` on the real corpus and on the embedded one,
// `evalcheck`, and `bench --scaling` (a minute or more). The real corpus is
// ../shared/corpus/real; without it those figures say they were not
// measured. It imports nothing of reuselab's: it reads the CLI's output and
// report files as a user would.
package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"reuselab/internal/readmeregion"
)

// region is the part of README.md this command writes.
var region = readmeregion.Markers{Begin: "<!-- figures:begin -->", End: "<!-- figures:end -->"}

func main() {
	readme := flag.String("readme", "README.md", "the README whose marked region is rewritten")
	shared := flag.String("shared", "../shared", "the workplace's shared folder (real corpus, goldens)")
	printOnly := flag.Bool("print", false, "print the region instead of writing it")
	flag.Parse()
	if err := run(*readme, *shared, *printOnly); err != nil {
		fmt.Fprintln(os.Stderr, "readmefigures:", err)
		os.Exit(1)
	}
}

func run(readme, shared string, printOnly bool) error {
	if err := region.Check(readme); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "readmefigures-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cli := filepath.Join(tmp, "reuselab")
	progress("building the CLI")
	if _, err := command("go", "build", "-o", cli, "./cmd/reuselab"); err != nil {
		return err
	}
	m := &measured{cli: cli, tmp: tmp, real: filepath.Join(shared, "corpus", "real")}
	figures, err := m.region()
	if err != nil {
		return err
	}
	if printOnly {
		fmt.Print(wrap(figures, 100))
		return nil
	}
	return region.Rewrite(readme, wrap(figures, 100))
}

type measured struct{ cli, tmp, real string }

func (m *measured) region() (string, error) {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	goos, _ := command("go", "env", "GOOS")
	goarch, _ := command("go", "env", "GOARCH")
	w("Written by `go run ./internal/readmefigures` on %s, %s/%s, %d CPUs (the times are this machine's; the counts depend only on the sources).\n\n",
		time.Now().UTC().Format("2006-01-02"), strings.TrimSpace(goos), strings.TrimSpace(goarch), runtime.NumCPU())
	haveReal := dirExists(m.real)

	if goldens := filepath.Join(m.real, "TypeDreamMoon__DreamShader", "Tests", "Corpus"); dirExists(goldens) {
		progress("conform")
		out, _ := command(m.cli, "conform", goldens) // exit 1 on a failed fixture
		line, err := conformFigures(out)
		if err != nil {
			return "", err
		}
		w("- `go run ./cmd/reuselab conform %s` %s\n", filepath.ToSlash(goldens), line)
	} else {
		w("- `reuselab conform`: not measured (no %s).\n", goldens)
	}

	if haveReal {
		progress("bench on the real corpus")
		line, err := m.benchReal()
		if err != nil {
			return "", err
		}
		w("- `go run ./cmd/reuselab bench %s`: %s\n", filepath.ToSlash(m.real), line)
		progress("bench --versions on the real corpus")
		if line, err = m.benchVersions(); err != nil {
			return "", err
		}
		w("- `go run ./cmd/reuselab bench --versions %s` (the `_versions/` snapshots too, each a file of its own): %s\n", filepath.ToSlash(m.real), line)
	}
	progress("bench on the embedded corpus")
	line, err := m.benchDefault(haveReal)
	if err != nil {
		return "", err
	}
	w("- `go run ./cmd/reuselab bench` (the embedded corpus): %s\n", line)

	if haveReal {
		progress("evalcheck")
		out, err := command(m.cli, "evalcheck", m.real)
		if err != nil {
			return "", err
		}
		w("- `go run ./cmd/reuselab evalcheck %s`: %s\n", filepath.ToSlash(m.real), evalcheckFigures(out))
	}

	progress("bench --scaling (a minute or more)")
	line, err = m.scaling()
	if err != nil {
		return "", err
	}
	w("- `go run ./cmd/reuselab bench --scaling`: %s\n", line)
	return b.String(), nil
}

// summary is the part of bench's summary.json the README quotes.
type summary struct {
	Legacy  string `json:"legacy"`
	Target  string `json:"target"`
	Corpora []*corpusSummary
	Overall *corpusSummary `json:"overall"`
	// Disagreements lists the assets a pack differs from its mode on.
	Disagreements []struct{ Variant string } `json:"disagreements"`
	Variants      []struct {
		Name, Versus string
	} `json:"variants"`
	Timing *timing `json:"timing"`
}

// timing is summary.json's timing: bench's own medians over its --repeat
// repetitions (the README quotes them rather than timing bench again).
type timing struct {
	Repeat   int `json:"repeat"`
	Variants []struct {
		Variant string  `json:"variant"`
		Wall    *spread `json:"wall_ms"`
		CPU     *spread `json:"cpu_ms"`
	} `json:"variants"`
}

type spread struct {
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// timingFigures words bench's medians: each variant's engine time over the
// corpus, the median of the repetitions and their range, wall then CPU.
func timingFigures(t *timing) string {
	if t == nil || t.Repeat < 2 {
		return ""
	}
	var parts []string
	for _, v := range t.Variants {
		if v.Wall == nil {
			continue
		}
		p := fmt.Sprintf("%s %s ms (%s–%s)", v.Variant, short(v.Wall.Median), short(v.Wall.Min), short(v.Wall.Max))
		if v.CPU != nil {
			p += fmt.Sprintf(" wall, %s ms (%s–%s) CPU", short(v.CPU.Median), short(v.CPU.Min), short(v.CPU.Max))
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("engine time over the corpus, bench's median of %d interleaved repetitions (min–max): %s", t.Repeat, strings.Join(parts, "; "))
}

type corpusSummary struct {
	Name           string `json:"name"`
	Files          int    `json:"files"`
	FailedFiles    int    `json:"failed_files"`
	Expected       int    `json:"expected_failures"`
	SyntheticFiles int    `json:"synthetic_files"`
	Assets         int    `json:"assets"`
	Reduction      *ratio `json:"reduction"`
	VsLegacy       *ratio `json:"vs_legacy"`
	OnLegacy       *struct {
		Assets   int `json:"assets"`
		Baseline int `json:"baseline_ir_nodes"`
		Legacy   int `json:"legacy_ir_nodes"`
		Target   int `json:"target_ir_nodes"`
	} `json:"on_legacy_assets"`
	Totals []struct {
		Variant string `json:"variant"`
		IRNodes int    `json:"ir_nodes"`
	} `json:"totals"`
}

type ratio struct {
	Before int     `json:"before"`
	After  int     `json:"after"`
	Total  float64 `json:"total"`
	Assets int     `json:"assets"`
}

func (m *measured) bench(out string, args ...string) (*summary, error) {
	if _, err := command(m.cli, append([]string{"bench", "--out", out}, args...)...); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		return nil, err
	}
	s := &summary{}
	if err := json.Unmarshal(b, s); err != nil || s.Overall == nil {
		return nil, fmt.Errorf("%s/summary.json: %v", out, err)
	}
	return s, nil
}

func (c *corpusSummary) nodes(variant string) string {
	for _, t := range c.Totals {
		if t.Variant == variant {
			return fmt.Sprint(t.IRNodes)
		}
	}
	return "–"
}

func pct(r *ratio) string {
	if r == nil || r.Assets == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%%", 100*r.Total)
}

// agreement says, for each pack checked against a mode, whether it gave
// that mode's partition everywhere.
func (s *summary) agreement() string {
	var parts []string
	for _, v := range s.Variants {
		if v.Versus == "" {
			continue
		}
		n := 0
		for _, d := range s.Disagreements {
			if d.Variant == v.Name {
				n++
			}
		}
		if n == 0 {
			parts = append(parts, fmt.Sprintf("the Datalog `%s` gives `%s`'s partition on every asset", strings.TrimPrefix(v.Name, "datalog:"), v.Versus))
		} else {
			parts = append(parts, fmt.Sprintf("`%s` differs from `%s` on %d assets", v.Name, v.Versus, n))
		}
	}
	return strings.Join(parts, "; ")
}

func (m *measured) benchReal() (string, error) {
	out := filepath.Join(m.tmp, "real")
	s, err := m.bench(out, m.real)
	if err != nil {
		return "", err
	}
	dss, err := dssAssets(filepath.Join(out, "assets.csv"))
	if err != nil {
		return "", err
	}
	o := s.Overall
	line := fmt.Sprintf("%d files (%d failing, %d of them upstream's `.bad.` negative tests), %d assets (%d from `.dss`); IR nodes none %s, %s %s (%s saves %s over none)",
		o.Files, o.FailedFiles, o.Expected, o.Assets, dss, o.nodes("none"), s.Target, o.nodes(s.Target), s.Target, pct(o.Reduction))
	if l := o.OnLegacy; l != nil && s.Legacy != "" {
		// like with like: 1x's total is over the assets it builds only
		saves := "–"
		if l.Legacy > 0 {
			saves = fmt.Sprintf("%.1f%%", 100*(1-float64(l.Target)/float64(l.Legacy)))
		}
		line += fmt.Sprintf("; over the %d assets `%s` compiles, none %d, %s %d and %s %d (%s saves %s over %s)", l.Assets, s.Legacy, l.Baseline, s.Legacy, l.Legacy, s.Target, l.Target, s.Target, saves, s.Legacy)
	} else if r := o.VsLegacy; r != nil && s.Legacy != "" {
		line += fmt.Sprintf("; over the %d assets `%s` compiles, %s %d and %s %d, %s", r.Assets, s.Legacy, s.Legacy, r.Before, s.Target, r.After, pct(r))
	}
	if a := s.agreement(); a != "" {
		line += "; " + a
	}
	if tf := timingFigures(s.Timing); tf != "" {
		line += "; " + tf
	}
	return line + ".", nil
}

// benchVersions words bench over the real corpus with its snapshots: the
// counts only (the timings are the line above's).
func (m *measured) benchVersions() (string, error) {
	s, err := m.bench(filepath.Join(m.tmp, "versions"), "--versions", "--repeat", "1", m.real)
	if err != nil {
		return "", err
	}
	o := s.Overall
	return fmt.Sprintf("%d files (%d failing), %d assets; IR nodes none %s, %s %s (%s saves %s over none).",
		o.Files, o.FailedFiles, o.Assets, o.nodes("none"), s.Target, o.nodes(s.Target), s.Target, pct(o.Reduction)), nil
}

func (m *measured) benchDefault(haveReal bool) (string, error) {
	s, err := m.bench(filepath.Join(m.tmp, "default"))
	if err != nil {
		return "", err
	}
	var rows []string
	for _, c := range s.Corpora {
		kind := "written by hand"
		if c.SyntheticFiles > 0 {
			kind = "synthetic, `reuselab gen`"
		}
		row := fmt.Sprintf("`%s` (%s; %d assets) %s saves %s over none", c.Name, kind, c.Assets, s.Target, pct(c.Reduction))
		if c.VsLegacy != nil && s.Legacy != "" {
			row += fmt.Sprintf(" and %s over %s", pct(c.VsLegacy), s.Legacy)
		}
		rows = append(rows, row)
	}
	line := strings.Join(rows, "; ") + ". The synthetic figure is set by the duplicate rate the programs were generated with"
	if haveReal {
		line += "; the real corpus's is the line above"
	}
	return line + ".", nil
}

// dssAssets counts the assets compiled from `.dss` sources in assets.csv.
func dssAssets(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) == 0 {
		return 0, fmt.Errorf("%s: %v", path, err)
	}
	col := -1
	for i, h := range rows[0] {
		if h == "file" {
			col = i
		}
	}
	n := 0
	for _, r := range rows[1:] {
		if col >= 0 && strings.HasSuffix(strings.ToLower(r[col]), ".dss") {
			n++
		}
	}
	return n, nil
}

func evalcheckFigures(out string) string {
	line := strings.TrimSpace(lastLine(out))
	line = strings.TrimPrefix(line, "evalcheck reference: ")
	return line + "."
}

type scalingPoint struct {
	Engine       string  `json:"engine"`
	Nodes        int     `json:"nodes"`
	CPUNsPerNode float64 `json:"cpu_ns_per_node"`
	BytesPerNode float64 `json:"bytes_per_node"`
	Err          string  `json:"error"`
}

// scaling runs bench --scaling and words each engine's CPU time per node
// over its range (flat means linear), and the Datalog engine against the
// reference at the largest size both ran.
func (m *measured) scaling() (string, error) {
	out := filepath.Join(m.tmp, "scaling")
	if _, err := command(m.cli, "bench", "--scaling", "--out", out); err != nil {
		return "", err
	}
	b, err := os.ReadFile(filepath.Join(out, "scaling.json"))
	if err != nil {
		return "", err
	}
	var pts []scalingPoint
	if err := json.Unmarshal(b, &pts); err != nil {
		return "", err
	}
	var engines []string
	by := map[string][]scalingPoint{}
	for _, p := range pts {
		if p.Err != "" {
			continue
		}
		if _, ok := by[p.Engine]; !ok {
			engines = append(engines, p.Engine)
		}
		by[p.Engine] = append(by[p.Engine], p)
	}
	var parts []string
	for _, e := range engines {
		ps := by[e]
		lo, hi := ps[0].CPUNsPerNode, ps[0].CPUNsPerNode
		for _, p := range ps {
			lo, hi = min(lo, p.CPUNsPerNode), max(hi, p.CPUNsPerNode)
		}
		parts = append(parts, fmt.Sprintf("%s %s–%s CPU/node from %s to %s nodes, %s allocated/node",
			e, dur(lo), dur(hi), count(ps[0].Nodes), count(ps[len(ps)-1].Nodes), size(ps[len(ps)-1].BytesPerNode)))
	}
	line := strings.Join(parts, "; ")
	if ref, dl := by["reference 2.0"], by["datalog reuse-2.0"]; len(ref) > 0 && len(dl) > 0 {
		for i := len(dl) - 1; i >= 0; i-- {
			for _, r := range ref {
				if r.Nodes == dl[i].Nodes && r.CPUNsPerNode > 0 {
					line += fmt.Sprintf("; at %s nodes Datalog takes %.0f× the reference's CPU time", count(r.Nodes), dl[i].CPUNsPerNode/r.CPUNsPerNode)
					return line + ".", nil
				}
			}
		}
	}
	return line + ".", nil
}

func dur(ns float64) string {
	switch {
	case ns >= 1e6:
		return short(ns/1e6) + " ms"
	case ns >= 1e3:
		return short(ns/1e3) + " µs"
	}
	return short(ns) + " ns"
}

// short writes x with two significant digits, or whole when larger.
func short(x float64) string {
	if x >= 10 {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.1f", x)
}

func size(b float64) string {
	if b >= 1000 {
		return fmt.Sprintf("%.1f KB", b/1000)
	}
	return fmt.Sprintf("%.0f B", b)
}

func count(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

// command runs name with args and returns its stdout; stderr goes to ours
// (progress bars draw only on a terminal).
func command(name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	err := cmd.Run()
	if err != nil {
		err = fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, tail(out.String()))
	}
	return out.String(), err
}

// wrap breaks each line of text longer than width at spaces, as the rest of
// the README is written; a list item's continuation lines are indented two
// spaces. A `code span` is never broken.
func wrap(text string, width int) string {
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		nl := strings.HasSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\n")
		indent := ""
		if strings.HasPrefix(line, "- ") {
			indent = "  "
		}
		var words []string
		code := false
		for _, w := range strings.Split(line, " ") {
			if code {
				words[len(words)-1] += " " + w
			} else {
				words = append(words, w)
			}
			if strings.Count(w, "`")%2 == 1 {
				code = !code
			}
		}
		col := 0
		for i, w := range words {
			switch {
			case i == 0:
			case col+1+len([]rune(w)) > width:
				b.WriteString("\n" + indent)
				col = len(indent)
			default:
				b.WriteString(" ")
				col++
			}
			b.WriteString(w)
			col += len([]rune(w))
		}
		if nl {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func progress(step string) { fmt.Fprintln(os.Stderr, "readmefigures:", step) }

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func tail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-10):], "\n")
}
