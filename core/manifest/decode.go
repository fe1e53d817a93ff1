package manifest

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// Decode reads a stream of YAML or JSON documents (JSON is YAML) and
// returns their objects in order: one per document, or one per item of a
// v1 List document. Empty, comment-only and null documents are skipped, as
// kubectl skips them.
//
// On failure it returns a *Error for the first problem, by document order.
// No input makes it panic, and inputs over MaxBytes, nested deeper than
// MaxDepth or aliasing more than MaxAliasNodes are refused before any
// expensive work.
func Decode(src []byte) ([]api.Object, error) {
	docs, err := DecodeDocuments(src)
	if err != nil {
		return nil, err
	}
	objs := make([]api.Object, len(docs))
	for i, d := range docs {
		objs[i] = d.Object
	}
	return objs, nil
}

// DecodeDocuments is Decode keeping where each object came from, so an
// editor can map objects back to their text.
func DecodeDocuments(src []byte) (docs []Document, err error) {
	defer func() {
		// A panic is a bug (here, in goccy, or in an API type's
		// UnmarshalJSON); the playground must survive it. The fuzz test
		// fails on this message, so bugs are still found.
		if r := recover(); r != nil {
			docs, err = nil, &Error{Class: ClassSyntax, Msg: fmt.Sprintf("manifest: internal error: %v", r)}
		}
	}()
	if len(src) > MaxBytes {
		return nil, &Error{Class: ClassLimit,
			Msg: fmt.Sprintf("manifest is %s; the limit is %s", sizeText(len(src)), sizeText(MaxBytes))}
	}
	chunks, serr := split(src)
	if serr != nil {
		return nil, serr
	}
	aliasTotal := 0
	for i, ch := range chunks {
		root, err := parseChunk(ch, i+1, &aliasTotal)
		if err != nil {
			return nil, err
		}
		if root == nil {
			continue
		}
		d := &decoder{doc: i + 1}
		got, err := d.decodeObject(root)
		if err != nil {
			return nil, err
		}
		docs = append(docs, got...)
	}
	return docs, nil
}

// DecodeDocumentsEach is DecodeDocuments for a stream whose documents
// are handled one by one, as kubectl's builder visits them with
// ContinueOnError: a document that fails (an unmappable kind, a missing
// apiVersion, a strict decoding or type error) gives its error, in order
// with the others, and the next document is still read. A problem of the
// stream itself (its size, YAML syntax) ends it there, after the
// documents before it, as the stream decoder does.
func DecodeDocumentsEach(src []byte) (docs []Document, errs []*Error) {
	defer func() {
		if r := recover(); r != nil {
			errs = append(errs, &Error{Class: ClassSyntax, Msg: fmt.Sprintf("manifest: internal error: %v", r)})
		}
	}()
	if len(src) > MaxBytes {
		return nil, []*Error{{Class: ClassLimit,
			Msg: fmt.Sprintf("manifest is %s; the limit is %s", sizeText(len(src)), sizeText(MaxBytes))}}
	}
	chunks, serr := split(src)
	if serr != nil {
		return nil, []*Error{serr}
	}
	aliasTotal := 0
	for i, ch := range chunks {
		root, err := parseChunk(ch, i+1, &aliasTotal)
		if err != nil {
			return docs, append(errs, err)
		}
		if root == nil {
			continue
		}
		d := &decoder{doc: i + 1}
		got, err := d.decodeObject(root)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		docs = append(docs, got...)
	}
	return docs, errs
}

// sizeText spells a size for people: "1.5 MiB", or bytes when MiB would
// round to the limit itself.
func sizeText(n int) string {
	const mib = 1 << 20
	switch {
	case n%mib == 0:
		return fmt.Sprintf("%d MiB", n/mib)
	case n > mib+mib/20:
		return fmt.Sprintf("%.1f MiB", float64(n)/mib)
	}
	return fmt.Sprintf("%d bytes", n)
}
