package rules

import "testing"

func TestBuiltinPacksLoad(t *testing.T) {
	for _, name := range BuiltinNames() {
		p, ds := Builtin(name)
		if p == nil || ds.HasErrors() {
			t.Errorf("%s: %s", name, ds.String())
			continue
		}
		if p.Name != name || p.Claims == "" || p.Touches == "" {
			t.Errorf("%s: header name %q claims %q touches %q", name, p.Name, p.Claims, p.Touches)
		}
	}
}
