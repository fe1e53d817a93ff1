package session

import (
	"errors"

	"github.com/kubeplay/kubeplay/core/manifest"
)

// ApplyResult is what applying the editor's text did.
type ApplyResult struct {
	// OK is set when the text decoded and kubectl apply succeeded.
	OK bool `json:"ok"`
	// File is the name the text was kept under (editor-N.yaml) when it
	// decoded.
	File string `json:"file,omitempty"`
	// Errors are the decoding errors, each at its place in the text; the
	// cluster is unchanged when there are any.
	Errors []ApplyError `json:"errors"`
	// Output is what kubectl apply printed (also on a server-side error
	// such as a failed validation).
	Output Output `json:"output"`
}

// ApplyError is one problem in the editor's text, positioned for the
// editor.
type ApplyError struct {
	// Doc is the 1-based document of the stream, Item the 1-based item of
	// a List (0 otherwise).
	Doc  int `json:"doc"`
	Item int `json:"item,omitempty"`
	// Line and Column are 1-based (0 when the problem has no position);
	// Column counts characters.
	Line   int `json:"line"`
	Column int `json:"column"`
	// Path is the field path ("spec.template.spec.containers[0].image").
	Path string `json:"path,omitempty"`
	// Class is what kind of problem it is (syntax, unknownfield, type...).
	Class string `json:"class"`
	// Message is worded as kubectl and the API server word it.
	Message string `json:"message"`
	// Text is the whole error as one line ("document 1, line 7, column
	// 13: ..."), Source the offending line with a caret under the column.
	Text   string `json:"text"`
	Source string `json:"source,omitempty"`
}

// decodeErrors decodes text as kubectl apply would and returns its errors:
// the first problem and the others of the same object manifest reports with
// it.
func decodeErrors(text string) []ApplyError {
	src := []byte(text)
	_, err := manifest.DecodeDocuments(src)
	if err == nil {
		return nil
	}
	var me *manifest.Error
	if !errors.As(err, &me) {
		return []ApplyError{{Doc: 0, Class: "syntax", Message: err.Error(), Text: err.Error()}}
	}
	all := append([]*manifest.Error{me}, me.More...)
	out := make([]ApplyError, 0, len(all))
	for _, e := range all {
		if e.Doc == 0 {
			e.Doc = me.Doc
		}
		out = append(out, ApplyError{
			Doc: e.Doc, Item: e.Item, Line: e.Line, Column: e.Column, Path: e.Path,
			Class: e.Class.String(), Message: e.ServerMessage(), Text: e.Error(), Source: e.SourceLine(src),
		})
	}
	return out
}
