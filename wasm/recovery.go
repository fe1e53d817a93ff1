//go:build js && wasm

package main

import (
	"os"

	"github.com/hack-pad/safejs"
	"github.com/kubeplay/kubeplay/core/session"
)

// recoveryHandlers are the exports the page's crash recovery uses (see
// assets/recovery.js):
//
//	linkFiles(state)  {files, editor} of a share link, without replaying it:
//	                  what the page offers when the link cannot be opened
//	exit()            stops the Go program, as a crash does; the page's
//	                  recovery tests (scripts/e2e) use it to break the core
func (b *bridge) recoveryHandlers(h map[string]handler) {
	h["linkFiles"] = func(args []safejs.Value) (any, error) {
		state, err := argString(args, 0)
		if err != nil {
			return nil, err
		}
		files, editor, err := session.LinkFiles(state)
		if err != nil {
			return nil, err
		}
		if files == nil {
			files = []session.File{}
		}
		return jsonString(struct {
			Files  []session.File `json:"files"`
			Editor string         `json:"editor"`
		}{files, editor})
	}
	h["exit"] = func([]safejs.Value) (any, error) {
		os.Exit(3)
		return nil, nil
	}
}
