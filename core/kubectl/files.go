package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// readFiles reads -f arguments (FilenameParam) and stops at the first
// document that cannot be used: what replace -f and diff -f need.
func (e *env) readFiles(names []string) ([]*info, error) {
	infos, err := e.readFilesEach(names)
	if err != nil {
		return nil, err
	}
	for _, in := range infos {
		if in.err != nil {
			return nil, in.err
		}
	}
	return infos, nil
}

// readFilesEach reads -f arguments as the builder does with
// ContinueOnError: each name is looked up in Input.Files, "-" reads
// Input.Stdin, and every document becomes an info, in order; one that
// cannot be used (a kind the cluster does not serve, a strict decoding
// error, ...) is an info carrying its error, so the caller can act on the
// others and report it. Every object gets its namespace the way the
// builder's NamespaceParam/DefaultNamespace/RequireNamespace do. The
// error returned is fatal: a missing file.
func (e *env) readFilesEach(names []string) ([]*info, error) {
	var out []*info
	for _, name := range names {
		src, source := "", name
		if name == "-" {
			src, source = e.in.Stdin, "STDIN"
		} else {
			text, ok := e.in.Files[name]
			if !ok {
				return nil, fmt.Errorf("the path %q does not exist", name)
			}
			src = text
		}
		docs, errs := manifest.DecodeDocumentsEach([]byte(src))
		// Documents and their errors, interleaved in stream order (an
		// error without a document number ends the stream).
		for len(docs) > 0 || len(errs) > 0 {
			if len(errs) > 0 && (len(docs) == 0 || errs[0].Doc != 0 && errs[0].Doc < docs[0].Doc) {
				out = append(out, e.errorInfo(errs[0], source))
				errs = errs[1:]
				continue
			}
			d := docs[0]
			docs = docs[1:]
			in, err := e.infoFor(d, source)
			if err != nil {
				out = append(out, &info{source: source, err: err, clientErr: true})
				continue
			}
			if in != nil {
				out = append(out, in)
			}
		}
	}
	return out, nil
}

// infoFor is the builder's info for one decoded document, or nil for an
// object of no served kind.
func (e *env) infoFor(d manifest.Document, source string) (*info, error) {
	k := api.KindOf(d.Object)
	if k == nil {
		return nil, nil
	}
	m := d.Object.GetObjectMeta()
	ns := m.Namespace
	if k.Namespaced {
		switch {
		case ns == "":
			ns = e.namespace
		case e.explicitNS && ns != e.namespace:
			return nil, fmt.Errorf("the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", ns, e.namespace, ns)
		}
	} else {
		ns = ""
	}
	raw := d.JSON() // the file's own JSON, as kubectl holds it
	return &info{kind: k, namespace: ns, name: m.Name, obj: d.Object, source: source, manifest: raw}, nil
}

// errorInfo is the info of a document that failed to decode. When only
// the API server would have refused it (a strict decoding or type error:
// kubectl itself holds the document as unstructured), its kind and name
// are known, so get -f and delete -f can still find the object by name.
func (e *env) errorInfo(me *manifest.Error, source string) *info {
	in := &info{source: source, err: manifestError(source, me), clientErr: isClientError(me)}
	if k, ok := api.LookupKind(me.Kind); ok && !in.clientErr && me.Name != "" {
		in.kind, in.name, in.namespace = k, me.Name, ""
		if k.Namespaced {
			in.namespace = me.Namespace
			if in.namespace == "" {
				in.namespace = e.namespace
			}
		}
		in.obj = k.New()
		m := in.obj.GetObjectMeta()
		m.Name, m.Namespace = in.name, in.namespace
	}
	return in
}

// isClientError reports whether kubectl finds a decoding problem itself,
// while building the object list (syntax, apiVersion/kind, no kind match),
// rather than the API server when the object is sent.
func isClientError(err *manifest.Error) bool {
	switch err.Class {
	case manifest.ClassSyntax, manifest.ClassLimit, manifest.ClassTypeMeta, manifest.ClassNoKindMatch:
		return true
	}
	return false
}

// readObjectArgs is the common start of apply, create -f and replace -f:
// no positional arguments, a valid -o and --dry-run, and at least one object
// read from the -f files ("no objects passed to create"). For apply and
// create (ContinueOnError) a document that failed is an info with its
// error; replace stops at the first.
func readObjectArgs(e *env, c *command, fs *flagSet, args []string, verb string) ([]*info, dryRun, error) {
	if len(args) != 0 {
		return nil, dryRunNone, usageErrorf(c, "Unexpected args: %v", args)
	}
	if err := checkOutput(fs); err != nil {
		return nil, dryRunNone, err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return nil, dryRunNone, err
	}
	read := e.readFilesEach
	if verb == "replace" {
		read = e.readFiles
	}
	infos, err := read(fs.strings("filename"))
	if err != nil {
		return nil, dryRunNone, err
	}
	if len(infos) == 0 {
		return nil, dryRunNone, errors.New("no objects passed to " + verb)
	}
	if dry != dryRunClient { // a client-side dry run sends no request
		for _, in := range infos {
			if in.err == nil {
				e.touch(in.kind)
			}
		}
	}
	return infos, dry, nil
}

// canonicalJSON is a typed object's JSON with sorted keys, for objects
// kubectl builds itself rather than reads from a file (create deployment
// --save-config). Unlike Document.JSON, fields set to their zero value are
// missing.
func canonicalJSON(obj api.Object) ([]byte, error) {
	raw, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	return json.Marshal(m)
}

// manifestError words a decoding failure as kubectl reports it. Problems
// kubectl finds itself (syntax, apiVersion/kind, unknown kinds) are client
// errors; strict decoding and type errors come back from the API server
// as BadRequest, named after the file (kubectl's default
// --validate=strict is server-side field validation).
func manifestError(source string, err error) error {
	var me *manifest.Error
	if !errors.As(err, &me) {
		return fmt.Errorf("error parsing %s: %v", source, err)
	}
	switch me.Class {
	case manifest.ClassSyntax, manifest.ClassLimit:
		return fmt.Errorf("error parsing %s: %s", source, me.Msg)
	case manifest.ClassTypeMeta:
		return fmt.Errorf("error validating %q: %s; if you choose to ignore these errors, turn validation off with --validate=false", source, me.Msg)
	case manifest.ClassNoKindMatch:
		return fmt.Errorf("resource mapping not found for name: %q namespace: %q from %q: %s\nensure CRDs are installed first", me.Name, me.Namespace, source, me.Msg)
	}
	return addSourceToErr("creating", source, apiserver.NewBadRequest(me.ServerMessage()))
}
