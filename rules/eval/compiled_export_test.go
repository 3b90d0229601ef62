package eval

// WithTrace is opt with a trace of every evaluation's derived facts.
func WithTrace(opt Options, trace func(derived []string)) Options {
	opt.trace = trace
	return opt
}
