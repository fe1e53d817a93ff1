//go:build js && wasm

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The ops table is the one list of the operations: each op is named once,
// its call spells its name, its kinds are known, and ops() tells the
// worker exactly the table's kinds.
func TestOpsTable(t *testing.T) {
	b := &bridge{}
	seen := map[string]bool{}
	for _, o := range b.ops() {
		if seen[o.name] {
			t.Errorf("op %s is listed twice", o.name)
		}
		seen[o.name] = true
		if !strings.HasPrefix(o.call, o.name+"(") || o.doc == "" || o.fn == nil {
			t.Errorf("op %s: call %q, doc %q: want the call to start %s( and a doc and a function", o.name, o.call, o.doc, o.name)
		}
		if o.result != resultValue && o.result != resultJSON {
			t.Errorf("op %s: result kind %q", o.name, o.result)
		}
		if o.view != viewKept && o.view != viewAfter && o.view != viewIsResult {
			t.Errorf("op %s: view effect %q", o.name, o.view)
		}
		if o.view == viewIsResult && o.result != resultJSON {
			t.Errorf("op %s answers with the view, which is JSON, but its result kind is %q", o.name, o.result)
		}
	}
	h := b.handlers()
	out, err := h["ops"](nil)
	if err != nil {
		t.Fatal(err)
	}
	var info map[string]opInfo
	if err := json.Unmarshal([]byte(out.(string)), &info); err != nil {
		t.Fatal(err)
	}
	for _, o := range b.ops() {
		if got := info[o.name]; got != (opInfo{Result: o.result, View: o.view, Session: o.session}) {
			t.Errorf("ops() says %s is %+v", o.name, got)
		}
	}
	if len(info) != len(b.ops()) || len(h) != len(b.ops())+1 {
		t.Errorf("ops() lists %d ops and export installs %d functions, for %d ops in the table", len(info), len(h), len(b.ops()))
	}
}

// The page's scripts call only ops of the table, by the names it gives:
// a renamed or removed op fails here, not in a user's browser.
func TestScriptsCallOnlyTableOps(t *testing.T) {
	b := &bridge{}
	known := []string{"ops"}
	for _, o := range b.ops() {
		known = append(known, o.name)
	}
	calls := regexp.MustCompile(`\b(?:rpc|call|act)\("([a-zA-Z]+)"`)
	scripts, err := filepath.Glob("../assets/*.js")
	if err != nil || len(scripts) < 3 {
		t.Fatalf("the page's scripts: %v %v", scripts, err)
	}
	total := 0
	for _, f := range scripts {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		found := calls.FindAllStringSubmatch(string(src), -1)
		total += len(found)
		for _, m := range found {
			if !slices.Contains(known, m[1]) {
				t.Errorf("%s calls %q, which is not in the ops table", f, m[1])
			}
		}
	}
	if total < 10 {
		t.Fatalf("only %d op calls found in %d scripts; the pattern is stale", total, len(scripts))
	}
}
