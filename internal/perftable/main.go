// Command perftable measures what the README's engine performance table
// says and rewrites it between README.md's `<!-- perf-table:begin -->` and
// `<!-- perf-table:end -->` markers (nothing else), with the date, the
// commit, the machine and its load: reuse-2.0 on the reference pipeline,
// Mangle's engine and the compiled evaluator at 10k and 100k nodes
// (rules/eval's BenchmarkCompiledReuse, which interleaves the three), the
// reference pipeline per asset of the real corpus
// (compiler/passes' BenchmarkRunCorpusAssets), the process CPU of
// `reuselab bench` and `reuselab validate` over the real corpus on either
// engine, and `reuselab bench` as built at the revision issue 32 measured
// (-before, from the repository's history) in the same rounds.
//
//	scripts/perf-table              # measure and rewrite the table
//	scripts/perf-table -print       # print the region, write nothing
//	scripts/perf-table -count 5     # runs of each measurement (medians)
//
// Why CPU time and medians: the machine is shared; getrusage time is
// disturbed less by the other tenants than wall time, and the median of a
// few runs less than any one run. A measurement that cannot be made (no
// ../shared, a benchmark renamed or failing) leaves its cells saying so and
// the rest of the table is written; the run fails only when nothing could be
// measured. It imports nothing of reuselab's: it runs the benchmarks and the
// CLI as a user would and reads their output.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"reuselab/internal/readmeregion"
)

// region is the part of README.md this command writes.
var region = readmeregion.Markers{Begin: "<!-- perf-table:begin -->", End: "<!-- perf-table:end -->"}

func main() {
	readme := flag.String("readme", "README.md", "the README whose marked region is rewritten")
	shared := flag.String("shared", "../shared", "the workplace's shared folder (the real corpus)")
	count := flag.Int("count", 3, "runs of each measurement; the table gives their medians")
	printOnly := flag.Bool("print", false, "print the region instead of writing it")
	before := flag.String("before", issueRevision, "a revision whose reuselab bench is measured in the same rounds as this tree's (\"\": none)")
	flag.Parse()
	if *count < 1 {
		fmt.Fprintln(os.Stderr, "perftable: -count must be at least 1")
		os.Exit(2)
	}
	if err := run(*readme, *shared, *before, *count, *printOnly); err != nil {
		fmt.Fprintln(os.Stderr, "perftable:", err)
		os.Exit(1)
	}
}

func run(readme, shared, before string, count int, printOnly bool) error {
	if err := region.Check(readme); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "perftable-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	shared, _ = filepath.Abs(shared)
	m := &measurer{tmp: tmp, shared: shared, real: filepath.Join(shared, "corpus", "real"), count: count, before: before}
	t := m.measure()
	if t.measured == 0 {
		return errors.New("nothing could be measured:\n" + strings.Join(t.problems, "\n"))
	}
	table := t.render()
	if printOnly {
		fmt.Print(table)
		return nil
	}
	return region.Rewrite(readme, table)
}

type measurer struct {
	tmp, shared, real string
	before            string // a revision to measure bench at too, or ""
	count             int
	loads             []float64
}

// table is what the region shows; a nil cell was not measured.
type table struct {
	when, commit, machine string
	count                 int
	loads                 []float64
	// by graph size ("10k", "100k"): BenchmarkCompiledReuse's metrics
	sizes    []string
	engines  map[string]metrics
	perAsset metrics // BenchmarkRunCorpusAssets
	// the CLI over the real corpus: process CPU seconds by command and
	// engine, and bench's own datalog engine time by engine
	cli      map[string]*float64
	before   string // the revision "bench before" ran, or "" when it did not
	benchEng map[string]*float64
	real     string
	measured int
	problems []string
}

// metrics are one benchmark's medians by unit.
type metrics map[string]float64

