//go:build js && wasm

// Command floor is a measuring stick, not a program to run: the smallest
// js/wasm binary that links what Kubeplay cannot do without — Go's runtime,
// the standard library packages its core leans on (encoding/json, reflect,
// fmt, time, strconv, text/tabwriter, syscall/js) and goccy's YAML parser —
// with none of Kubeplay's own code. `go run ./scripts/wasmsize` builds it
// and prints its size next to kubeplay.wasm's: a lower bound for any
// download budget met with Go's toolchain.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"syscall/js"
	"text/tabwriter"
	"time"

	"github.com/goccy/go-yaml/parser"
)

type object struct {
	Name   string            `json:"name"`
	Labels map[string]string `json:"labels,omitempty"`
}

func main() {
	// Each call keeps its package's main paths linked in.
	var o object
	_ = json.Unmarshal([]byte(os.Args[0]), &o)
	b, _ := json.Marshal(o)
	f, _ := parser.ParseBytes(b, 0)
	w := tabwriter.NewWriter(os.Stdout, 0, 8, 3, ' ', 0)
	fmt.Fprintln(w, f, reflect.TypeOf(o), strconv.Quote(o.Name), strings.ToUpper(o.Name), time.Unix(0, 0).UTC().Format(time.RFC3339))
	w.Flush()
	sort.Strings(os.Args)
	js.Global().Set("floor", js.FuncOf(func(js.Value, []js.Value) any { return nil }))
	select {}
}
