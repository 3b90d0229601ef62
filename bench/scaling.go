package bench

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"reuselab/bench/plot"
	"reuselab/ir"
	"reuselab/outfile"
)

// ScalingEngine is one engine measured by Scaling, up to Max build nodes.
type ScalingEngine struct {
	Variant
	Max int
}

// ScalingPoint is one engine on one graph.
type ScalingPoint struct {
	Engine string `json:"engine"`
	// Target is the size asked for, Nodes the graph's actual build count.
	Target int `json:"target"`
	Nodes  int `json:"nodes"`
	Reps   int `json:"reps"`
	// Seconds is the mean wall time of one run and NsPerNode divides it by
	// Nodes; CPUSeconds and CPUNsPerNode are the same in process CPU time
	// (GC included), the measure that stays honest on a loaded machine.
	// BytesPerNode is the heap allocated by one run per node
	// (runtime.MemStats.TotalAlloc), the engine's working memory.
	Seconds      float64 `json:"seconds"`
	NsPerNode    float64 `json:"ns_per_node"`
	CPUSeconds   float64 `json:"cpu_seconds"`
	CPUNsPerNode float64 `json:"cpu_ns_per_node"`
	BytesPerNode float64 `json:"bytes_per_node"`
	Err          string  `json:"error,omitempty"`
}

// ScalingSizes are the sizes of the scaling curve: half-decades from 1k to
// 1M nodes.
var ScalingSizes = []int{1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000}

// Scaling runs every engine on a graph of every size up to its Max. graph
// builds the graph of about n nodes (the same one for every engine). Small
// graphs are run repeatedly, until a size has taken a quarter second, so
// that their times are not noise.
func Scaling(sizes []int, engines []ScalingEngine, graph func(n int) (*ir.Graph, error), log io.Writer) []ScalingPoint {
	return ScalingProgress(sizes, engines, graph, log, nil)
}

// ScalingWork is what a scaling step is expected to cost, in reference
// node-runs: the node count, times datalogCost for the Datalog engine (it
// measured 70–100× the reference per node). The progress bar advances by it,
// so that the last, largest steps are not one tick each.
func ScalingWork(e ScalingEngine, n int) int {
	if e.Kind() == "datalog" {
		return n * datalogCost
	}
	return n
}

const datalogCost = 80

// ScalingProgress is Scaling that reports progress: before each step,
// progress(done, total, step) with the work done and to do (ScalingWork)
// and what runs next; after the last, progress(total, total, "").
func ScalingProgress(sizes []int, engines []ScalingEngine, graph func(n int) (*ir.Graph, error), log io.Writer, progress func(done, total int, step string)) []ScalingPoint {
	total, done := 0, 0
	for _, n := range sizes {
		for _, e := range engines {
			if n <= e.Max {
				total += ScalingWork(e, n)
			}
		}
	}
	var pts []ScalingPoint
	for _, n := range sizes {
		var g *ir.Graph
		for _, e := range engines {
			if n > e.Max {
				continue
			}
			if progress != nil {
				progress(done, total, fmt.Sprintf("%s %d nodes", e.Kind()+" "+e.Mode(), n))
			}
			done += ScalingWork(e, n)
			if g == nil {
				var err error
				if g, err = graph(n); err != nil {
					pts = append(pts, ScalingPoint{Engine: e.Name, Target: n, Err: err.Error()})
					break
				}
			}
			p := measure(e, g)
			p.Target = n
			pts = append(pts, p)
			if log != nil {
				fmt.Fprintf(log, "%-14s %8d nodes  wall %10.3f ms %7.0f ns/node  cpu %10.3f ms %7.0f ns/node  %5.0f B/node %s\n",
					p.Engine, p.Nodes, p.Seconds*1e3, p.NsPerNode, p.CPUSeconds*1e3, p.CPUNsPerNode, p.BytesPerNode, p.Err)
			}
		}
	}
	if progress != nil {
		progress(total, total, "")
	}
	return pts
}

func measure(e ScalingEngine, g *ir.Graph) (p ScalingPoint) {
	p = ScalingPoint{Engine: e.Kind() + " " + e.Mode(), Nodes: g.Len()}
	defer func() {
		if r := recover(); r != nil {
			p.Err = fmt.Sprintf("panic: %v", r)
		}
	}()
	var total, cpu time.Duration
	var alloc uint64
	for p.Reps == 0 || (total < 250*time.Millisecond && p.Reps < 50) {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start, cpuStart := time.Now(), cpuTime()
		var err error
		if res := e.Engine.Run(g, e.Limits); !res.StopReason.Answered() {
			err = errors.New(stopMessage(e.Variant, res))
		}
		total += time.Since(start)
		cpu += cpuTime() - cpuStart
		runtime.ReadMemStats(&after)
		alloc += after.TotalAlloc - before.TotalAlloc
		p.Reps++
		if err != nil {
			p.Err = err.Error()
			break
		}
	}
	p.Seconds = total.Seconds() / float64(p.Reps)
	p.CPUSeconds = cpu.Seconds() / float64(p.Reps)
	if p.Nodes > 0 {
		p.NsPerNode = float64(total.Nanoseconds()) / float64(p.Reps) / float64(p.Nodes)
		p.CPUNsPerNode = float64(cpu.Nanoseconds()) / float64(p.Reps) / float64(p.Nodes)
		p.BytesPerNode = float64(alloc) / float64(p.Reps) / float64(p.Nodes)
	}
	return p
}

