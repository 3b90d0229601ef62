package prove

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Solver is an SMT solver run as a child process that reads SMT-LIB2 on its
// standard input and answers on its standard output, so that any solver
// that speaks the standard can be swapped in.
type Solver struct {
	// Name identifies the solver in verdicts and in the proof cache.
	Name string
	// Path is the executable, looked up in PATH when it has no slash.
	Path string
	// Args are the arguments that make it read a script from standard
	// input, answer each command as it comes, and give up on a check-sat
	// after limit (its own timeout; the prover also kills it on the wall
	// clock) and above memMB megabytes (0: no bound of its own).
	Args func(limit time.Duration, memMB int) []string
	// Preamble is sent at the start of every query, after (reset).
	Preamble string
}

// Z3 is Microsoft's z3 (Debian: apt-get install z3).
func Z3() Solver {
	return Solver{Name: "z3", Path: "z3",
		Args: func(limit time.Duration, memMB int) []string {
			args := []string{"-in", "-smt2", "-t:" + strconv.FormatInt(max(limit.Milliseconds(), 1), 10)}
			if memMB > 0 {
				args = append(args, "-memory:"+strconv.Itoa(memMB))
			}
			return args
		},
		Preamble: "(set-option :produce-models true)\n",
	}
}

// CVC5 is cvc5 (Debian: apt-get install cvc5). It bounds memory only by the
// address-space limit the prover puts on every solver.
func CVC5() Solver {
	return Solver{Name: "cvc5", Path: "cvc5",
		Args: func(limit time.Duration, _ int) []string {
			return []string{"--lang", "smt2", "--incremental",
				"--tlimit-per=" + strconv.FormatInt(max(limit.Milliseconds(), 1), 10)}
		},
		Preamble: "(set-option :produce-models true)\n(set-logic ALL)\n",
	}
}

// Available reports why the solver cannot be run, or nil.
func (s Solver) Available() error {
	if s.Path == "" || s.Args == nil {
		return errors.New("no solver configured")
	}
	_, err := exec.LookPath(s.Path)
	return err
}

// errTimeout is a query that the wall clock ended.
var errTimeout = errors.New("no answer within the wall-clock limit: the solver was killed")

// session is one running solver, reused query after query ((reset) in
// between) and restarted after anything goes wrong: a timeout, an error, an
// exit.
type session struct {
	solver Solver
	limit  time.Duration
	memMB  int

	cmd    *exec.Cmd
	stdin  io.WriteCloser
	data   chan datum
	stderr *capped
}

type datum struct {
	x   *sx
	err error
}

// capped keeps the first 4 KiB written to it: enough to say why a solver
// died.
type capped struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := 4096 - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.TrimSpace(c.b.String())
}

// grace is how long past its own timeout a solver may take to answer
// before the wall clock kills it.
func (s *session) grace() time.Duration { return s.limit/2 + time.Second }

