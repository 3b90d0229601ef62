package printable

import (
	"io"
	"sync"
	"unicode/utf8"
)

// Writer passes what it is given to another writer as Block would write
// it: newline, tab and CR LF pass, every other dangerous character is
// escaped. It is the terminal's last guard: a command's stdout and stderr
// go through one, so no name printed by any path, a message composed far
// from the CLI among them, can act on the terminal. Data formats escape in
// their own syntax before they get here (JSON, DOT, Mangle strings) and
// pass unchanged.
//
// A character split across two writes is held back until it is whole, as
// is a CR at the end of a write (a CR LF may be split too); Flush writes
// what is held. Safe for concurrent use.
type Writer struct {
	mu   sync.Mutex
	w    io.Writer
	held []byte
	buf  []byte
}

// NewWriter returns a Writer onto w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write escapes p and writes it; it reports len(p) when the underlying
// write succeeds, whatever the escapes added.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	data := p
	if len(w.held) > 0 {
		data = append(w.held, p...)
		w.held = nil
	}
	cut := len(data) - incompleteTail(data)
	if cut < len(data) {
		w.held = append([]byte(nil), data[cut:]...)
	}
	if err := w.emit(data[:cut]); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what Write held back, escaped as it stands.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	held := w.held
	w.held = nil
	return w.emit(held)
}

func (w *Writer) emit(data []byte) error {
	if len(data) == 0 {
		return nil
	}
	s := string(data)
	i := firstUnsafe(s, keepLines)
	if i < 0 {
		_, err := w.w.Write(data)
		return err
	}
	w.buf = append(w.buf[:0], data[:i]...)
	w.buf = appendEscaped(w.buf, s[i:], keepLines)
	_, err := w.w.Write(w.buf)
	return err
}

// incompleteTail is how many bytes at the end of p may belong with the
// next write: the start of a UTF-8 sequence not yet whole, or a CR.
func incompleteTail(p []byte) int {
	if n := len(p); n > 0 && p[n-1] == '\r' {
		return 1
	}
	for k := 1; k <= utf8.UTFMax-1 && k <= len(p); k++ {
		c := p[len(p)-k]
		if c < utf8.RuneSelf {
			return 0
		}
		if utf8.RuneStart(c) {
			if utf8.FullRune(p[len(p)-k:]) {
				return 0
			}
			return k
		}
	}
	return 0
}
