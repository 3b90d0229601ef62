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
	"sync/atomic"
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
	s, err := takeServer(p, mem)
	if err != nil {
		return runChild(g, p, opt, false) // the one-shot path says why
	}
	var o Outcome
	req := childRequest{PackFile: p.Pos().File, PackSource: p.Source, Graph: g, Options: opt}
	timedOut, err := s.exchange(&req, &o, outcomeCap(len(g.Nodes)), limit)
	if timedOut {
		level, levels, facts := lastProgressOf(s.stderr.String(), req.Seq)
		return &Outcome{Stop: ir.StopTimeout, Facts: facts, Levels: levels, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: p.Pos(), Severity: diag.Error, Code: CodeTimeout,
			Message: fmt.Sprintf("rule pack %s ran past the %v limit on %q (level %d of %d done, %d facts derived); "+
				"Mangle cannot be interrupted, so the evaluation process was killed", p.Name, limit, g.Name, level, levels, facts)}}}
	}
	if err != nil {
		waitErr := s.kill()
		level, levels, facts := lastProgressOf(s.stderr.String(), req.Seq)
		reason, code, cause := childCause(waitErr, s.stderr.String(), mem)
		if tooLong(err) {
			reason, code, cause = ir.StopError, CodeChild, err.Error()
		}
		return &Outcome{Stop: reason, Facts: facts, Levels: levels, Wall: time.Since(start), Diags: []diag.Diagnostic{{
			Pos: p.Pos(), Severity: diag.Error, Code: code,
			Message: fmt.Sprintf("rule pack %s: the evaluation process %s on %q (level %d of %d done, %d facts derived)", p.Name, cause, g.Name, level, levels, facts)}}}
	}
	s.park(p, mem)
	capOutcome(&o)
	return &o
}

// takeServer takes an idle serving child of p's under mem bytes, or
// starts one.
func takeServer(p *pack.Pack, mem int64) (*server, error) {
	key := serverKey{p, mem}
	servers.Lock()
	var s *server
	if idle := servers.idle[key]; len(idle) > 0 {
		s, servers.idle[key] = idle[len(idle)-1], idle[:len(idle)-1]
	}
	servers.Unlock()
	if s != nil {
		return s, nil
	}
	return startServer(mem)
}

// park keeps a child that answered for the next request, or stops it when
// enough are idle.
func (s *server) park(p *pack.Pack, mem int64) {
	key := serverKey{p, mem}
	servers.Lock()
	kept := len(servers.idle[key]) < maxIdle
	if kept {
		servers.idle[key] = append(servers.idle[key], s)
	}
	servers.Unlock()
	if !kept {
		s.kill()
	}
}

// exchange sends req (numbered here) and decodes the answer into reply,
// a message of at most max bytes, within limit. On a timeout the child is
// killed and reaped; on any other error the caller kills it, to learn how
// it ended. A child that answered is the caller's to park.
func (s *server) exchange(req *childRequest, reply any, max int64, limit time.Duration) (timedOut bool, err error) {
	childRequests.Add(1)
	s.seq++
	req.Seq = s.seq
	s.limit.max = max
	done := make(chan error, 1)
	go func() {
		err := s.enc.Encode(req)
		if err == nil {
			err = s.dec.Decode(reply)
		}
		done <- err
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case err = <-done:
		return false, err
	case <-timer.C:
		s.kill()
		<-done
		return true, nil
	}
}

// childRequests counts the requests sent to serving children (the tests
// read it: a batch is one request).
var childRequests atomic.Int64

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
		var reply any
		switch {
		case req.Graphs != nil:
			reply = serveBatch(req.Graphs, p, ds, req.Options)
		case p == nil || ds.HasErrors():
			o.Diags = ds.Items
		default:
			req.Options.progress = &seqWriter{w: progress, seq: req.Seq}
			o = Evaluate(req.Graph, p, req.Options)
		}
		if reply == nil {
			capOutcome(o)
			reply = o
		}
		if err := enc.Encode(reply); err != nil {
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
