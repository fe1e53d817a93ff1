//go:build js && wasm

package main

import (
	"os"

	"github.com/hack-pad/safejs"
	"github.com/kubeplay/kubeplay/core/session"
)

// recoveryOps are the ops the page's crash recovery uses (see
// assets/recovery.js): linkFiles reads a share link's files without
// replaying it, what the page offers when the link cannot be opened; exit
// stops the Go program as a crash does, for the page's recovery tests
// (scripts/e2e).
func recoveryOps() []op {
	return []op{
		{name: "linkFiles", call: "linkFiles(state)", doc: "a share link's files and editor text, not replayed: {files, editor}",
			result: resultJSON, fn: func(args []safejs.Value) (any, error) {
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
			}},
		{name: "exit", call: "exit()", doc: "stop the Go program, as a crash would", result: resultValue,
			fn: func([]safejs.Value) (any, error) {
				os.Exit(3)
				return nil, nil
			}},
	}
}
