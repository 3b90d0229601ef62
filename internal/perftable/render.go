package main

import (
	"fmt"
	"path/filepath"
	"strings"
)

// render words the table as the README's region: a line saying when,
// where and how it was measured, the engines at 10k and 100k nodes, and the
// real corpus. A cell not measured is "–", and what kept it from being
// measured is listed under the tables.
func (t *table) render() string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	runs := fmt.Sprintf("the median of %d runs", t.count)
	if t.count == 1 {
		runs = "one run"
	}
	w("Written by `scripts/perf-table` on %s at %s, %s, load average %s; every figure is %s, in\n", t.when, t.commit, t.machine, loadRange(t.loads), runs)
	w("CPU time (getrusage: user and system), which the other tenants of a shared machine disturb less than wall time.\n\n")

	w("`reuse-2.0` on irgen graphs, CPU per node (`go test -run '^$' -bench CompiledReuse -benchtime 3x ./rules/eval`,\n")
	w("which runs the reference pipeline, Mangle's engine and the compiled evaluator interleaved in one process):\n\n")
	w("| nodes | reference | Mangle's engine | compiled | Mangle / reference | compiled / reference | Mangle / compiled | peak heap per node, Mangle | peak heap per node, compiled |\n")
	w("|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, size := range t.sizes {
		m := t.engines[size]
		ref, okR := m.get("reference-cpu-ns/node")
		mg, okM := m.get("mangle-cpu-ns/node")
		cp, okC := m.get("compiled-cpu-ns/node")
		w("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", size,
			cell(ref, okR, nanos), cell(mg, okM, nanos), cell(cp, okC, nanos),
			ratioCell(m, "mangle/ref", mg, ref, okM && okR), ratioCell(m, "compiled/ref", cp, ref, okC && okR),
			ratioCell(nil, "", mg, cp, okM && okC),
			cell2(m, "mangle-peak-B/node", bytesPer), cell2(m, "compiled-peak-B/node", bytesPer))
	}
	w("\n")

	real := filepath.ToSlash(t.real)
	if i := strings.Index(real, "/shared/"); i >= 0 {
		real = ".." + real[i:]
	}
	w("On the real corpus (`%s`), each command's whole process, compiling included:\n\n", real)
	w("| measurement | `--engine compiled` | `--engine mangle` | Mangle / compiled |\n")
	w("|---|--:|--:|--:|\n")
	for _, c := range []struct{ key, label string }{
		{"bench", "`reuselab bench " + real + "`, process CPU"},
		{"validate", "`reuselab validate " + real + "`, process CPU"},
	} {
		cp, mg := t.cli[c.key+" compiled"], t.cli[c.key+" mangle"]
		w("| %s | %s | %s | %s |\n", c.label, ptrCell(cp, seconds), ptrCell(mg, seconds), ptrRatio(mg, cp))
	}
	cp, mg := t.benchEng["compiled"], t.benchEng["mangle"]
	w("| bench's own engine time of `datalog:reuse-2.0` over the corpus (its median CPU) | %s | %s | %s |\n\n",
		ptrCell(cp, millis), ptrCell(mg, millis), ptrRatio(mg, cp))

	if t.before != "" {
		before, once, now := t.cli["bench before"], t.cli["bench once"], t.cli["bench compiled"]
		w("`reuselab bench %s` as it was at %s (where issue 32 measured it) and now, in the same rounds, process CPU.\n", real, t.before)
		w("Then it ran each variant once on each asset; it now runs each once, checked, then `--repeat` (default 5) more times, timed:\n\n")
		w("| bench | at %s | now | %s / now |\n", t.before, t.before)
		w("|---|--:|--:|--:|\n")
		w("| the same work: one run of each variant (now `--repeat 1`) | %s | %s | %s |\n", ptrCell(before, seconds), ptrCell(once, seconds), ptrRatio(before, once))
		w("| as each runs by default (now `--repeat 5`) | %s | %s | %s |\n\n", ptrCell(before, seconds), ptrCell(now, seconds), ptrRatio(before, now))
	}

	if cpu, ok := t.perAsset.get("cpu-ns/asset"); ok {
		w("The reference pipeline per asset of the real corpus (`go test -run '^$' -bench RunCorpusAssets ./compiler/passes`,\n")
		w("one `passes.Run` in mode 2.0 per asset): %s CPU per asset", nanos(cpu))
		if n, ok := t.perAsset.get("assets"); ok && n > 0 {
			w(" over %.0f assets", n)
			if avg, ok := t.perAsset.get("nodes/asset"); ok {
				w(" of %.1f nodes on average", avg)
			}
			if by, ok := t.perAsset.get("B/op"); ok {
				w(", %s allocated per asset", bytesPer(by/n))
			}
		}
		w(".\n")
	} else {
		w("The reference pipeline per asset of the real corpus (`BenchmarkRunCorpusAssets`): not measured.\n")
	}
	if len(t.problems) > 0 {
		w("\nNot measured:\n")
		for _, p := range t.problems {
			w("- %s\n", firstLine(p))
		}
	}
	return b.String()
}

func (m metrics) get(unit string) (float64, bool) {
	v, ok := m[unit]
	return v, ok
}

func cell(v float64, ok bool, format func(float64) string) string {
	if !ok {
		return "–"
	}
	return format(v)
}

func cell2(m metrics, unit string, format func(float64) string) string {
	v, ok := m.get(unit)
	return cell(v, ok, format)
}

// ratioCell is the benchmark's own ratio metric when it reports one (the
// median of its per-run ratios), else a / b of the medians.
func ratioCell(m metrics, unit string, a, b float64, ok bool) string {
	if v, has := m.get(unit); has && unit != "" {
		return times(v)
	}
	if !ok || b == 0 {
		return "–"
	}
	return times(a / b)
}

func ptrCell(v *float64, format func(float64) string) string {
	if v == nil {
		return "–"
	}
	return format(*v)
}

func ptrRatio(a, b *float64) string {
	if a == nil || b == nil || *b == 0 {
		return "–"
	}
	return times(*a / *b)
}

func times(x float64) string {
	if x >= 100 {
		return fmt.Sprintf("%.0f×", x)
	}
	if x >= 10 {
		return fmt.Sprintf("%.1f×", x)
	}
	return fmt.Sprintf("%.2f×", x)
}

// nanos words a duration given in ns with three significant digits.
func nanos(ns float64) string {
	switch {
	case ns >= 1e9:
		return sig3(ns/1e9) + " s"
	case ns >= 1e6:
		return sig3(ns/1e6) + " ms"
	case ns >= 1e3:
		return sig3(ns/1e3) + " µs"
	}
	return sig3(ns) + " ns"
}

func seconds(s float64) string { return nanos(s * 1e9) }
func millis(ms float64) string { return nanos(ms * 1e6) }

func bytesPer(b float64) string {
	switch {
	case b >= 1<<20:
		return sig3(b/(1<<20)) + " MiB"
	case b >= 1<<10:
		return sig3(b/(1<<10)) + " KiB"
	}
	return sig3(b) + " B"
}

func sig3(x float64) string {
	switch {
	case x >= 100:
		return fmt.Sprintf("%.0f", x)
	case x >= 10:
		return fmt.Sprintf("%.1f", x)
	}
	return fmt.Sprintf("%.2f", x)
}

func loadRange(loads []float64) string {
	if len(loads) == 0 {
		return "unknown"
	}
	lo, hi := loads[0], loads[0]
	for _, l := range loads {
		lo, hi = min(lo, l), max(hi, l)
	}
	return fmt.Sprintf("%.1f–%.1f", lo, hi)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