func (m *measurer) measure() *table {
	t := &table{when: time.Now().UTC().Format("2006-01-02 15:04 UTC"), count: m.count, sizes: []string{"10k", "100k"},
		engines: map[string]metrics{}, cli: map[string]*float64{}, benchEng: map[string]*float64{}, real: m.real}
	t.commit = strings.TrimSpace(output("git", "rev-parse", "--short", "HEAD"))
	if strings.TrimSpace(output("git", "status", "--porcelain", "--untracked-files=no")) != "" {
		t.commit += " with uncommitted changes"
	}
	t.machine = fmt.Sprintf("%s/%s, %d CPUs", runtime.GOOS, runtime.GOARCH, runtime.NumCPU())
	problem := func(what string, err error) { t.problems = append(t.problems, fmt.Sprintf("%s: %v", what, err)) }

	progress("BenchmarkCompiledReuse (reference, Mangle, compiled at 10k and 100k nodes)")
	if runs, err := m.goBench("./rules/eval", "^BenchmarkCompiledReuse$", "3x"); err != nil {
		problem("BenchmarkCompiledReuse", err)
	} else {
		for _, size := range t.sizes {
			if ms := runs["CompiledReuse/"+size]; len(ms) > 0 {
				t.engines[size] = ms
				t.measured++
			}
		}
	}
	haveReal := dirExists(m.real)
	if !haveReal {
		problem("the real corpus", fmt.Errorf("%s is absent", m.real))
		t.loads = m.loads
		return t
	}
	progress("BenchmarkRunCorpusAssets (the reference per asset of the real corpus)")
	if runs, err := m.goBench("./compiler/passes", "^BenchmarkRunCorpusAssets$", ""); err != nil {
		problem("BenchmarkRunCorpusAssets", err)
	} else if ms := runs["RunCorpusAssets"]; len(ms) > 0 {
		t.perAsset = ms
		t.measured++
	}
	cli := filepath.Join(m.tmp, "reuselab")
	progress("building the CLI")
	if _, err := command("", nil, "go", "build", "-o", cli, "./cmd/reuselab"); err != nil {
		problem("building the CLI", err)
		t.loads = m.loads
		return t
	}
	// the commands interleaved, so that a burst of other load falls on
	// all of them alike
	type job struct {
		key     string // the cell: "bench compiled", "bench before", …
		cli     string
		args    []string
		engine  string // whose datalog time bench reports, or ""
		command string // for a problem's message
	}
	var jobs []job
	for _, c := range []string{"bench", "validate"} {
		for _, e := range []string{"compiled", "mangle"} {
			jobs = append(jobs, job{key: c + " " + e, cli: cli, args: []string{c, "--engine", e}, engine: e, command: c + " --engine " + e})
		}
	}
	if m.before != "" {
		progress("building the CLI at " + m.before)
		if beforeCLI, err := m.buildAt(m.before); err != nil {
			problem("building the CLI at "+m.before, err)
		} else {
			t.before = m.before
			jobs = append(jobs,
				job{key: "bench before", cli: beforeCLI, args: []string{"bench"}, command: "bench at " + m.before},
				job{key: "bench once", cli: cli, args: []string{"bench", "--repeat", "1"}, command: "bench --repeat 1"})
		}
	}
	cpu := map[string][]float64{}
	benchEng := map[string][]float64{}
	for i := 0; i < m.count; i++ {
		progress(fmt.Sprintf("bench and validate on the real corpus, round %d of %d", i+1, m.count))
		for _, j := range jobs {
			args := j.args
			out := filepath.Join(m.tmp, "bench-out")
			if args[0] == "bench" {
				_ = os.RemoveAll(out)
				args = append(slices.Clip(args), "--out", out)
			}
			secs, err := m.cpuOf(j.cli, append(args, m.real)...)
			if err != nil {
				problem(j.command, err)
				continue
			}
			cpu[j.key] = append(cpu[j.key], secs)
			if args[0] == "bench" && j.engine != "" {
				if ms, ok := datalogCPU(filepath.Join(out, "summary.json")); ok {
					benchEng[j.engine] = append(benchEng[j.engine], ms)
				}
			}
		}
	}
	for _, j := range jobs {
		if v, ok := median(cpu[j.key]); ok {
			t.cli[j.key] = &v
			t.measured++
		}
	}
	for e, xs := range benchEng {
		if v, ok := median(xs); ok {
			t.benchEng[e] = &v
		}
	}
	t.loads = m.loads
	return t
}

// goBench builds pkg's test binary and runs the benchmarks bench matches
// count times, each run its own process; it returns every benchmark's
// medians by unit, the benchmark named without its -N suffix.
func (m *measurer) goBench(pkg, bench, benchtime string) (map[string]metrics, error) {
	bin := filepath.Join(m.tmp, strings.ReplaceAll(strings.Trim(pkg, "./"), "/", "-")+".test")
	if _, err := command("", nil, "go", "test", "-c", "-o", bin, pkg); err != nil {
		return nil, err
	}
	args := []string{"-test.run", "^$", "-test.bench", bench, "-test.count", "1"}
	if benchtime != "" {
		args = append(args, "-test.benchtime", benchtime)
	}
	var all strings.Builder
	for i := 0; i < m.count; i++ {
		out, err := command(pkg, []string{"REUSELAB_SHARED=" + m.shared}, bin, args...)
		if err != nil {
			return nil, err
		}
		m.loads = append(m.loads, load1())
		all.WriteString(out)
	}
	runs := parseBench(all.String())
	if len(runs) == 0 {
		return nil, fmt.Errorf("no benchmark matched %s (skipped? renamed?)", bench)
	}
	return runs, nil
}

