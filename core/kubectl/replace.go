package kubectl

import (
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/core/apiserver"
)

// runReplace is `kubectl replace -f` (staging/src/k8s.io/kubectl/pkg/cmd/
// replace/replace.go): a PUT of each object; with --force, a delete and a
// create.
func runReplace(e *env, c *command, fs *flagSet, args []string) error {
	if len(fs.strings("filename")) == 0 && fs.string("kustomize") == "" {
		return errors.New("must specify one of -f and -k")
	}
	infos, dry, err := readObjectArgs(e, c, fs, args, "replace")
	if err != nil {
		return err
	}
	var errs []error
	for _, in := range infos {
		if err := e.saveConfigThenRecord(in, fs.bool("save-config")); err != nil {
			errs = append(errs, addSourceToErr("replacing", in.source, err))
			continue
		}
		in.obj.GetObjectMeta().Namespace = in.namespace
		if dry != dryRunNone {
			if err := e.printName(in, in.obj, "replaced"+dry.suffix(), fs.string("output")); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		if fs.bool("force") {
			if _, _, err := e.cluster.Server().Delete(in.kind, in.namespace, in.name, nil); err != nil && !apiserver.IsNotFound(err) {
				errs = append(errs, addSourceToErr("deleting", in.source, err))
				continue
			}
			fmt.Fprintf(e.out, "%s %q deleted%s\n", in.resourceName()[:len(in.resourceName())-len(in.name)-1], in.name, namespaceSuffix(in))
			e.waitGone(in, 0)
			obj, err := e.cluster.Server().Create(in.obj)
			if err != nil {
				errs = append(errs, addSourceToErr("replacing", in.source, err))
				continue
			}
			if err := e.printName(in, obj, "replaced", fs.string("output")); err != nil {
				errs = append(errs, err)
			}
			continue
		}
		if _, err := e.cluster.Server().Get(in.kind, in.namespace, in.name); err != nil {
			errs = append(errs, addSourceToErr("replacing", in.source, err))
			continue
		}
		obj, err := e.cluster.Server().Update(in.obj)
		if err != nil {
			errs = append(errs, addSourceToErr("replacing", in.source, err))
			continue
		}
		if err := e.printName(in, obj, "replaced", fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}
