package gen

// Embedded is the generated half of the default corpus (bench/corpus/
// generated): sizes from a small material to a large one, and duplicate
// rates from rare to common, at fixed seeds so that the files never change
// unless the generator does.
func Embedded() []Config {
	return []Config{
		{Nodes: 60, Seed: 1, DupRate: 0.1, Branches: 1},
		{Nodes: 150, Seed: 2, DupRate: 0.3, Branches: 2},
		{Nodes: 400, Seed: 3, DupRate: 0.2, Branches: 3},
		{Nodes: 400, Seed: 4, DupRate: 0.5, Branches: 3},
		{Nodes: 1000, Seed: 5, DupRate: 0.3, Branches: 6},
		{Nodes: 2500, Seed: 6, DupRate: 0.4, Branches: 10},
	}
}

// EmbeddedDSS is the `.dss` part of the generated corpus: the same sizes,
// seeds and rates as Embedded written in 2.0, so that a bench run puts the
// two languages side by side on programs of one shape.
func EmbeddedDSS() []Config {
	var out []Config
	for _, c := range Embedded() {
		c.Lang = "dss"
		out = append(out, c)
	}
	return out
}
