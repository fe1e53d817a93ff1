package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// readFiles reads -f arguments (FilenameParam): each name is looked up in
// Input.Files, "-" reads Input.Stdin. Every object gets its namespace the
// way the builder's NamespaceParam/DefaultNamespace/RequireNamespace do.
func (e *env) readFiles(names []string) ([]*info, error) {
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
		docs, err := manifest.DecodeDocuments([]byte(src))
		if err != nil {
			return nil, manifestError(source, err)
		}
		for _, d := range docs {
			k := api.KindOf(d.Object)
			if k == nil {
				continue
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
			out = append(out, &info{kind: k, namespace: ns, name: m.Name, obj: d.Object, source: source, manifest: raw})
		}
	}
	return out, nil
}

// readObjectArgs is the common start of apply, create -f and replace -f:
// no positional arguments, a valid -o and --dry-run, and at least one object
// read from the -f files ("no objects passed to create").
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
	infos, err := e.readFiles(fs.strings("filename"))
	if err != nil {
		return nil, dryRunNone, err
	}
	if len(infos) == 0 {
		return nil, dryRunNone, errors.New("no objects passed to " + verb)
	}
	if dry != dryRunClient { // a client-side dry run sends no request
		for _, in := range infos {
			e.touch(in.kind)
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
		return fmt.Errorf("resource mapping not found for name: %q namespace: %q from %q: %s\nensure CRDs are installed first", "", "", source, me.Msg)
	}
	return addSourceToErr("creating", source, apiserver.NewBadRequest(me.ServerMessage()))
}
