package eval

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
)

// The parent reads what a child sends within a budget: the child's stdout
// is kept up to outcomeCap bytes, and a gob message that says it is longer
// is refused before it is read (gob itself accepts up to 8 GB), so that a
// child that sends too much costs the parent a bounded amount of memory
// and a diagnostic, whatever the pack made it send.

// outcomeCap bounds the bytes of the outcome of an evaluation over nodes
// build nodes: a fixed part (diagnostics, proofs, a profile) and a part a
// node (its live, keep and class entries, a fold, an alias, recorded
// signatures), far above what any evaluation the driver runs sends.
func outcomeCap(nodes int) int64 {
	return 64<<20 + int64(nodes)*(2<<10)
}

// errTooLong is a message past the cap.
type errTooLong struct{ n, max int64 }

func (e *errTooLong) Error() string {
	if e.n < 0 {
		return fmt.Sprintf("sent more than the %d MiB an outcome may take", e.max>>20)
	}
	return fmt.Sprintf("sent a message of %d bytes, more than the %d MiB an outcome may take", e.n, e.max>>20)
}

// gobLimit passes a gob stream through, refusing any message (gob writes
// each as its length, then its bytes) longer than max.
type gobLimit struct {
	r      io.Reader
	max    int64
	left   int64  // bytes of the current message not yet passed
	header []byte // the length just read, not yet passed
	err    error
}

func (l *gobLimit) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if len(l.header) == 0 && l.left == 0 {
		if l.err = l.readHeader(); l.err != nil {
			return 0, l.err
		}
	}
	if len(l.header) > 0 {
		k := copy(p, l.header)
		l.header = l.header[k:]
		return k, nil
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	k, err := l.r.Read(p)
	l.left -= int64(k)
	if err == io.EOF && l.left > 0 {
		err = io.ErrUnexpectedEOF
	}
	return k, err
}

// readHeader reads a message's length as gob writes an unsigned integer:
// one byte below 128, else the negated count of the big-endian bytes that
// follow.
func (l *gobLimit) readHeader() error {
	var b [9]byte
	if _, err := io.ReadFull(l.r, b[:1]); err != nil {
		return err
	}
	n, size := uint64(b[0]), 1
	if b[0] >= 0x80 {
		k := int(-int8(b[0]))
		if k < 1 || k > 8 {
			return fmt.Errorf("not a gob message length (%#x)", b[0])
		}
		if _, err := io.ReadFull(l.r, b[1:1+k]); err != nil {
			return io.ErrUnexpectedEOF
		}
		n = 0
		for _, c := range b[1 : 1+k] {
			n = n<<8 | uint64(c)
		}
		size = 1 + k
	}
	if n > uint64(l.max) {
		return &errTooLong{n: int64(min(n, 1<<62)), max: l.max}
	}
	l.header, l.left = append([]byte(nil), b[:size]...), int64(n)
	return nil
}

// cappedBuffer keeps the first max bytes written to it and counts the
// rest: a one-shot child's stdout.
type cappedBuffer struct {
	max  int64
	buf  []byte
	over int64
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	room := c.max - int64(len(c.buf))
	if room >= int64(len(p)) {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	c.buf = append(c.buf, p[:max(room, 0)]...)
	c.over += int64(len(p)) - max(room, 0)
	return len(p), nil
}

// receive decodes one outcome from dec (reading through a gobLimit) and
// caps it (capOutcome).
func receive(dec *gob.Decoder, o *Outcome) error {
	if err := dec.Decode(o); err != nil {
		return err
	}
	capOutcome(o)
	return nil
}

// outcome decodes the outcome a one-shot child wrote.
func (c *cappedBuffer) outcome() (*Outcome, error) {
	if c.over > 0 {
		return nil, &errTooLong{n: int64(len(c.buf)) + c.over, max: c.max}
	}
	var o Outcome
	if err := receive(gob.NewDecoder(&gobLimit{r: bytes.NewReader(c.buf), max: c.max}), &o); err != nil {
		return nil, err
	}
	return &o, nil
}

// tooLong reports whether err is a message past the cap.
func tooLong(err error) bool {
	var e *errTooLong
	return errors.As(err, &e)
}
