package main

import (
	"flag"
	"io"
	"net"
	"sort"
	"strings"
	"testing"
	"time"
)

// isZeroDefault decides without a String that would panic: a TextVar's
// Value is no pointer, and its zero would marshal through a nil
// interface; it and Func's count as zero only when their default is
// empty. Pointer Values compare the default with their zero's String.
func TestIsZeroDefault(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.String("empty", "", "")
	fs.String("set", "x", "")
	fs.Int("zero", 0, "")
	fs.Duration("second", time.Second, "")
	fs.Func("func", "", func(string) error { return nil })
	var ip net.IP
	fs.TextVar(&ip, "ip", net.IPv4(127, 0, 0, 1), "")
	var l listFlag
	fs.Var(&l, "list", "")
	want := map[string]bool{"empty": true, "set": false, "zero": true, "second": false, "func": true, "ip": false, "list": true}
	fs.VisitAll(func(f *flag.Flag) {
		if got := isZeroDefault(f); got != want[f.Name] {
			t.Errorf("--%s (default %q): zero %v, want %v", f.Name, f.DefValue, got, want[f.Name])
		}
	})
	var b strings.Builder
	printFlags(&b, fs)
	if !strings.Contains(b.String(), `(default 127.0.0.1)`) || strings.Contains(b.String(), `(default "")`) {
		t.Errorf("help:\n%s", b.String())
	}
}

// Every command's -h lists its flags (printFlags over all of them) and
// exits 0: no flag's Value breaks the help.
func TestEveryCommandsHelp(t *testing.T) {
	var names []string
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) < 10 {
		t.Fatalf("only %d commands registered", len(names))
	}
	for _, name := range names {
		code := commands[name].run([]string{"-h"}, io.Discard, io.Discard)
		if code != exitOK {
			t.Errorf("%s -h: exit %d", name, code)
		}
	}
}
