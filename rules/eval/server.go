package eval

import (
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"reuselab/diag"
	"reuselab/ir"
	"reuselab/rules/pack"
)

// A user's pack is evaluated in a child process every time, but starting
// one (exec, and Mangle's analysis of the pack) costs a tenth of a second,
// and reduce evaluates a pack thousands of times. So a child serves one
// request after another (childServeEnv): the parent hands it a graph, and
// either the outcome comes back within the time limit or the child is
// killed, like a one-shot child. A child that failed, was killed or passed
// its memory limit is never reused; the idle ones die with the parent.

const childServeEnv = "REUSELAB_RULES_CHILD_SERVE"

// maxIdle bounds the idle children kept per pack and memory limit.
const maxIdle = 4

type serverKey struct {
	p   *pack.Pack
	mem int64
}

var servers = struct {
	sync.Mutex
	idle map[serverKey][]*server
}{idle: map[serverKey][]*server{}}

type server struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	enc    *gob.Encoder
	dec    *gob.Decoder
	limit  *gobLimit // under dec: the cap of the outcome awaited
	stderr *syncTail
	parent *os.File // our end of the pipe the child watches
	seq    int
}

// syncTail is a tailBuffer the exec copier writes while the parent reads.
type syncTail struct {
	mu sync.Mutex
	tailBuffer
}

func (s *syncTail) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tailBuffer.Write(p)
}

func (s *syncTail) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tailBuffer.String()
}

func startServer(mem int64) (*server, error) {
	cmd, pr, pw, err := childCommand(context.Background(), mem, childServeEnv+"=1")
	if err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, stderr: &syncTail{tailBuffer: tailBuffer{max: 64 << 10}}}
	cmd.Stderr = s.stderr
	stdout, err := cmd.StdoutPipe()
	if err == nil {
		s.stdin, err = cmd.StdinPipe()
	}
	if err == nil {
		err = cmd.Start()
	}
	pr.Close()
	if err != nil {
		pw.Close()
		return nil, err
	}
	s.parent = pw
	s.limit = &gobLimit{r: stdout}
	s.enc, s.dec = gob.NewEncoder(s.stdin), gob.NewDecoder(s.limit)
	return s, nil
}

// kill ends the child and reaps it; err is how it ended.
func (s *server) kill() error {
	s.cmd.Process.Kill()
	s.stdin.Close()
	err := s.cmd.Wait()
	s.parent.Close()
	return err
}

// evalUntrusted evaluates a user's pack in a serving child under
// opt.Limits: the result of a one-shot child, at a fraction of the cost.
func evalUntrusted(g *ir.Graph, p *pack.Pack, opt Options) *Outcome {
	if err := opt.Limits.Validate(); err != nil {
		return &Outcome{Stop: ir.StopError, Diags: []diag.Diagnostic{{Pos: p.Pos(), Severity: diag.Error, Code: CodeChild, Message: err.Error()}}}
	}
	start := time.Now()
	limit, mem := opt.Limits.Time(), opt.Limits.Memory()
	key := serverKey{p, mem}
	servers.Lock()
	var s *server
	if idle := servers.idle[key]; len(idle) > 0 {
		s, servers.idle[key] = idle[len(idle)-1], idle[:len(idle)-1]
	}
	servers.Unlock()
	if s == nil {
		var err error
		if s, err = startServer(mem); err != nil {
			return runChild(g, p, opt, false) // the one-shot path says why
		}
	}
	s.seq++
	seq := s.seq
	s.limit.max = outcomeCap(len(g.Nodes))
	type reply struct {
		o   Outcome
		err error
	}
	done := make(chan reply, 1)
	go func() {
		var r reply
		if r.err = s.enc.Encode(childRequest{PackFile: p.Pos().File, PackSource: p.Source, Graph: g, Options: opt, Seq: seq}); r.err == nil {
			r.err = receive(s.dec, &r.o)
		}
		done <- r
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var r reply
	select {
	case r = <-done:
	case <-timer.C:
		s.kill()
		<-done
		level, levels, facts := lastProgressOf(s.stderr.String(), seq)
		return &Outcome{Stop: ir.StopTimeout, Facts: facts, Levels: levels, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: p.Pos(), Severity: diag.Error, Code: CodeTimeout,
			Message: fmt.Sprintf("rule pack %s ran past the %v limit on %q (level %d of %d done, %d facts derived); "+
				"Mangle cannot be interrupted, so the evaluation process was killed", p.Name, limit, g.Name, level, levels, facts)}}}
	}
	if r.err != nil {
		waitErr := s.kill()
		level, levels, facts := lastProgressOf(s.stderr.String(), seq)
		reason, code, cause := childCause(waitErr, s.stderr.String(), mem)
		if tooLong(r.err) {
			reason, code, cause = ir.StopError, CodeChild, r.err.Error()
		}
		return &Outcome{Stop: reason, Facts: facts, Levels: levels, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: p.Pos(), Severity: diag.Error, Code: code,
			Message: fmt.Sprintf("rule pack %s: the evaluation process %s on %q (level %d of %d done, %d facts derived)", p.Name, cause, g.Name, level, levels, facts)}}}
	}
	servers.Lock()
	if len(servers.idle[key]) < maxIdle {
		servers.idle[key] = append(servers.idle[key], s)
		s = nil
	}
	servers.Unlock()
	if s != nil {
		s.kill()
	}
	return &r.o
}

// lastProgressOf is lastProgress over the lines of request seq only.
func lastProgressOf(stderr string, seq int) (level, levels, facts int) {
	tag := "progress " + strconv.Itoa(seq) + " "
	var b strings.Builder
	for _, line := range strings.Split(stderr, "\n") {
		if rest, ok := strings.CutPrefix(line, tag); ok {
			b.WriteString("progress " + rest + "\n")
		}
	}
	return lastProgress(b.String())
}

// serveRequests is the serving child's loop: requests until stdin closes.
func serveRequests(in io.Reader, out, progress io.Writer) int {
	dec, enc := gob.NewDecoder(in), gob.NewEncoder(out)
	parsed := map[string]*pack.Pack{}
	for {
		var req childRequest
		if err := dec.Decode(&req); err != nil {
			if err == io.EOF {
				return 0
			}
			fmt.Fprintf(progress, "bad request: %v\n", err)
			return 3
		}
		o := &Outcome{Stop: ir.StopError}
		key := req.PackFile + "\x00" + req.PackSource
		p, ok := parsed[key]
		var ds diag.List
		if !ok {
			p, ds = pack.ParsePack(req.PackFile, req.PackSource)
			if p != nil && !ds.HasErrors() {
				parsed[key] = p
			}
		}
		if p == nil || ds.HasErrors() {
			o.Diags = ds.Items
		} else {
			req.Options.progress = &seqWriter{w: progress, seq: req.Seq}
			o = Evaluate(req.Graph, p, req.Options)
		}
		capOutcome(o)
		if err := enc.Encode(o); err != nil {
			fmt.Fprintf(progress, "cannot send outcome: %v\n", err)
			return 3
		}
	}
}

// seqWriter tags the child's progress lines with the request they are for.
type seqWriter struct {
	w   io.Writer
	seq int
}

func (s *seqWriter) Write(p []byte) (int, error) {
	text := string(p)
	if rest, ok := strings.CutPrefix(text, "progress "); ok {
		text = "progress " + strconv.Itoa(s.seq) + " " + rest
	}
	if _, err := io.WriteString(s.w, text); err != nil {
		return 0, err
	}
	return len(p), nil
}
