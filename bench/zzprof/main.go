package main

import (
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"time"

	"reuselab/bench/gen"
	"reuselab/compiler"
	"reuselab/compiler/passes"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	t := time.Now()
	cfg := gen.Config{Nodes: n, Seed: 42, DupRate: 0.3, Branches: max(1, n/500)}
	src, _ := gen.Program(cfg)
	fmt.Println("gen", time.Since(t), len(src))
	t = time.Now()
	mod, ds := compiler.CompileFile("x.dsm", compiler.Options{ReadFile: func(p string) ([]byte, error) {
		if p == "x.dsm" {
			return []byte(src), nil
		}
		return nil, fs.ErrNotExist
	}})
	fmt.Println("compile", time.Since(t), ds.HasErrors(), len(mod.Products[0].Nodes))
	t = time.Now()
	r := passes.Run(mod.Products[0], passes.Options{Mode: "2.0"})
	fmt.Println("passes", time.Since(t), r.Graph.Len(), r.Rounds)
	for _, p := range r.Passes { fmt.Println(p) }
}
