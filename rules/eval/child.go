package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/pack"
)

// Mangle v0.4.0 has no cancellation, no context and no time limit
// (MANGLE.md §1), and a recursive lattice or a runaway recursion never
// returns. So a run with a timeout evaluates in a child process — the same
// binary, re-executed with childEnv set — which the parent kills when the
// clock runs out. The graph and the pack's text go in over stdin (gob),
// the Outcome comes back over stdout, and the child reports progress on
// stderr after every level so that a killed run still says how far it got.
//
// Any binary that may act as the child must call MaybeChild first thing:
// cmd/reuselab does it in an init function, test binaries in TestMain.

// childEnv marks a process as the evaluation child.
const childEnv = "REUSELAB_RULES_CHILD"

type childRequest struct {
	PackFile   string
	PackSource string
	Graph      *ir.Graph
	Options    Options
	// Check loads the pack and sends back its diagnostics only: a user's
	// pack is parsed and analysed under the same limits as its evaluation
	// (a 20 KB pack of nested lists keeps Mangle's analysis busy minutes).
	Check bool
	// Seq numbers a serving child's requests (server.go).
	Seq int
	// Graphs, when set (and Graph nil), asks a serving child to evaluate
	// them together and answer with a batchReply (child_batch.go).
	Graphs []*ir.Graph
}

// MaybeChild serves one evaluation and exits when this process was started
// as the evaluation child; otherwise it returns at once.
func MaybeChild() {
	if os.Getenv(childEnv) != "1" {
		return
	}
	os.Exit(serveChild(os.Stdin, os.Stdout, os.Stderr))
}

func serveChild(in io.Reader, out, progress io.Writer) int {
	if pipe := os.NewFile(3, "parent"); pipe != nil {
		go watchParent(pipe)
	}
	if m, err := strconv.ParseInt(os.Getenv(childMemEnv), 10, 64); err == nil && m > 0 {
		boundSelf(m, progress)
	}
	if os.Getenv(childServeEnv) == "1" {
		return serveRequests(in, out, progress)
	}
	var req childRequest
	if err := gob.NewDecoder(in).Decode(&req); err != nil {
		fmt.Fprintf(progress, "bad request: %v\n", err)
		return 3
	}
	o := &Outcome{Stop: ir.StopError}
	p, ds := pack.ParsePack(req.PackFile, req.PackSource)
	switch {
	case p == nil || ds.HasErrors():
		o.Diags = ds.Items
	case req.Check:
		o.Stop, o.Diags = ir.StopSaturated, ds.Items
	default:
		req.Options.progress = progress
		o = Evaluate(req.Graph, p, req.Options)
	}
	capOutcome(o)
	if err := gob.NewEncoder(out).Encode(o); err != nil {
		fmt.Fprintf(progress, "cannot send outcome: %v\n", err)
		return 3
	}
	return 0
}

// childMemEnv passes the memory limit to the child, which applies it to
// itself before reading the request.
const childMemEnv = "REUSELAB_RULES_CHILD_MEM"

// reportProgress is what the child writes after each level.
func reportProgress(w io.Writer, level, levels, facts int) {
	if w != nil {
		fmt.Fprintf(w, "progress %d %d %d\n", level, levels, facts)
	}
}

// Run evaluates pack over g under opt.Limits and returns the result, the
// raw outcome and the diagnostics. A user's pack (a .mg file) is always
// evaluated in a child process under the time and memory limits (their
// defaults when unset); a built-in pack is too when a Timeout is set, and
// in this process otherwise (the fact limit holds everywhere). A pack
// problem never panics or returns a Go error: it is a diagnostic, and the
// result then carries the build graph untouched with the stop reason.
func Run(g *ir.Graph, p *pack.Pack, opt Options) (*ir.Result, *Outcome, diag.List) {
	var o *Outcome
	switch {
	case opt.Limits.Validate() != nil:
		o = &Outcome{Stop: ir.StopError, Diags: []diag.Diagnostic{{Pos: p.Pos(), Severity: diag.Error,
			Code: CodeChild, Message: opt.Limits.Validate().Error()}}}
	case p.Untrusted():
		o = untrusted(g, p, opt)
	case opt.Limits.Timeout > 0:
		o = runChild(g, p, opt, false)
	default:
		o = Evaluate(g, p, opt)
	}
	res := apply(g, p.Pos(), p.Name, o) // may refuse o: its diagnostics after
	var ds diag.List
	ds.Items = append(ds.Items, o.Diags...)
	return res, o, ds
}

