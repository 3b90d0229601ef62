package rules

// MaybeChild serves an evaluation when this process was started as the
// evaluation child; it returns otherwise.
func MaybeChild() {}
