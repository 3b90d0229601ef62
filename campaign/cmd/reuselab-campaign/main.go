// Command reuselab-campaign runs reuselab's sweeps and soundness searches
// as Apache Beam pipelines: on prism, in this process, by default; on a
// portable job server (Flink, Spark) or Dataflow with Beam's flags
// (--runner, --endpoint, --environment_type, --project, …). See the
// README's "Campaigns" section.
//
//	reuselab-campaign sweep [--lang dsm,dss] [--nodes 200,1000] [--dup-rate 0.3] [--branches 2] [--seeds N] [--seed-from S] [--modes …] [--rules …] [--out DIR] [PATH…]
//	reuselab-campaign search --rules PACK [--seeds N] [--wave W] [--witnesses N] [--budget D] [--graphs G] [--out DIR]
//
// Exit status as reuselab's: 0 done, 1 findings (failed elements, stopped
// runs, witnesses), 2 usage or I/O.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"reuselab/campaign"

	"reuselab/rules/eval"
)

const (
	exitOK       = 0
	exitFindings = 1
	exitUsage    = 2
)

func main() {
	// A rule pack evaluates in a child process: this binary, re-executed.
	eval.MaybeChild()
	if len(os.Args) < 2 || strings.HasPrefix(os.Args[1], "-") {
		// A Beam worker is started with flags only (--worker, --id, …):
		// beam.Init serves as the worker and does not return.
		flag.Parse()
		beam.Init()
		usage(os.Stderr)
		os.Exit(exitUsage)
	}
	var code int
	switch cmd, args := os.Args[1], os.Args[2:]; cmd {
	case "sweep":
		code = runSweep(args, os.Stdout, os.Stderr)
	case "search":
		code = runSearch(args, os.Stdout, os.Stderr)
	case "help", "-h", "--help":
		usage(os.Stdout)
	default:
		fmt.Fprintf(os.Stderr, "reuselab-campaign: unknown command %q\n", cmd)
		usage(os.Stderr)
		code = exitUsage
	}
	os.Exit(code)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage:
  reuselab-campaign sweep  [grid flags] [--modes none,1x,2.0] [--rules PACK…] [--out DIR] [Beam flags] [PATH…]
  reuselab-campaign search --rules PACK [--seeds N] [--witnesses N] [--budget D] [--out DIR] [Beam flags]
Runs on prism in this process unless --runner says otherwise (flink, spark, universal, dataflow).
reuselab-campaign COMMAND -h lists a command's flags, Beam's among them.
`)
}

// parse parses a command's flags on the command line's set, where Beam's
// packages put theirs, and starts Beam (a no-op in the launcher).
func parse(name string, args []string, stderr io.Writer) ([]string, int, bool) {
	fs := flag.CommandLine
	verbose := fs.Bool("v", false, "also Beam's and prism's log lines (job states, workers)")
	fs.Init("reuselab-campaign "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil, exitOK, false
		}
		return nil, exitUsage, false
	}
	// Flags after the first PATH too, as reuselab's commands take them.
	var pos []string
	rest := fs.Args()
	for len(rest) > 0 {
		pos = append(pos, rest[0])
		if err := fs.Parse(rest[1:]); err != nil {
			return nil, exitUsage, false
		}
		rest = fs.Args()
	}
	if !*verbose {
		// prism logs every job's states at INFO: the progress lines say
		// what a user needs.
		beamlog.LogLevel = "warn" // beam.Init sets the logger up
	}
	beam.Init()
	return pos, exitOK, true
}

// inProcess reports whether the workers run in this process (prism
// without an endpoint): the records may then go to a local temporary file
// and the progress lines count the workers' elements.
func inProcess() bool {
	r := *runners.Runner
	ep := flag.Lookup("endpoint")
	return (r == "" || r == "prism") && (ep == nil || ep.Value.String() == "")
}

// recordsAndProgress fills a run's records path (a temporary file when
// the workers run in this process and none was given) and, in this
// process, its progress writer; clean removes what it made.
func recordsAndProgress(records *string, progress *io.Writer, stderr io.Writer) (clean func(), err error) {
	clean = func() {}
	if *records == "" {
		if !inProcess() {
			return clean, errors.New("--records: a runner other than prism in this process needs a path its workers can write (gs://…)")
		}
		path, rm, err := campaign.TempRecords()
		if err != nil {
			return clean, err
		}
		*records, clean = path, rm
	}
	if inProcess() {
		*progress = stderr
	}
	return clean, nil
}

func run(ctx context.Context, p *beam.Pipeline) error { return beamx.Run(ctx, p) }
