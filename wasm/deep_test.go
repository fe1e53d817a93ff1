//go:build js && wasm

package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// deepLevels is how deep each hostile input nests. The JavaScript engine's
// stack (about 1 MB in V8, Node.js and Chromium alike) overflowed at 2,000 to
// 3,000 nested {range} actions before the core bounded its recursion, and an
// overflow inside a wasm export leaves the Go runtime dead for good, so every
// input here goes well past that.
const deepLevels = 10000

// deepInputs are kubectl lines that nest deepLevels times through each
// recursive parser and evaluator the console can reach.
func deepInputs() map[string]string {
	n := deepLevels
	rep := strings.Repeat
	nestedJSON := rep(`{"a":`, n) + `1` + rep(`}`, n)
	nestedArray := rep(`[`, n) + rep(`]`, n)
	fields := rep(".a", n)
	return map[string]string{
		"jsonpath nested range": `kubectl get pods -o jsonpath='` + rep(`{range .items[*]}`, n) + rep(`{end}`, n) + `'`,
		"jsonpath long chain":   `kubectl get pods -o jsonpath='{` + fields + `}'`,
		"jsonpath many actions": `kubectl get pods -o jsonpath='` + rep(`{.kind}`, n) + `'`,
		"jsonpath filters":      `kubectl get pods -o jsonpath='{.items` + rep(`[?(@.a)]`, n) + `}'`,
		"jsonpath unions":       `kubectl get pods -o jsonpath='{.items[` + rep(`0,`, n) + `0]}'`,
		"sort-by nested range":  `kubectl get pods --sort-by='` + rep(`{range .items[*]}`, n) + rep(`{end}`, n) + `'`,
		"sort-by long chain":    `kubectl get pods --sort-by='{` + fields + `}'`,
		"custom-columns chain":  `kubectl get pods -o custom-columns='A:` + fields + `'`,
		"custom-columns range":  `kubectl get pods -o custom-columns='A:` + rep(`{range .items[*]}`, n) + `'`,
		"custom-columns many":   `kubectl get pods -o custom-columns='` + rep(`A:.kind,`, n) + `B:.kind'`,
		"wait jsonpath":         `kubectl wait deploy/web --timeout=1s --for=jsonpath='{` + fields + `}'=1`,
		"label selector parens": `kubectl get pods -l 'a in (` + rep(`(`, n) + `'`,
		"label selector many":   `kubectl get pods -l '` + rep(`a=b,`, n) + `a=b'`,
		"field selector many":   `kubectl get pods --field-selector '` + rep(`metadata.name=a,`, n) + `metadata.name=a'`,
		"merge patch":           `kubectl patch deploy web --type merge -p '` + nestedJSON + `'`,
		"strategic patch":       `kubectl patch deploy web -p '` + nestedJSON + `'`,
		"strategic patch array": `kubectl patch deploy web -p '{"spec":{"template":{"spec":{"containers":` + nestedArray + `}}}}'`,
		"json patch value":      `kubectl patch deploy web --type json -p '[{"op":"add","path":"/metadata/labels","value":` + nestedJSON + `}]'`,
		"json patch nested":     `kubectl patch deploy web --type json -p '` + nestedArray + `'`,
		"yaml patch":            `kubectl patch deploy web -p '` + rep(`[`, n) + `'`,
		"dry-run patch":         `kubectl patch deploy web --dry-run=client --type merge -p '` + nestedJSON + `'`,
		"annotate nested quote": `kubectl annotate deploy web a='` + rep(`"'"'"`, n) + `'`,
	}
}

// deepErrors are the errors some of the deep inputs must get, in
// kubectl's words ("error parsing jsonpath TEMPLATE, REASON", as
// cli-runtime's JSONPathPrinter says it; the YAML converter's limit).
var deepErrors = map[string]string{
	"jsonpath nested range": "too many range actions: 10000, the limit is 100",
	"sort-by nested range":  "too many range actions: 10000, the limit is 100",
	"merge patch":           "manifest nests deeper than 100 levels; the limit is 100",
	"strategic patch":       "manifest nests deeper than 100 levels; the limit is 100",
	"json patch value":      "manifest nests deeper than 100 levels; the limit is 100",
	"yaml patch":            "manifest nests deeper than 100 levels; the limit is 100",
	"dry-run patch":         "manifest nests deeper than 100 levels; the limit is 100",
	"json patch nested":     "manifest nests deeper than 100 levels; the limit is 100",
	"strategic patch array": "manifest nests deeper than 100 levels; the limit is 100",
}

// TestDeepInputsCannotKillTheCore runs each hostile line through the bridge
// and then checks the core still answers: a stack overflow would surface as
// "Go program has already exited" on the next call, or kill the test binary.
func TestDeepInputsCannotKillTheCore(t *testing.T) {
	_, call := api(t)
	call("create", 1)
	var out struct {
		Stdout string `json:"stdout"`
		Stderr string `json:"stderr"`
		Exit   int    `json:"exit"`
	}
	if json.Unmarshal([]byte(call("run", "kubectl create deployment web --image=nginx:1.25")), &out); out.Exit != 0 {
		t.Fatalf("create: %+v", out)
	}
	call("tick", 5)
	inputs := deepInputs()
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		out.Stdout, out.Stderr, out.Exit = "", "", 0
		if err := json.Unmarshal([]byte(call("run", inputs[name])), &out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		t.Logf("%s: exit %d: %.200s", name, out.Exit, out.Stdout+out.Stderr)
		if want, ok := deepErrors[name]; ok && (out.Exit == 0 || !strings.Contains(out.Stderr, want)) {
			t.Errorf("%s: exit %d, stderr %.300q; want the error %q", name, out.Exit, out.Stderr, want)
		}
		out.Stdout, out.Stderr, out.Exit = "", "", 0
		if json.Unmarshal([]byte(call("run", "kubectl get deploy web -o name")), &out); out.Exit != 0 || out.Stdout != "deployment.apps/web\n" {
			t.Fatalf("after %s the core answers %+v", name, out)
		}
	}
}
