package bench

import (
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
