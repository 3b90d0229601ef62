package reduce_test

import (
	"testing"

	"reuselab/reduce"
	"reuselab/reuse"
)

// The evaluation checker found two unsound rules about Power, whose engine
// node is PositiveClampedPow, pow(max(x, 0), y). These witnesses keep them
// fixed: each must evaluate alike raw and optimised, under the reference
// passes, reuse-2.0 and identities.
var powWitnesses = map[string]string{
	// Folding pow(-2, 2) by plain pow gave 4 where the asset computes 0.
	"negative-base-fold": `Shader(Name="M_PowFold")
{
    Outputs = { float Alpha; Base.Opacity = Alpha; }
    Graph = { Alpha = pow(-2.0, 2.0); }
}
`,
	// identities rewrote pow(x, 1) to x, wrong for x < 0.
	"pow-x-one": `Shader(Name="M_PowOne")
{
    Properties = { float A = 0.75; float B = 0.25; }
    Outputs = { float Alpha; Base.Opacity = Alpha; }
    Graph = {
        float d = B - A;
        Alpha = pow(d, 1.0);
    }
}
`,
}

func TestPowWitnessesStaySound(t *testing.T) {
	engines := []reuse.Engine{reference}
	for _, pack := range []string{"reuse-2.0", "identities"} {
		engines = append(engines, packEngine(t, pack))
	}
	for name, src := range powWitnesses {
		for _, e := range engines {
			n, fail, known := checkEngine(src, e, 64, 7)
			if n == 0 || fail != "" || known != "" {
				t.Errorf("%s under %s: products %d, failure %q, known %q", name, reduce.Label(e), n, fail, known)
			}
		}
	}
}
