package main

import (
	"flag"
	"fmt"

	"reuselab/compiler/dss"
)

// dssCatalog is what compileObserved binds a `.dss` against: set once per
// run by --catalog (compile, check), like passes.CheckIR by --check-ir.
var dssCatalog = dss.EngineCatalog

// catalogFlag adds --catalog to fs; apply checks and sets it after Parse,
// and its restore puts the default back when the command returns, so that
// a command run after it in the same process (tests) binds as before.
func catalogFlag(fs *flag.FlagSet) (apply func() (restore func(), err error)) {
	name := fs.String("catalog", "engine", "what a .dss binds UE./Substrate. calls and attributes against: engine (reuselab's class table) or test (upstream's test catalog, the one the ir goldens were dumped with)")
	return func() (func(), error) {
		restore := func() { dssCatalog = dss.EngineCatalog }
		switch *name {
		case "engine":
			dssCatalog = dss.EngineCatalog
		case "test":
			dssCatalog = dss.TestCatalog
		default:
			return restore, fmt.Errorf("unknown --catalog %q (engine or test)", *name)
		}
		return restore, nil
	}
}
