//go:build js && wasm

// The embedded examples for the page: the menu (examples, in the order
// exampleOrder gives), one example's archive and its translated
// description, and the embedded-archive helpers lessons.go shares
// (checkName, embedded).

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/core/scenario"
	"github.com/kubeplay/kubeplay/core/session"
	"golang.org/x/tools/txtar"
)

// exampleInfo describes one embedded example for the page's menu: its
// title (the first line of its opening comment, as scenario.Scenario.Title)
// and its files.
type exampleInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Lang is the language of Title: lang, or "en" where the example has
	// no translation in it.
	Lang  string         `json:"lang"`
	Files []session.File `json:"files"`
}

// exampleOrder is the teaching order of the examples, as the Deployments
// page of the Kubernetes documentation walks through them; examples not
// named here follow, by name.
var exampleOrder = []string{
	"create", "rolling-update", "rollover", "rollback", "scale", "proportional-scaling",
	"pause-resume", "failed-deployment", "crash-loop", "quota-failure", "recreate", "cleanup-policy",
	"canary", "service-endpoints", "self-healing",
	// Configuration: ConfigMaps, Secrets and what the kubelet does with them.
	"config-app", "config-update", "config-missing-key", "config-missing-secret", "config-missing-volume",
	"ingress", "hpa-no-metrics", "hpa-scaling", "drain-pdb", "pvc-pending",
	"controller-manager-restart", "client-side-throttling", "runtime-class", "cloud-node",
	// Pods: native sidecars.
	"sidecar",
}

// examples lists the embedded scenarios, their titles in lang.
func examples(lang string) ([]exampleInfo, error) {
	entries, err := fs.ReadDir(assets.Scenarios, "scenarios")
	if err != nil {
		return nil, err
	}
	var list []exampleInfo
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txtar")
		if !ok {
			continue
		}
		data, err := fs.ReadFile(assets.Scenarios, "scenarios/"+e.Name())
		if err != nil {
			return nil, err
		}
		// The menu needs no more than the archive's title and files, so
		// the page's start does not wait for every script to be parsed
		// (scenario.Parse, when an example is loaded, checks the rest).
		a := txtar.Parse(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")))
		info := exampleInfo{Name: name, Title: title(a.Comment), Lang: "en", Files: []session.File{}}
		if t, ok := localTitle(assets.Scenarios, "scenarios/"+lang+"/"+name+".md"); ok && lang != "en" {
			info.Title, info.Lang = t, lang
		}
		for _, f := range a.Files {
			info.Files = append(info.Files, session.File{Name: f.Name, Text: string(f.Data)})
		}
		list = append(list, info)
	}
	rank := func(name string) int {
		if i := slices.Index(exampleOrder, name); i >= 0 {
			return i
		}
		return len(exampleOrder)
	}
	slices.SortStableFunc(list, func(a, b exampleInfo) int {
		if ra, rb := rank(a.Name), rank(b.Name); ra != rb {
			return ra - rb
		}
		return strings.Compare(a.Name, b.Name)
	})
	return list, nil
}

// checkName refuses a name that is not one file of an embedded folder.
func checkName(what, name string) error {
	if name == "" || strings.ContainsAny(name, "/\\") || strings.HasPrefix(name, ".") {
		return fmt.Errorf("no %s %q", what, name)
	}
	return nil
}

// title is the first line of a script's opening comment, "" if it opens
// with a command.
func title(script []byte) string {
	for line := range strings.Lines(string(script)) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "#"); ok {
			return strings.TrimPrefix(rest, " ")
		}
		return ""
	}
	return ""
}

// example returns the archive of the named example and its file name.
func example(name string) ([]byte, string, error) {
	return embedded(assets.Scenarios, "scenarios", "example", name)
}

// localExample puts the example's description in lang, where it has a
// translation that fits it (the tests see that every shipped one does);
// r.Lang says which language the page got.
func localExample(r *session.LoadResult, name, lang string) {
	sub, err := fs.Sub(assets.Scenarios, "scenarios")
	if err != nil {
		return
	}
	if doc, got, err := scenario.LocalDoc(sub, name, lang, r.Doc); err == nil && got != "en" {
		r.Translated(doc, got)
	}
}

// localTitle is the first line of an embedded translation, for a menu.
func localTitle(fsys fs.FS, file string) (string, bool) {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return "", false
	}
	t, _, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
	return strings.TrimSpace(t), t != ""
}

// embedded returns the archive NAME.txtar of an embedded folder, and its
// file name; what names the kind of file in the error.
func embedded(fsys fs.FS, dir, what, name string) ([]byte, string, error) {
	if err := checkName(what, name); err != nil {
		return nil, "", err
	}
	file := name + ".txtar"
	data, err := fs.ReadFile(fsys, dir+"/"+file)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "", fmt.Errorf("no %s %q", what, name)
	}
	return data, file, err
}
