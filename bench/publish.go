package bench

import "reuselab/outfile"

// A report is published whole or not at all: its files are written into a
// temporary folder beside the output folder, which then takes the output
// folder's place in one rename (outfile.ReplaceDir). A run killed or failing
// part-way leaves the previous report as it was; a run stopped by SIGINT or
// SIGTERM also removes its temporary folder (the command's signal handler,
// outfile.RemoveTemporaries). Two runs on one folder each publish a report
// of their own, never a mix: a lock beside the folder makes the second one
// stop at once (LockOut).
//
// Publishing replaces the folder, so only a folder bench wrote is replaced:
// one holding outfile.MarkerName from bench, or an empty one. Any other
// folder, a report of a bench from before the marker included, is refused
// and left as it is.

// outTool is the command named in a report folder's marker.
const outTool = "bench"

// Publish writes a report into dir through write, which gets the folder to
// fill. dir must be absent, empty or a report bench wrote (CheckOut).
func Publish(dir string, write func(tmp string) error) error {
	return outfile.ReplaceDir(dir, outTool, write)
}

// CheckOut says, before any work, whether Publish could write a report to
// dir: a folder of its own name, absent, empty or a report bench wrote, in
// a parent folder this process can create entries in. A refusal of a folder
// bench did not write is an *outfile.NotOwnedError.
func CheckOut(dir string) error {
	return outfile.CheckReplace(dir, outTool)
}
