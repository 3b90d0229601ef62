package diag

import (
	"fmt"
	"strings"
	"testing"
)

// Report prints at most MaxPerFile diagnostics per file and one "N more"
// line, and leaves the list whole: an error past the cap still fails the
// compile.
func TestReportCapsAndKeepsTheList(t *testing.T) {
	var l List
	for i := 0; i < MaxPerFile+50; i++ {
		l.Warnf(Pos{File: "a.dsm", Line: i + 1, Col: 1}, "DSH5275", "warning %d", i)
	}
	l.Errorf(Pos{File: "a.dsm", Line: 9999, Col: 1}, "DSH4200", "the error past the cap")
	l.Errorf(Pos{File: "b.dsm", Line: 1, Col: 1}, "DSH4200", "b's one error")
	out := l.Report()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if want := MaxPerFile + 1 + 1; len(lines) != want {
		t.Fatalf("%d lines printed, want %d", len(lines), want)
	}
	more := fmt.Sprintf("a.dsm:%d:1: info %s: 51 more diagnostics in this file not shown", MaxPerFile, CodeMore)
	if lines[MaxPerFile] != more {
		t.Errorf("line %d is %q, want %q", MaxPerFile, lines[MaxPerFile], more)
	}
	if !strings.Contains(out, "b's one error") {
		t.Error("the cap of one file hid another file's diagnostic")
	}
	if len(l.Items) != MaxPerFile+52 || !l.HasErrors() {
		t.Errorf("Report changed the list: %d items, errors %v", len(l.Items), l.HasErrors())
	}
	if c := l.Capped(MaxPerFile); len(c.Items) != MaxPerFile+2 {
		t.Errorf("Capped: %d items", len(c.Items))
	}
}
