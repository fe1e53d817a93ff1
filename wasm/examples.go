//go:build js && wasm

// The embedded examples for the page: one example's archive and its
// translated description, and the embedded-archive helpers lessons.go
// shares (checkName, embedded). The menus are assets/menu's.

package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/kubeplay/kubeplay/assets"
	"github.com/kubeplay/kubeplay/core/scenario"
	"github.com/kubeplay/kubeplay/core/session"
)

// checkName refuses a name that is not one file of an embedded folder.
func checkName(what, name string) error {
	if name == "" || strings.ContainsAny(name, "/\\") || strings.HasPrefix(name, ".") {
		return fmt.Errorf("no %s %q", what, name)
	}
	return nil
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
