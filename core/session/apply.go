package session

import (
	"regexp"
	"strings"

	"github.com/kubeplay/kubeplay/core/manifest"
)

// ApplyResult is what applying the editor's text did.
type ApplyResult struct {
	// OK is set when the text decoded and kubectl apply succeeded.
	OK bool `json:"ok"`
	// File is the name the text was kept under (editor-N.yaml) when it
	// decoded.
	File string `json:"file,omitempty"`
	// Errors are the decoding errors, each at its place in the text. When
	// no document decoded the cluster is unchanged and File is empty;
	// otherwise kubectl apply ran on the text and applied the documents
	// that decoded, as it does.
	Errors []ApplyError `json:"errors"`
	// Invalid are the API server's validation errors of the objects
	// applied, each placed at the line its field path names.
	Invalid []ApplyError `json:"invalid,omitempty"`
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

// decodeErrors decodes text as kubectl apply would and returns its errors,
// each document's, and how many objects decoded: kubectl's builder
// (ContinueOnError) applies those and reports the others' errors, and a
// problem of the stream itself (its size, its YAML) ends it after the
// documents before it.
func decodeErrors(text string) (errs []ApplyError, decoded int) {
	src := []byte(text)
	docs, all := manifest.DecodeDocumentsEach(src)
	errs = []ApplyError{}
	for _, me := range all {
		for _, e := range append([]*manifest.Error{me}, me.More...) {
			if e.Doc == 0 {
				e.Doc = me.Doc
			}
			errs = append(errs, ApplyError{
				Doc: e.Doc, Item: e.Item, Line: e.Line, Column: e.Column, Path: e.Path,
				Class: e.Class.String(), Message: e.ServerMessage(), Text: e.Error(), Source: e.SourceLine(src),
			})
		}
	}
	return errs, len(docs)
}

// invalidObject is the first line kubectl prints for a StatusError of
// reason Invalid (StandardErrorMessage in k8s.io/kubectl/pkg/cmd/util):
// `The Deployment "web" is invalid: ` and then one cause, or a "* " line
// per cause.
var invalidObject = regexp.MustCompile(`^The (\S+) "([^"]+)" is invalid: ?(.*)$`)

// serverErrors positions the API server's validation errors that kubectl
// printed in stderr for the editor: each cause's field path, looked up in
// the text applied, gives its line. The server names fields, not lines;
// a learner needs the line (the selector/template mismatch, for one).
// Causes whose object or field the text does not hold are left out: the
// console still shows them.
func serverErrors(text, stderr string) []ApplyError {
	var out []ApplyError
	kind, name := "", ""
	add := func(cause string) {
		path, _, found := strings.Cut(cause, ": ")
		if !found || kind == "" {
			return
		}
		doc, line, col, ok := manifest.Locate([]byte(text), kind, name, path)
		if !ok {
			return
		}
		// The cause names its path already; manifest.Error words the place.
		at := &manifest.Error{Doc: doc, Line: line, Column: col, Path: path, Msg: cause}
		out = append(out, ApplyError{Doc: doc, Line: line, Column: col, Path: path, Class: "invalid", Message: cause,
			Text: at.Error(), Source: at.SourceLine([]byte(text))})
	}
	for _, l := range strings.Split(stderr, "\n") {
		if m := invalidObject.FindStringSubmatch(l); m != nil {
			kind, name = m[1], m[2]
			if m[3] != "" {
				add(m[3])
			}
			continue
		}
		if cause, isCause := strings.CutPrefix(l, "* "); isCause {
			add(cause)
			continue
		}
		kind = ""
	}
	return out
}
