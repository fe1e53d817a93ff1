package kubectl

import (
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/core/kubectl/apply"
)

// runApply is `kubectl apply -f` (staging/src/k8s.io/kubectl/pkg/cmd/apply/
// apply.go): client-side apply of every object of the files, in order,
// through core/kubectl/apply; warnings on stderr, one
// "deployment.apps/web created|configured|unchanged" line per object, and
// the failures after, each named after its file. A document that fails
// does not stop the others (GetObjects builds with ContinueOnError).
func runApply(e *env, c *command, fs *flagSet, args []string) error {
	if len(fs.strings("filename")) == 0 && fs.string("kustomize") == "" {
		return errors.New("must specify one of -f and -k")
	}
	if fs.string("kustomize") != "" {
		return errors.New("-k is not available in the playground")
	}
	if fs.bool("server-side") {
		return errors.New("--server-side is not available in the playground")
	}
	infos, dry, err := readObjectArgs(e, c, fs, args, "apply")
	if err != nil {
		return err
	}
	// GetObjects' errors (documents kubectl could not map) come first;
	// Run then applies the others in turn, collecting the API server's
	// refusals, a strict decoding error among them, in their place.
	var errs []error
	for _, in := range infos {
		if in.err != nil && in.clientErr {
			errs = append(errs, in.err)
		}
	}
	for _, in := range infos {
		if in.err != nil {
			if !in.clientErr {
				errs = append(errs, in.err)
			}
			continue
		}
		if cause, ok := e.recordedCause(); ok {
			// apply records before it computes the configuration to save,
			// so the change-cause is part of last-applied-configuration.
			e.record(in.obj)
			if in.manifest, err = apply.SetAnnotation(in.manifest, changeCauseAnnotation, cause); err != nil {
				return err
			}
		}
		if dry != dryRunNone {
			_, gerr := e.cluster.Server().Get(in.kind, in.namespace, in.name)
			op := "configured"
			if gerr != nil {
				op = "created"
			}
			if err := e.printName(in, in.obj, op+dry.suffix(), fs.string("output")); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		res, err := apply.Apply(e.cluster.Server(), in.obj, in.manifest, apply.Options{Namespace: in.namespace, EnforceNamespace: e.explicitNS})
		if err != nil {
			var ae *apply.Error
			if errors.As(err, &ae) {
				err = ae.WithSource(in.source)
			}
			errs = append(errs, err)
			continue
		}
		writeLines(e.errOut, res.Warnings...)
		if err := e.printName(in, res.Object, string(res.Operation), fs.string("output")); err != nil {
			errs = append(errs, fmt.Errorf("%v", err))
		}
	}
	return newAggregate(errs)
}