// childCommand is the evaluation child: this program again, marked by
// childEnv (and env), bounded to mem bytes and killed with its parent
// where the system can (childAttr). It also reads fd 3, the read end of a
// pipe, until it closes: when this process dies, so does the child,
// whatever the system. After Start the caller closes readEnd and keeps
// writeEnd open for as long as the child may run.
func childCommand(ctx context.Context, mem int64, env ...string) (cmd *exec.Cmd, readEnd, writeEnd *os.File, err error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("cannot find this program to run the evaluation in a child process: %v", err)
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, nil, fmt.Errorf("cannot make the pipe the evaluation process watches: %v", err)
	}
	cmd = exec.CommandContext(ctx, exe)
	// One malloc arena: where cgo links glibc, each new thread would
	// otherwise reserve 64 MiB of address space for its own, which the
	// child's address-space ceiling (bounds.go) keeps for its heap.
	cmd.Env = append(append(os.Environ(), childEnv+"=1", childMemEnv+"="+strconv.FormatInt(mem, 10), "MALLOC_ARENA_MAX=1"), env...)
	cmd.SysProcAttr = childAttr()
	cmd.ExtraFiles = []*os.File{pr}
	return cmd, pr, pw, nil
}

// runChild evaluates (or, check, loads) p in a one-shot child under
// opt.Limits, the whole run's included (bounds_run.go).
func runChild(g *ir.Graph, p *pack.Pack, opt Options, check bool) *Outcome {
	return underRun(g, p, opt, false, check, func(opt Options) *Outcome { return runOneChild(g, p, opt, check) })
}

// untrusted evaluates a user's pack in a serving child (server.go) under
// opt.Limits, the whole run's included.
func untrusted(g *ir.Graph, p *pack.Pack, opt Options) *Outcome {
	return underRun(g, p, opt, true, false, func(opt Options) *Outcome { return evalUntrusted(g, p, opt) })
}

func runOneChild(g *ir.Graph, p *pack.Pack, opt Options, check bool) (out *Outcome) {
	start := time.Now()
	file := p.Pos().File
	stop := func(reason ir.StopReason, code, format string, args ...any) *Outcome {
		return &Outcome{Stop: reason, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: p.Pos(), Severity: diag.Error, Code: code, Message: fmt.Sprintf(format, args...)}}}
	}
	if g == nil {
		g = &ir.Graph{}
	}
	var req bytes.Buffer
	if err := gob.NewEncoder(&req).Encode(childRequest{PackFile: file, PackSource: p.Source, Graph: g, Options: opt, Check: check}); err != nil {
		return stop(ir.StopError, CodeChild, "cannot encode the evaluation request: %v", err)
	}
	limit, mem := opt.Limits.Time(), opt.Limits.Memory()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd, pr, pw, err := childCommand(ctx, mem)
	if err != nil {
		return stop(ir.StopError, CodeChild, "%v", err)
	}
	cmd.Stdin = &req
	stdout := &cappedBuffer{max: outcomeCap(len(g.Nodes))}
	stderr := &tailBuffer{max: 64 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	runErr := cmd.Start()
	pr.Close()
	if runErr == nil {
		runErr = cmd.Wait()
	}
	pw.Close()
	if cmd.ProcessState != nil {
		defer func() { out.resident, _ = peakResident(cmd.ProcessState) }()
	}
	what := "evaluation"
	if check {
		what = "loading"
	}
	level, levels, facts := lastProgress(stderr.String())
	where := fmt.Sprintf("on %q (level %d of %d done, %d facts derived)", g.Name, level, levels, facts)
	if check {
		where = "while loading it"
	}
	if ctx.Err() == context.DeadlineExceeded {
		o := stop(ir.StopTimeout, CodeTimeout, "rule pack %s ran past the %v limit %s; "+
			"Mangle cannot be interrupted, so the %s process was killed", p.Name, limit, where, what)
		o.Facts, o.Levels = facts, levels
		return o
	}
	if runErr == nil {
		o, err := stdout.outcome()
		if err == nil {
			return o
		}
		if tooLong(err) {
			return stop(ir.StopError, CodeChild, "rule pack %s: the %s process %v %s", p.Name, what, err, where)
		}
	}
	reason, code, cause := childCause(runErr, stderr.String(), mem)
	o := stop(reason, code, "rule pack %s: the %s process %s %s", p.Name, what, cause, where)
	o.Facts, o.Levels = facts, levels
	return o
}

