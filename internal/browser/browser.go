// Package browser drives Debian's headless chromium for the tests of the
// pages reuselab writes (`view`, `compile --format html`): load a page,
// let its scripts run, read back the DOM or a screenshot. A test that
// needs the browser skips, with a message, when there is none.
package browser

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"reuselab/internal/tooltest"
)

// Chromium returns the browser binary: $REUSELAB_CHROMIUM, else chromium
// or chromium-browser on PATH; it skips t when there is none.
func Chromium(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		// a page test starts a browser, seconds each: the fast subset
		// leaves them to the full run
		t.Skip("-short: the browser tests run in the full suite (go test ./...)")
	}
	if p := os.Getenv("REUSELAB_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	tooltest.Skip(t, "chromium", "no chromium on PATH (Debian: apt-get install -y chromium; or set REUSELAB_CHROMIUM)")
	return ""
}

// run runs headless chromium on url with extra flags and returns stdout.
// Virtual time lets the page's timers run without waiting.
func run(t testing.TB, url string, extra ...string) []byte {
	t.Helper()
	bin := Chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=60000"}, extra...)
	cmd := exec.CommandContext(ctx, bin, append(args, url)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, LastLines(stderr.String(), 20))
	}
	return out
}

// URL is the file:// address of the page at path (absolute), with an
// optional #fragment.
func URL(path, fragment string) string {
	u := "file://" + path
	if fragment != "" {
		u += "#" + fragment
	}
	return u
}

// DOM loads url and returns the DOM after the page's scripts ran.
func DOM(t testing.TB, url string) string {
	t.Helper()
	return string(run(t, url, "--dump-dom"))
}

// Screenshot loads url in a width×height window and writes what it drew
// to png.
func Screenshot(t testing.TB, url, png string, width, height int) {
	t.Helper()
	run(t, url, "--hide-scrollbars", "--screenshot="+png, "--window-size="+strconv.Itoa(width)+","+strconv.Itoa(height))
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Fatalf("chromium wrote no screenshot to %s: %v", png, err)
	}
}

// Attr is the value of attribute name in the start tag tag, "" when it
// has none.
func Attr(tag, name string) string {
	m := regexp.MustCompile(`\s` + regexp.QuoteMeta(name) + `="([^"]*)"`).FindStringSubmatch(tag)
	if m == nil {
		return ""
	}
	return m[1]
}

// LastLines is the last n lines of s.
func LastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
