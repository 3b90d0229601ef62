// Command perfvsold measures issue 16's benchmarks in an old revision and in
// the working tree, interleaved, and rewrites README.md between its
// <!-- perf:begin --> and <!-- perf:end --> markers with the CPU-time
// ratios benchstat finds, the date, the machine and the load.
//
// Why interleaved test binaries and CPU time: the machine this project is
// measured on is shared and noisy; alternating old and new runs spreads the
// noise over both, and getrusage time (the cpu-… metrics the benchmarks
// report) is disturbed less by other tenants than wall time.
//
// The old tree is `git archive OLD`, with today's benchmark files copied in
// (the same code measures both) and scripts/perf-old-overlay on top (no-op
// hooks old lacks).
package main

import (
	"bytes"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// suite is one test binary's benchmarks.
type suite struct {
	pkg   string
	bench string
	files []string // benchmark sources copied into the old tree
	// rows: benchstat row name → what the README calls it, and the metric
	// whose old/new (or new/old, for throughputs) is the speed-up.
	rows []row
}

type row struct {
	name, label, metric string
	higherBetter        bool
}

var suites = []suite{
	{pkg: "./compiler/passes", bench: "^Benchmark(Dedupe|Run)$", files: []string{"compiler/passes/bench_test.go"},
		rows: []row{
			{"Dedupe/forest-100k", "dedupe pass as `BenchmarkDedupe` ran it for the issue (after `newState`), forest 100k", "cpu-sec/node", false},
			{"Dedupe/deep-100k", "dedupe pass as `BenchmarkDedupe` ran it for the issue (after `newState`), deep 100k", "cpu-sec/node", false},
			{"Dedupe/forest-100k-cold", "dedupe pass from scratch (interning timed), forest 100k", "cpu-sec/node", false},
			{"Dedupe/deep-100k-cold", "dedupe pass from scratch (interning timed), deep 100k", "cpu-sec/node", false},
			{"Run/forest-100k", "`passes.Run`, forest 100k", "cpu-sec/node", false},
			{"Run/deep-100k", "`passes.Run`, deep 100k", "cpu-sec/node", false},
			{"Run/forest-100k", "`passes.Run` allocation, forest 100k", "B/node", false},
		}},
	{pkg: "./compiler", bench: "^BenchmarkCompileCorpus$", files: []string{"compiler/bench_test.go"},
		rows: []row{{"CompileCorpus", "1.x front end on the real corpus", "cpu-B/s", true}}},
	{pkg: "./bench/gen", bench: "^BenchmarkFrontEnd15MB$", files: []string{"bench/gen/throughput_test.go"},
		rows: []row{
			{"FrontEnd15MB/lang=dsm", "1.5 MB generated `.dsm`", "cpu-B/s", true},
			{"FrontEnd15MB/lang=dss", "1.5 MB generated `.dss`", "cpu-B/s", true},
		}},
	{pkg: "./reuse/engines", bench: "^BenchmarkReuse100k$", files: []string{"reuse/engines/bench_test.go"},
		rows: []row{
			{"Reuse100k/datalog", "Datalog `reuse-2.0`, 100k nodes", "cpu-sec/node", false},
			{"Reuse100k/reference", "reference 2.0 in the same benchmark", "cpu-sec/node", false},
		}},
}

func main() {
	old := flag.String("old", "a2fb38c", "the old revision (issue 16's: the commit before it, tagged issue16-old where tags were fetched)")
	count := flag.Int("count", 10, "interleaved runs of each binary")
	printOnly := flag.Bool("print", false, "print the README block instead of writing it")
	keep := flag.String("keep", "", "keep the raw benchmark output in this folder")
	only := flag.String("only", "", "measure only the suites whose package matches this regular expression, skip the bench runs, and write the README's perf-only block")
	flag.Parse()
	if *only != "" {
		re, err := regexp.Compile(*only)
		if err != nil {
			fmt.Fprintln(os.Stderr, "perfvsold: -only:", err)
			os.Exit(2)
		}
		suites = filterSuites(suites, re)
		skipBenchRuns = true
	}
	markers := [2]string{"<!-- perf:begin -->\n", "<!-- perf:end -->"}
	if *only != "" {
		markers = [2]string{"<!-- perf-only:begin -->\n", "<!-- perf-only:end -->"}
	}
	if err := run(*old, *count, *printOnly, *keep, markers); err != nil {
		fmt.Fprintln(os.Stderr, "perfvsold:", err)
		os.Exit(1)
	}
}

func run(oldRev string, count int, printOnly bool, keep string, markers [2]string) error {
	repo, err := os.Getwd()
	if err != nil {
		return err
	}
	benchstat, err := exec.LookPath("benchstat")
	if err != nil {
		if home, _ := os.UserHomeDir(); home != "" {
			benchstat = filepath.Join(home, "go", "bin", "benchstat")
		}
		if _, err := os.Stat(benchstat); err != nil {
			return fmt.Errorf("benchstat not found: go install golang.org/x/perf/cmd/benchstat@latest")
		}
	}
	tmp, err := os.MkdirTemp("", "perfvsold")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	oldTree := filepath.Join(tmp, "old")
	if err := extract(repo, oldRev, oldTree); err != nil {
		return err
	}
	oldHash, _ := output(repo, "git", "rev-parse", "--short", oldRev)
	newHash, _ := output(repo, "git", "rev-parse", "--short", "HEAD")
	dirty, _ := output(repo, "git", "status", "--porcelain")
	if dirty != "" {
		newHash += " with uncommitted changes"
	}
	shared := os.Getenv("REUSELAB_SHARED")
	if shared == "" {
		shared = filepath.Join(filepath.Dir(repo), "shared")
	}
	var oldOut, newOut bytes.Buffer
	var loads []float64
	for si, s := range suites {
		for _, f := range s.files {
			if err := copyFile(filepath.Join(repo, f), filepath.Join(oldTree, f)); err != nil {
				return err
			}
		}
		bins := [2]string{filepath.Join(tmp, fmt.Sprintf("old%d.test", si)), filepath.Join(tmp, fmt.Sprintf("new%d.test", si))}
		for k, tree := range []string{oldTree, repo} {
			if _, err := output(tree, "go", "test", "-c", "-o", bins[k], s.pkg); err != nil {
				return fmt.Errorf("building %s in %s: %v", s.pkg, tree, err)
			}
		}
		for i := 0; i < count; i++ {
			order := []int{0, 1}
			if i%2 == 1 {
				order = []int{1, 0}
			}
			for _, k := range order {
				dir := filepath.Join([]string{oldTree, repo}[k], s.pkg)
				cmd := exec.Command(bins[k], "-test.run", "^$", "-test.bench", s.bench, "-test.count", "1", "-test.benchmem")
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "REUSELAB_SHARED="+shared)
				out, err := cmd.CombinedOutput()
				if err != nil {
					return fmt.Errorf("%s: %v\n%s", s.pkg, err, out)
				}
				[]*bytes.Buffer{&oldOut, &newOut}[k].Write(benchLines(out))
				loads = append(loads, load1())
			}
			fmt.Fprintf(os.Stderr, "%s: round %d of %d\n", s.pkg, i+1, count)
		}
	}
	oldFile, newFile := filepath.Join(tmp, "old.txt"), filepath.Join(tmp, "new.txt")
	if err := os.WriteFile(oldFile, oldOut.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(newFile, newOut.Bytes(), 0o644); err != nil {
		return err
	}
	if keep != "" {
		_ = os.MkdirAll(keep, 0o755)
		_ = copyFile(oldFile, filepath.Join(keep, "old.txt"))
		_ = copyFile(newFile, filepath.Join(keep, "new.txt"))
	}
	stats, err := exec.Command(benchstat, "-format", "csv", "old="+oldFile, "new="+newFile).Output()
	if err != nil {
		return fmt.Errorf("benchstat: %v", err)
	}
	medians, err := parseCSV(stats)
	if err != nil {
		return err
	}
	block := render(oldRev, oldHash, newHash, count, loads, medians)
	if !skipBenchRuns {
		runs, err := benchRuns(tmp, oldTree, repo, shared, count)
		if err != nil {
			return err
		}
		block += runs
	}
	if printOnly {
		fmt.Print(block)
		return nil
	}
	return rewriteREADME(filepath.Join(repo, "README.md"), block, markers)
}

// render writes the README block: one line per row, old → new and the
// speed-up.
func render(oldRev, oldHash, newHash string, count int, loads []float64, med map[string]map[string][2]float64) string {
	var b strings.Builder
	sort.Float64s(loads)
	lo, hi := 0.0, 0.0
	if len(loads) > 0 {
		lo, hi = loads[0], loads[len(loads)-1]
	}
	fmt.Fprintf(&b, "Written by `scripts/perf-vs-old` on %s, %s/%s, %d CPUs, load average %.1f–%.1f: old is %s (%s),\n",
		time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), lo, hi, oldRev, oldHash)
	fmt.Fprintf(&b, "new is %s; medians of %d interleaved runs of each test binary (benchstat), CPU time from getrusage.\n\n", newHash, count)
	b.WriteString("| benchmark | metric | old | new | speed-up |\n|---|---|--:|--:|--:|\n")
	for _, s := range suites {
		for _, r := range s.rows {
			v, ok := med[r.metric][r.name]
			if !ok || v[0] == 0 || v[1] == 0 {
				fmt.Fprintf(&b, "| %s | %s | – | – | not measured |\n", r.label, r.metric)
				continue
			}
			ratio := v[0] / v[1]
			if r.higherBetter {
				ratio = v[1] / v[0]
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %.2f× |\n", r.label, r.metric, num(v[0], r.metric), num(v[1], r.metric), ratio)
		}
	}
	return b.String()
}

// benchRuns times `reuselab bench` over the real corpus, old and new, with
// --jobs 1 and 2, in rotating order: wall and CPU (the child's rusage,
// its Datalog children included) as medians of count runs each.
func benchRuns(tmp, oldTree, repo, shared string, count int) (string, error) {
	corpus := filepath.Join(shared, "corpus", "real")
	bins := [2]string{filepath.Join(tmp, "old-reuselab"), filepath.Join(tmp, "new-reuselab")}
	for k, tree := range []string{oldTree, repo} {
		if _, err := output(tree, "go", "build", "-o", bins[k], "./cmd/reuselab"); err != nil {
			return "", err
		}
	}
	type key struct{ bin, jobs int }
	wall, cpu := map[key][]float64{}, map[key][]float64{}
	var loads []float64
	for i := 0; i < count; i++ {
		for j := 0; j < 4; j++ {
			c := (i + j) % 4
			k := key{c / 2, 1 + c%2}
			out := filepath.Join(tmp, "bench-out")
			os.RemoveAll(out)
			cmd := exec.Command(bins[k.bin], "bench", "--jobs", strconv.Itoa(k.jobs), "--out", out, corpus)
			cmd.Env = append(os.Environ(), "REUSELAB_SHARED="+shared)
			start := time.Now()
			msg, err := cmd.CombinedOutput()
			if _, exit := err.(*exec.ExitError); err != nil && !exit {
				return "", fmt.Errorf("bench: %v\n%s", err, msg)
			}
			wall[k] = append(wall[k], time.Since(start).Seconds())
			cpu[k] = append(cpu[k], (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds())
			loads = append(loads, load1())
		}
		fmt.Fprintf(os.Stderr, "bench: round %d of %d\n", i+1, count)
	}
	med := func(v []float64) float64 {
		v = append([]float64(nil), v...)
		sort.Float64s(v)
		return v[len(v)/2]
	}
	sort.Float64s(loads)
	var b strings.Builder
	fmt.Fprintf(&b, "\n`reuselab bench ../shared/corpus/real`, medians of %d runs of each in rotating order (load average %.1f–%.1f):\n\n",
		count, loads[0], loads[len(loads)-1])
	b.WriteString("| binary | `--jobs 1` wall / CPU | `--jobs 2` wall / CPU | wall jobs 1 / jobs 2 |\n|---|--:|--:|--:|\n")
	for bin, name := range []string{"old", "new"} {
		k1, k2 := key{bin, 1}, key{bin, 2}
		fmt.Fprintf(&b, "| %s | %.2f s / %.2f s | %.2f s / %.2f s | %.2f |\n", name, med(wall[k1]), med(cpu[k1]),
			med(wall[k2]), med(cpu[k2]), med(wall[k1])/med(wall[k2]))
	}
	fmt.Fprintf(&b, "\nThe whole run (`--jobs 2`, the default): new is %.2f× faster than old in wall time, %.2f× in CPU time.\n",
		med(wall[key{0, 2}])/med(wall[key{1, 2}]), med(cpu[key{0, 2}])/med(cpu[key{1, 2}]))
	return b.String(), nil
}

// num prints a benchstat median in its metric's usual unit (benchstat
// normalises ns to sec and MB/s to B/s).
func num(v float64, metric string) string {
	switch {
	case strings.HasSuffix(metric, "sec/node") && v >= 1e-6:
		return fmt.Sprintf("%.4g µs", v*1e6)
	case strings.HasSuffix(metric, "sec/node"):
		return fmt.Sprintf("%.4g ns", v*1e9)
	case strings.HasSuffix(metric, "B/s"):
		return fmt.Sprintf("%.3g MiB/s", v/(1<<20))
	}
	return fmt.Sprintf("%.4g", v)
}

// parseCSV reads benchstat -format csv: a header line per metric
// (",old,…,new,…"), then rows "name,old-median,CI,new-median,CI,…"; the
// metric's unit is the second column of the line after its header block.
func parseCSV(data []byte) (map[string]map[string][2]float64, error) {
	out := map[string]map[string][2]float64{}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	var unit string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec) >= 2 && rec[0] == "" && rec[1] == "old" {
			continue
		}
		if len(rec) >= 2 && rec[0] == "" {
			unit = rec[1]
			continue
		}
		if len(rec) < 4 || rec[0] == "geomean" || unit == "" {
			continue
		}
		o, err1 := strconv.ParseFloat(rec[1], 64)
		n, err2 := strconv.ParseFloat(rec[3], 64)
		if err1 != nil || err2 != nil {
			continue
		}
		name := strings.TrimPrefix(rec[0], "Benchmark")
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i] // the GOMAXPROCS suffix
			}
		}
		if out[unit] == nil {
			out[unit] = map[string][2]float64{}
		}
		out[unit][name] = [2]float64{o, n}
	}
	return out, nil
}

