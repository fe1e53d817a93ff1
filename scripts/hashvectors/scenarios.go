package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var (
	// fileMarker is a txtar file header line: "-- name --".
	fileMarker = regexp.MustCompile(`(?m)^-- (.+) --$`)
	// objectName is a manifest's metadata.name.
	objectName = regexp.MustCompile(`(?m)^metadata:\n(?:  .*\n)*?  name: (\S+)`)
)

// scenarioVectors makes a vector of every distinct Deployment document in
// the scenarios' manifests, named after the first scenario that has it and
// the Deployment.
func scenarioVectors(dir string) ([]vector, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []vector
	seen := map[string]bool{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		scenario := strings.TrimSuffix(filepath.Base(path), ".txtar")
		text := string(data)
		marks := fileMarker.FindAllStringSubmatchIndex(text, -1)
		for i, m := range marks {
			end := len(text)
			if i+1 < len(marks) {
				end = marks[i+1][0]
			}
			for _, doc := range strings.Split(text[m[1]:end], "\n---") {
				doc = strings.TrimLeft(doc, "-\n")
				if !strings.Contains(doc, "\nkind: Deployment\n") || seen[doc] {
					continue
				}
				seen[doc] = true
				name := objectName.FindStringSubmatch(doc)
				if name == nil {
					return nil, fmt.Errorf("%s: a Deployment without metadata.name", path)
				}
				out = append(out, vector{name: "scenario-" + scenario + "-" + name[1], manifest: strings.TrimRight(doc, "\n") + "\n", collisionCounts: nilOnly})
			}
		}
	}
	return out, nil
}