// childCause says in one line why the child gave no outcome: the memory
// limit, a runtime out of memory, a signal, a crash or an exit status —
// never the goroutine dump a crash leaves on stderr.
func childCause(err error, stderr string, mem int64) (reason ir.StopReason, code, cause string) {
	mib := mem >> 20
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		if err == nil {
			return ir.StopError, CodeChild, "sent no outcome it could read"
		}
		return ir.StopError, CodeChild, "could not run: " + diag.Printable(err.Error())
	}
	ws, _ := ee.Sys().(interface {
		Signaled() bool
		Signal() syscall.Signal
	})
	for _, line := range strings.Split(stderr, "\n") {
		switch {
		case strings.HasPrefix(line, "memory-limit "):
			return ir.StopMemory, CodeMemory, fmt.Sprintf("passed the memory limit of %d MiB and was stopped", mib)
		case strings.Contains(line, "out of memory") || strings.Contains(line, "cannot allocate memory"):
			return ir.StopMemory, CodeMemory, fmt.Sprintf("was refused an allocation past its memory limit of %d MiB", mib)
		case strings.HasPrefix(line, "fatal error: stack overflow") || strings.HasPrefix(line, "runtime: goroutine stack exceeds"):
			return ir.StopError, CodeChild, "overflowed its stack"
		case strings.HasPrefix(line, "panic: ") || strings.HasPrefix(line, "fatal error: "):
			if len(line) > 200 {
				line = line[:200] + "…"
			}
			return ir.StopError, CodeChild, "crashed: " + diag.Printable(line)
		}
	}
	if ws != nil && ws.Signaled() {
		return ir.StopError, CodeChild, "was killed by signal " + ws.Signal().String()
	}
	switch ee.ExitCode() {
	case exitMemory:
		return ir.StopMemory, CodeMemory, fmt.Sprintf("passed the memory limit of %d MiB and was stopped", mib)
	case exitOrphan:
		return ir.StopError, CodeChild, "lost its parent"
	}
	return ir.StopError, CodeChild, fmt.Sprintf("exited with status %d", ee.ExitCode())
}

// tailBuffer keeps the first and last max/2 bytes written to it: enough
// for the progress lines and a crash's first line, bounded whatever the
// child prints.
type tailBuffer struct {
	max        int
	head, tail []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	n := len(p)
	if room := t.max/2 - len(t.head); room > 0 {
		k := min(room, len(p))
		t.head = append(t.head, p[:k]...)
		p = p[k:]
	}
	t.tail = append(t.tail, p...)
	if over := len(t.tail) - t.max/2; over > 0 {
		t.tail = append(t.tail[:0], t.tail[over:]...)
	}
	return n, nil
}

func (t *tailBuffer) String() string { return string(t.head) + "\n" + string(t.tail) }

// lastProgress reads the child's last "progress LEVEL LEVELS FACTS" line.
func lastProgress(s string) (level, levels, facts int) {
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 4 && f[0] == "progress" {
			level, _ = strconv.Atoi(f[1])
			levels, _ = strconv.Atoi(f[2])
			facts, _ = strconv.Atoi(f[3])
		}
	}
	return
}