func benchLines(out []byte) []byte {
	var b bytes.Buffer
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "Benchmark") || strings.HasPrefix(l, "goos:") || strings.HasPrefix(l, "goarch:") ||
			strings.HasPrefix(l, "pkg:") || strings.HasPrefix(l, "cpu:") {
			b.WriteString(l + "\n")
		}
	}
	return b.Bytes()
}

func load1() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f, _ := strconv.ParseFloat(strings.Fields(string(data))[0], 64)
	return f
}

func extract(repo, rev, dst string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	archive := exec.Command("git", "archive", rev)
	archive.Dir = repo
	untar := exec.Command("tar", "-x", "-C", dst)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return err
	}
	untar.Stdin = pipe
	if err := untar.Start(); err != nil {
		return err
	}
	if err := archive.Run(); err != nil {
		return fmt.Errorf("git archive %s: %v", rev, err)
	}
	if err := untar.Wait(); err != nil {
		return err
	}
	overlay := filepath.Join(repo, "scripts", "perf-old-overlay")
	return filepath.Walk(overlay, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(overlay, p)
		return copyFile(p, filepath.Join(dst, strings.TrimSuffix(rel, ".txt")))
	})
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

func output(dir string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("%v: %s", err, out)
	}
	return strings.TrimSpace(string(out)), nil
}

func rewriteREADME(path, block string, markers [2]string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	begin, end := markers[0], markers[1]
	s := string(data)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %q … %q markers", path, strings.TrimSpace(begin), end)
	}
	s = s[:i+len(begin)] + block + s[j:]
	return os.WriteFile(path, []byte(s), 0o644)
}

// skipBenchRuns leaves out the `reuselab bench` timings (-only: a part of
// the table, printed, never written into the README).
var skipBenchRuns bool

// filterSuites keeps the suites whose package re matches.
func filterSuites(all []suite, re *regexp.Regexp) []suite {
	var kept []suite
	for _, s := range all {
		if re.MatchString(s.pkg) {
			kept = append(kept, s)
		}
	}
	return kept
}
