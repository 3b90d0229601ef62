package campaign

import (
	"context"
	"flag"
	"os"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"reuselab/rules/eval"
)

// TestMain lets the test binary act as a rule pack's evaluation child,
// and starts Beam (a test binary is no worker: Init returns).
func TestMain(m *testing.M) {
	eval.MaybeChild()
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

// onPrism runs a pipeline on prism in this process, its workers on
// loopback: what reuselab-campaign does by default.
func onPrism(ctx context.Context, p *beam.Pipeline) error {
	_, err := prism.Execute(ctx, p)
	return err
}
