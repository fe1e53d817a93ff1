// Command deepcopygen writes core/api's typed deep copies,
// core/api/zz_generated_deepcopy.go: a DeepCopyInto method for every named
// struct type a served kind reaches, as upstream's deepcopy-gen writes
// zz_generated.deepcopy.go. api.DeepCopy uses them instead of reflection,
// which was more than a quarter of a large rollout's allocations.
//
//	go generate ./core/api     # or: go run ./scripts/deepcopygen
//
// It reads the types by reflection from the compiled package, so a change
// that removes or retypes a field may first need the generated file
// deleted (api.DeepCopy falls back to reflection without it). The test
// next to it fails while the file is not current.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("out", "core/api/zz_generated_deepcopy.go", "the file to write")
	flag.Parse()
	src, err := generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
