package eval

// Diagnostic codes of evaluating a rule pack, in the tools range (D5: codes
// upstream lacks are minted in its ranges; package rules/pack has those of
// loading one, DSH9300–9303). Each is printed as
// FILE:LINE:COL: error DSHnnnn: message, pointing at the pack.
const (
	// CodePackRuntime: evaluation failed (division by zero, a type error in
	// a builtin, an engine panic).
	CodePackRuntime = "DSH9304"
	// CodeFactLimit: evaluation created more facts than the limit allows.
	CodeFactLimit = "DSH9305"
	// CodeTimeout: evaluation ran past the wall-clock limit.
	CodeTimeout = "DSH9306"
	// CodePackOutput: the pack derived something the driver cannot apply
	// (a fold with missing components, an alias to a later node…).
	CodePackOutput = "DSH9307"
	// CodeChild: the evaluation process died or spoke nonsense, or its
	// limits are invalid.
	CodeChild = "DSH9308"
	// CodeDisagree: validate found the engines disagreeing on an asset.
	CodeDisagree = "DSH9309"
	// CodeMemory: evaluation passed the memory limit; the child was stopped.
	CodeMemory = "DSH9310"
)