func (s *session) start() error {
	path, err := exec.LookPath(s.solver.Path)
	if err != nil {
		return fmt.Errorf("solver %s: %w", s.solver.Name, err)
	}
	argv := append([]string{path}, s.solver.Args(s.limit, s.memMB)...)
	if s.memMB > 0 {
		// The address-space limit is set by a shell that then becomes the
		// solver (exec), as Go's os/exec cannot set a child's rlimit; the
		// margin lets a solver's own memory bound answer first.
		kb := strconv.Itoa((s.memMB + 256) * 1024)
		argv = append([]string{"/bin/sh", "-c", `ulimit -v "$1" || exit 125; shift; exec "$@"`, "sh", kb}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	s.stderr = &capped{}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("solver %s: %w", s.solver.Name, err)
	}
	s.cmd, s.stdin, s.data = cmd, stdin, make(chan datum, 4)
	go func(data chan<- datum, stderr *capped) {
		r := bufio.NewReaderSize(stdout, 1<<16)
		for {
			x, err := readDatum(r)
			if err != nil {
				werr := cmd.Wait()
				if err == io.EOF || err == io.ErrUnexpectedEOF {
					err = fmt.Errorf("the solver exited (%v)", werr)
					if msg := stderr.String(); msg != "" {
						err = fmt.Errorf("%w: %s", err, msg)
					}
				}
				data <- datum{err: err}
				close(data)
				return
			}
			data <- datum{x: x}
		}
	}(s.data, s.stderr)
	return nil
}

// stop kills the solver and waits for it.
func (s *session) stop() {
	if s.cmd == nil {
		return
	}
	s.stdin.Close()
	s.cmd.Process.Kill()
	for range s.data {
	}
	s.cmd = nil
}

// send writes commands, starting the solver if none runs.
func (s *session) send(text string) error {
	if s.cmd == nil {
		if err := s.start(); err != nil {
			return err
		}
	}
	// A solver that stops reading would block the write forever: it is
	// bounded by the wall clock too.
	done := make(chan error, 1)
	go func(w io.Writer) {
		_, err := io.WriteString(w, text)
		done <- err
	}(s.stdin)
	timer := time.NewTimer(s.limit + s.grace())
	defer timer.Stop()
	select {
	case err := <-done:
		if err != nil {
			s.stop()
			return fmt.Errorf("writing to the solver: %w", err)
		}
		return nil
	case <-timer.C:
		s.stop()
		<-done
		return errTimeout
	}
}

// next waits for one answer until the wall-clock deadline. Any failure
// stops the solver: what it prints next would no longer match what we ask.
func (s *session) next(deadline time.Duration) (*sx, error) {
	timer := time.NewTimer(deadline)
	defer timer.Stop()
	select {
	case d, ok := <-s.data:
		if !ok {
			s.cmd = nil
			return nil, errors.New("the solver is gone")
		}
		if d.err != nil {
			s.stop()
			return nil, d.err
		}
		if d.x.head() == "error" {
			s.stop()
			msg := d.x.String()
			if len(d.x.list) == 2 {
				msg = strings.Trim(d.x.list[1].atom, `"`)
			}
			return nil, fmt.Errorf("solver error: %s", msg)
		}
		return d.x, nil
	case <-timer.C:
		s.stop()
		return nil, errTimeout
	}
}

// check sends commands ending in (check-sat) and returns sat, unsat or
// unknown with the solver's reason.
func (s *session) check(commands string) (answer, reason string, err error) {
	if err := s.send(commands + "(check-sat)\n"); err != nil {
		return "", "", err
	}
	x, err := s.next(s.limit + s.grace())
	if err != nil {
		return "", "", err
	}
	switch a := x.atom; {
	case x.isList:
		s.stop()
		return "", "", fmt.Errorf("unexpected answer %s", x)
	case a == "sat" || a == "unsat":
		return a, "", nil
	case a == "unknown":
		if err := s.send("(get-info :reason-unknown)\n"); err != nil {
			return a, "", nil
		}
		r, err := s.next(s.grace())
		if err != nil || !r.isList || len(r.list) != 2 {
			return a, "", nil
		}
		return a, strings.Trim(r.list[1].String(), `"|`), nil
	}
	s.stop()
	return "", "", fmt.Errorf("unexpected answer %q", x.atom)
}

// values asks the model for terms; the answer is in the order asked (a
// solver may print a term back in another spelling).
func (s *session) values(terms []string) ([]*sx, error) {
	if len(terms) == 0 {
		return nil, nil
	}
	if err := s.send("(get-value (" + strings.Join(terms, " ") + "))\n"); err != nil {
		return nil, err
	}
	x, err := s.next(s.limit + s.grace())
	if err != nil {
		return nil, err
	}
	if !x.isList || len(x.list) != len(terms) {
		s.stop()
		return nil, fmt.Errorf("unexpected model %s", x)
	}
	out := make([]*sx, len(terms))
	for i, pair := range x.list {
		if !pair.isList || len(pair.list) != 2 {
			s.stop()
			return nil, fmt.Errorf("unexpected model entry %s", pair)
		}
		out[i] = pair.list[1]
	}
	return out, nil
}
