package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPreloadModules(t *testing.T) {
	files := map[string][]byte{
		"index.html": []byte(`<html><head><script src=app.js type=module></script></head><body></body></html>`),
		"app.js":     []byte(`import{a}from"./a.js";import"./side.js";const w=new Worker("worker.js");import("./late.js");`),
		"a.js":       []byte(`export{b}from"./lib/b.js";`),
		"lib/b.js":   []byte(`import {c} from "../a.js"; export const b = 1;`),
		"side.js":    []byte(`fetch("i18n/en/page.json")`),
		"late.js":    []byte(`import"./a.js"`),
		"worker.js":  []byte(`importScripts("wasm_exec.js")`),
	}
	got, err := preloadModules(files, "app.js")
	if err != nil {
		t.Fatal(err)
	}
	want := `<link rel=modulepreload href=a.js><link rel=modulepreload href=lib/b.js><link rel=modulepreload href=side.js></head>`
	if !strings.Contains(string(got), want) {
		t.Errorf("index.html is\n%s\nwant the preloads\n%s", got, want)
	}
	files["a.js"] = []byte(`import"./gone.js"`)
	if _, err := preloadModules(files, "app.js"); err == nil || !strings.Contains(err.Error(), "gone.js") {
		t.Errorf("a missing import: err %v, want one naming gone.js", err)
	}
}

// The real page: every module app.js imports is preloaded, and fingerprinting
// gives the links the modules' hashed names.
func TestPreloadModulesPage(t *testing.T) {
	files, err := minifyAssets(os.DirFS(filepath.Join("..", "..", "assets")))
	if err != nil {
		t.Fatal(err)
	}
	if files["index.html"], err = preloadModules(files, "app.js"); err != nil {
		t.Fatal(err)
	}
	files["wasm_exec.js"] = []byte(`globalThis.Go=class{}`)
	files["kubeplay.wasm"] = []byte("\x00asm")
	site := fingerprintTest(t, files)
	page := site["index.html"]
	for _, m := range []string{"dom.js", "i18n.js", "rpc.js", "prerender.js", "highlight.js", "prose.js", "theme.js"} {
		if !strings.Contains(page, "<link rel=modulepreload href="+final(t, site, m)+">") {
			t.Errorf("index.html does not preload %s: %s", final(t, site, m), page[:min(len(page), 3000)])
		}
	}
	if strings.Contains(page, "modulepreload href="+final(t, site, "worker.js")) || strings.Contains(page, "modulepreload href="+final(t, site, "app.js")) {
		t.Errorf("index.html preloads the worker or app.js itself")
	}
}
