package emit

import "reuselab/ir"

// classInfo is what the emitter needs of an engine class: its input pins
// and outputs in engine order. All use of the shared catalog (ir/catalog*.go,
// owned by the compiler) goes through lookupClass, so a change there touches
// one function here.
type classInfo struct {
	pins []string
	outs []string
}

func lookupClass(name string) (classInfo, bool) {
	c, ok := ir.LookupClass(name)
	if !ok {
		return classInfo{}, false
	}
	var ci classInfo
	for _, p := range c.Pins {
		ci.pins = append(ci.pins, p.Name)
	}
	for _, o := range c.Outputs {
		ci.outs = append(ci.outs, o.Name)
	}
	return ci, true
}