// parseBench reads `go test -bench` output: for every benchmark, the
// median of each unit's values over its runs.
func parseBench(out string) map[string]metrics {
	values := map[string]map[string][]float64{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil { // not a result line
			continue
		}
		name := strings.TrimPrefix(f[0], "Benchmark")
		if k := strings.LastIndex(name, "-"); k > 0 {
			if _, err := strconv.Atoi(name[k+1:]); err == nil {
				name = name[:k]
			}
		}
		for k := 2; k+1 < len(f); k += 2 {
			v, err := strconv.ParseFloat(f[k], 64)
			if err != nil {
				continue
			}
			if values[name] == nil {
				values[name] = map[string][]float64{}
			}
			values[name][f[k+1]] = append(values[name][f[k+1]], v)
		}
	}
	out2 := map[string]metrics{}
	for name, units := range values {
		out2[name] = metrics{}
		for u, xs := range units {
			out2[name][u], _ = median(xs)
		}
	}
	return out2
}

// datalogCPU is bench's median CPU time of its datalog variant, in ms,
// from its summary.json (absent when bench ran no pack or said nothing).
func datalogCPU(path string) (float64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	var s struct {
		Timing *struct {
			Variants []struct {
				Variant string `json:"variant"`
				Engine  string `json:"engine"`
				CPU     *struct {
					Median float64 `json:"median"`
				} `json:"cpu_ms"`
			} `json:"variants"`
		} `json:"timing"`
	}
	if json.Unmarshal(data, &s) != nil || s.Timing == nil {
		return 0, false
	}
	for _, v := range s.Timing.Variants {
		if strings.HasPrefix(v.Variant, "datalog") && v.CPU != nil {
			return v.CPU.Median, true
		}
	}
	return 0, false
}

// cpuOf runs the CLI and returns its CPU seconds (user and system, its
// children's included); exit 1 (findings) counts as a run.
func (m *measurer) cpuOf(cli string, args ...string) (float64, error) {
	cmd := exec.Command(cli, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	m.loads = append(m.loads, load1())
	if cmd.ProcessState == nil {
		return 0, err
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
		return 0, fmt.Errorf("exit %d: %s", code, tail(stderr.String()))
	}
	return (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds(), nil
}

func median(xs []float64) (float64, bool) {
	if len(xs) == 0 {
		return 0, false
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2], true
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2, true
}

// command runs name with args in dir ("" for this one) and returns its
// stdout; stderr goes to ours.
func command(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, tail(out.String()))
	}
	return out.String(), nil
}

func output(name string, args ...string) string {
	out, _ := exec.Command(name, args...).Output()
	return string(out)
}

// load1 is the one-minute load average (0 where /proc is not).
func load1() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func progress(step string) { fmt.Fprintln(os.Stderr, "perftable:", step) }

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func tail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 8 {
		lines = lines[len(lines)-8:]
	}
	return strings.Join(lines, "\n")
}

// issueRevision is the commit issue 32 measured `reuselab bench` at: what
// "at least 2× lower" is measured against, in the same rounds.
const issueRevision = "02dcb29"

// buildAt builds the CLI as it was at rev, from the repository's history
// (git archive: no worktree is left behind), and returns its path.
func (m *measurer) buildAt(rev string) (string, error) {
	src := filepath.Join(m.tmp, "src-"+rev)
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	tarball := filepath.Join(m.tmp, "src-"+rev+".tar")
	if _, err := command("", nil, "git", "archive", "--format=tar", "-o", tarball, rev); err != nil {
		return "", err
	}
	if _, err := command("", nil, "tar", "-xf", tarball, "-C", src); err != nil {
		return "", err
	}
	bin := filepath.Join(m.tmp, "reuselab-"+rev)
	if _, err := command(src, nil, "go", "build", "-o", bin, "./cmd/reuselab"); err != nil {
		return "", err
	}
	return bin, nil
}
