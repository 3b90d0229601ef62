package rules

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"reuselab/compiler/diag"
	"reuselab/ir"
)

// Mangle v0.4.0 has no cancellation, no context and no time limit
// (MANGLE.md §1), and a recursive lattice or a runaway recursion never
// returns. So a run with a timeout evaluates in a child process — the same
// binary, re-executed with ChildEnv set — which the parent kills when the
// clock runs out. The graph and the pack's text go in over stdin (gob),
// the Outcome comes back over stdout, and the child reports progress on
// stderr after every level so that a killed run still says how far it got.
//
// Any binary that may act as the child must call MaybeChild first thing:
// cmd/reuselab does it in an init function, test binaries in TestMain.

// ChildEnv marks a process as the evaluation child.
const ChildEnv = "REUSELAB_RULES_CHILD"

type childRequest struct {
	PackFile   string
	PackSource string
	Graph      *ir.Graph
	Options    Options
}

// MaybeChild serves one evaluation and exits when this process was started
// as the evaluation child; otherwise it returns at once.
func MaybeChild() {
	if os.Getenv(ChildEnv) != "1" {
		return
	}
	os.Exit(serveChild(os.Stdin, os.Stdout, os.Stderr))
}

func serveChild(in io.Reader, out, progress io.Writer) int {
	var req childRequest
	if err := gob.NewDecoder(in).Decode(&req); err != nil {
		fmt.Fprintf(progress, "bad request: %v\n", err)
		return 3
	}
	o := &Outcome{Stop: StopError}
	pack, ds := ParsePack(req.PackFile, req.PackSource)
	if pack == nil || ds.HasErrors() {
		o.Diags = ds.Items
	} else {
		req.Options.progress = progress
		o = Evaluate(req.Graph, pack, req.Options)
	}
	if err := gob.NewEncoder(out).Encode(o); err != nil {
		fmt.Fprintf(progress, "cannot send outcome: %v\n", err)
		return 3
	}
	return 0
}

// reportProgress is what the child writes after each level.
func reportProgress(w io.Writer, level, levels, facts int) {
	if w != nil {
		fmt.Fprintf(w, "progress %d %d %d\n", level, levels, facts)
	}
}

// Run evaluates pack over g under opt.Limits and returns the result, the
// raw outcome and the diagnostics. With a timeout it evaluates in a child
// process and kills it when the time is up (StopReason "timeout"); without
// one it evaluates in this process (the fact limit still holds). A pack
// problem never panics or returns a Go error: it is a diagnostic, and the
// result then carries the build graph untouched with the stop reason.
func Run(g *ir.Graph, pack *Pack, opt Options) (*ir.Result, *Outcome, diag.List) {
	var o *Outcome
	if opt.Limits.Timeout > 0 {
		o = runChild(g, pack, opt)
	} else {
		o = Evaluate(g, pack, opt)
	}
	var ds diag.List
	ds.Items = append(ds.Items, o.Diags...)
	return Build(g, pack.Name, o), o, ds
}

func runChild(g *ir.Graph, pack *Pack, opt Options) *Outcome {
	start := time.Now()
	fail := func(code, format string, args ...any) *Outcome {
		return &Outcome{Stop: StopError, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: diag.Pos{File: pack.Files[len(pack.Files)-1], Line: 1, Col: 1}, Severity: diag.Error,
			Code: code, Message: fmt.Sprintf(format, args...)}}}
	}
	exe, err := os.Executable()
	if err != nil {
		return fail(CodeChild, "cannot find this program to run the evaluation in a child process: %v", err)
	}
	var req bytes.Buffer
	file := pack.Files[len(pack.Files)-1]
	if err := gob.NewEncoder(&req).Encode(childRequest{PackFile: file, PackSource: pack.Source, Graph: g, Options: opt}); err != nil {
		return fail(CodeChild, "cannot encode the evaluation request: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opt.Limits.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), ChildEnv+"=1")
	cmd.Stdin = &req
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	level, levels, facts := lastProgress(stderr.String())
	if ctx.Err() == context.DeadlineExceeded {
		return &Outcome{Stop: StopTimeout, Facts: facts, Levels: levels, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: diag.Pos{File: file, Line: 1, Col: 1}, Severity: diag.Error, Code: CodeTimeout,
			Message: fmt.Sprintf("rule pack %s ran past the %v limit on %q (level %d of %d done, %d facts derived); "+
				"Mangle cannot be interrupted, so the evaluation process was killed", pack.Name, opt.Limits.Timeout, g.Name, level, levels, facts)}}}
	}
	var o Outcome
	if err := gob.NewDecoder(&stdout).Decode(&o); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if i := strings.LastIndex(msg, "\n"); i >= 0 && len(msg) > 2000 {
			msg = msg[len(msg)-2000:]
		}
		return fail(CodeChild, "the evaluation process failed (%v): %s", runErr, msg)
	}
	return &o
}

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
