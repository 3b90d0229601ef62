package main

import (
	"flag"
	"fmt"

	"reuselab/compiler/dss"
)

// catalogFlag adds --catalog to fs: what a `.dss` binds against
// (pipeline.Options.Catalog). catalog reads it after Parse.
func catalogFlag(fs *flag.FlagSet) (catalog func() (dss.Catalog, error)) {
	name := fs.String("catalog", "engine", "what a .dss binds UE./Substrate. calls and attributes against: engine (reuselab's class table) or test (upstream's test catalog, the one the ir goldens were dumped with)")
	return func() (dss.Catalog, error) {
		switch *name {
		case "engine":
			return dss.EngineCatalog, nil
		case "test":
			return dss.TestCatalog, nil
		}
		return dss.EngineCatalog, fmt.Errorf("unknown --catalog %q (engine or test)", *name)
	}
}
