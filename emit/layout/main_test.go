package layout_test

import (
	"os"
	"testing"

	"reuselab/internal/tooltest"
)

// TestMain names the tests skipped for want of a tool at the end of the run.
func TestMain(m *testing.M) { os.Exit(tooltest.Run(m)) }
