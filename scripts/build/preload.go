package main

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Module preloads. The browser finds a module's imports only once it has
// fetched that module, so app.js's graph arrives a level at a time (app.js,
// then its 30 imports, then theirs), each level behind the HTML parser and
// the page's other work on the main thread: measured with `bench
// -waterfall`, the modules were requested ~250 ms after app.js on a
// first visit. A <link rel="modulepreload"> for every module of the graph
// lets the preload scanner request them all with app.js, as the HTML's
// first bytes arrive. The list is read from the modules' own imports, as
// fingerprint.go reads references, and the links name the sources' names:
// fingerprinting rewrites them with the rest of index.html.

// staticImports matches the specifiers of import ... from "x", export ...
// from "x" and import "x": what the browser loads before running a module
// (not import(), a Worker or importScripts, which load later or elsewhere).
var staticImports = regexp.MustCompile(`(?:\bfrom|\bimport)\s*["']([^"']+)["']`)

// moduleGraph returns the modules entry imports, directly or not, sorted
// (entry itself excluded).
func moduleGraph(files map[string][]byte, entry string) ([]string, error) {
	seen := map[string]bool{entry: true}
	todo := []string{entry}
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		for _, m := range staticImports.FindAllSubmatch(files[name], -1) {
			ref := string(m[1])
			if strings.Contains(ref, ":") || strings.HasPrefix(ref, "/") {
				return nil, fmt.Errorf("%s imports %q: the page's modules import only each other, by relative name", name, ref)
			}
			dep := path.Join(path.Dir(name), ref)
			if _, ok := files[dep]; !ok {
				return nil, fmt.Errorf("%s imports %q, which is not in the build", name, ref)
			}
			if !seen[dep] {
				seen[dep] = true
				todo = append(todo, dep)
			}
		}
	}
	delete(seen, entry)
	return slices.Sorted(func(yield func(string) bool) {
		for k := range seen {
			if !yield(k) {
				return
			}
		}
	}), nil
}

// preloadModules writes a modulepreload link for each module of entry's
// graph at the end of index.html's head.
func preloadModules(files map[string][]byte, entry string) ([]byte, error) {
	index := files["index.html"]
	mods, err := moduleGraph(files, entry)
	if err != nil {
		return nil, err
	}
	if bytes.Count(index, []byte("</head>")) != 1 {
		return nil, fmt.Errorf("index.html needs exactly one </head> for the module preloads")
	}
	var links bytes.Buffer
	for _, m := range mods {
		fmt.Fprintf(&links, `<link rel=modulepreload href=%s>`, m)
	}
	links.WriteString("</head>")
	return bytes.Replace(index, []byte("</head>"), links.Bytes(), 1), nil
}