// WriteScaling writes scaling.json, scaling.csv, scaling.md and the three
// scaling plots (total time; time per node, whose flatness is what "linear"
// means; memory per node) into dir, all at once (Update: the other files of
// dir kept, nothing changed if a write fails). source says where the graphs
// came from. The caller holds LockOut(dir).
func WriteScaling(dir, source string, pts []ScalingPoint) error {
	return Update(dir, func(tmp string) error { return writeScalingFiles(tmp, source, pts) })
}

func writeScalingFiles(dir, source string, pts []ScalingPoint) error {
	if err := writeJSON(filepath.Join(dir, "scaling.json"), pts); err != nil {
		return err
	}
	rows := [][]string{{"engine", "target", "nodes", "reps", "seconds", "ns_per_node", "cpu_seconds", "cpu_ns_per_node", "bytes_per_node", "error"}}
	for _, p := range pts {
		rows = append(rows, []string{p.Engine, strconv.Itoa(p.Target), strconv.Itoa(p.Nodes), strconv.Itoa(p.Reps),
			strconv.FormatFloat(p.Seconds, 'g', 6, 64), strconv.FormatFloat(p.NsPerNode, 'f', 1, 64),
			strconv.FormatFloat(p.CPUSeconds, 'g', 6, 64), strconv.FormatFloat(p.CPUNsPerNode, 'f', 1, 64),
			strconv.FormatFloat(p.BytesPerNode, 'f', 1, 64), p.Err})
	}
	if err := writeCSV(filepath.Join(dir, "scaling.csv"), csvCells(rows)); err != nil {
		return err
	}
	var total, per, mem []plot.XY
	index := map[string]int{}
	for _, p := range pts {
		if p.Err != "" {
			continue
		}
		i, ok := index[p.Engine]
		if !ok {
			i = len(total)
			index[p.Engine] = i
			total = append(total, plot.XY{Name: p.Engine})
			per = append(per, plot.XY{Name: p.Engine})
			mem = append(mem, plot.XY{Name: p.Engine})
		}
		total[i].X, total[i].Y = append(total[i].X, float64(p.Nodes)), append(total[i].Y, p.CPUSeconds*1e3)
		per[i].X, per[i].Y = append(per[i].X, float64(p.Nodes)), append(per[i].Y, p.CPUNsPerNode)
		mem[i].X, mem[i].Y = append(mem[i].X, float64(p.Nodes)), append(mem[i].Y, p.BytesPerNode)
	}
	if err := plot.LogLog(filepath.Join(dir, ScalingPlot), "IR nodes as built (count)", "CPU time per graph (ms)", total, true); err != nil {
		return err
	}
	if err := plot.LogLog(filepath.Join(dir, "scaling_per_node.svg"), "IR nodes as built (count)", "CPU time per node (ns)", per, true); err != nil {
		return err
	}
	if err := plot.LogLog(filepath.Join(dir, "scaling_memory.svg"), "IR nodes as built (count)", "allocated per node (bytes)", mem, true); err != nil {
		return err
	}
	return outfile.WriteFile(filepath.Join(dir, "scaling.md"), []byte(ScalingMarkdown(source, pts)))
}

// ScalingMarkdown renders the scaling table.
func ScalingMarkdown(source string, pts []ScalingPoint) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# reuselab bench --scaling\n\nGraphs: %s. One run per graph, the mean of several for small graphs. CPU time is the process's (GC included) and is the measure to read on a shared machine; wall time is shown beside it. Memory is the heap allocated per run.\n\n", source)
	b.WriteString("| engine | nodes | reps | wall | wall ns/node | CPU | CPU ns/node | bytes/node |\n|---|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, p := range pts {
		if p.Err != "" {
			fmt.Fprintf(&b, "| %s | %d | – | error: %s | | | | |\n", p.Engine, p.Target, cell(p.Err))
			continue
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %.1f ms | %.0f | %.1f ms | %.0f | %.0f |\n", p.Engine, p.Nodes, p.Reps,
			p.Seconds*1e3, p.NsPerNode, p.CPUSeconds*1e3, p.CPUNsPerNode, p.BytesPerNode)
	}
	// The figures carry no title: each has its caption under it, and a PDF.
	fmt.Fprintf(&b, "\n![time](%s)\n\n**Figure 1.** Engine CPU time per graph against graph size, log-log, a colour per engine ([PDF](scaling.pdf)).\n", ScalingPlot)
	b.WriteString("\n![per node](scaling_per_node.svg)\n\n**Figure 2.** CPU time per node against graph size: a flat line is linear scaling ([PDF](scaling_per_node.pdf)).\n")
	b.WriteString("\n![memory](scaling_memory.svg)\n\n**Figure 3.** Heap allocated per node against graph size ([PDF](scaling_memory.pdf)).\n")
	return b.String()
}
