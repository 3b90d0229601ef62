package bench

import (
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Progress returns a Config.Progress callback that draws a bar on f, but
// only when f is a terminal and only once the run has lasted a second: short
// runs and redirected output stay clean. finish clears the bar.
func Progress(f *os.File, label string) (update func(done, total int), finish func()) {
	if f == nil || !term.IsTerminal(int(f.Fd())) {
		return nil, func() {}
	}
	start := time.Now()
	var mu sync.Mutex
	var bar *progressbar.ProgressBar
	update = func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if bar == nil {
			if time.Since(start) < time.Second {
				return
			}
			bar = progressbar.NewOptions(total,
				progressbar.OptionSetWriter(f),
				progressbar.OptionSetDescription(label),
				progressbar.OptionShowCount(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionClearOnFinish(),
				// Workers report under one lock: a redraw per file would
				// make the terminal the run's serial part.
				progressbar.OptionThrottle(100*time.Millisecond),
			)
		}
		_ = bar.Set(done)
	}
	finish = func() {
		mu.Lock()
		defer mu.Unlock()
		if bar != nil {
			_ = bar.Finish()
		}
	}
	return update, finish
}

// StepBar is a progress bar over a few long steps of known expected cost
// (the scaling run: a minute, most of it in its last steps). It names the
// step running and keeps its clock moving while one step lasts. A nil
// *StepBar, what NewStepBar gives when f is not a terminal, draws nothing.
type StepBar struct {
	mu   sync.Mutex
	bar  *progressbar.ProgressBar
	stop chan struct{}
}

// NewStepBar draws on f when f is a terminal; otherwise it returns nil.
func NewStepBar(f *os.File, label string) *StepBar {
	if f == nil || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	b := &StepBar{stop: make(chan struct{})}
	b.bar = progressbar.NewOptions(1,
		progressbar.OptionSetWriter(f),
		progressbar.OptionSetDescription(label),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionShowDescriptionAtLineEnd(),
		progressbar.OptionClearOnFinish(),
	)
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-b.stop:
				return
			case <-t.C:
				b.mu.Lock()
				_ = b.bar.RenderBlank() // redraws the elapsed time
				b.mu.Unlock()
			}
		}
	}()
	return b
}

// Update sets the work done of total and names the step that runs next.
func (b *StepBar) Update(done, total int, step string) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.bar.GetMax() != total && total > 0 {
		b.bar.ChangeMax(total)
	}
	b.bar.Describe(step)
	_ = b.bar.Set(done)
}

// Above returns w wrapped so that each write first clears the bar: lines
// logged to the same terminal are not drawn over it. The next Update draws
// the bar again below them.
func (b *StepBar) Above(w io.Writer) io.Writer {
	if b == nil {
		return w
	}
	return writerFunc(func(p []byte) (int, error) {
		b.mu.Lock()
		defer b.mu.Unlock()
		_ = b.bar.Clear()
		return w.Write(p)
	})
}

// Finish clears the bar and stops its clock.
func (b *StepBar) Finish() {
	if b == nil {
		return
	}
	close(b.stop)
	b.mu.Lock()
	defer b.mu.Unlock()
	_ = b.bar.Finish()
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
