package front

import "reuselab/ir"

// LookupClass finds the engine class (package ir's table) a written `UE.`
// class name means: exactly (short name, class name, `/Script/` path or
// alias), else ignoring case when one class alone answers. folded says the
// written spelling is not one the class has. Both front ends look engine
// classes up here and part only in what a folded match is worth: the 1.x
// front end accepts it with a DSH5276 warning (L19), the 2.0 one refuses the
// call and offers the class's name instead (LANGUAGE-DSS §3.6).
func LookupClass(written string) (cls *ir.CatalogClass, folded bool) {
	if c, ok := ir.LookupClass(written); ok {
		return c, false
	}
	if c, ok := ir.LookupClassFold(written); ok {
		return c, true
	}
	return nil, false
}
